import { AVAILABILITY_DELAY_MS, AvailabilityCheck } from '../availability';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('AvailabilityCheck', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks once typing pauses, with the latest value', async () => {
    const isAvailable = jest.fn().mockResolvedValue(true);
    const onAnswer = jest.fn();
    const check = new AvailabilityCheck(isAvailable, onAnswer);
    check.schedule('ali');
    jest.advanceTimersByTime(100);
    check.schedule('alic');
    jest.advanceTimersByTime(100);
    check.schedule('alice');
    expect(isAvailable).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
    expect(isAvailable).toHaveBeenCalledTimes(1);
    expect(isAvailable).toHaveBeenCalledWith('alice');
    expect(check.state).toBe('available');
    expect(onAnswer).toHaveBeenCalledWith(true);
  });

  it('reports a taken name', async () => {
    const onAnswer = jest.fn();
    const check = new AvailabilityCheck(jest.fn().mockResolvedValue(false), onAnswer);
    check.schedule('alice');
    await jest.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
    expect(check.state).toBe('taken');
    expect(onAnswer).toHaveBeenCalledWith(false);
  });

  it('drops a slow answer for a value the customer has since changed', async () => {
    const first = deferred<boolean>();
    const isAvailable = jest.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(true);
    const onAnswer = jest.fn();
    const check = new AvailabilityCheck(isAvailable, onAnswer);
    check.schedule('alice');
    await jest.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
    expect(check.state).toBe('checking');
    check.schedule('alice2');
    await jest.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
    first.resolve(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(check.state).toBe('available');
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenCalledWith(true);
  });

  it('does not ask about a value that fails its own rule', async () => {
    const isAvailable = jest.fn();
    const check = new AvailabilityCheck(isAvailable);
    check.schedule('alice');
    check.schedule(null);
    await jest.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS * 2);
    expect(isAvailable).not.toHaveBeenCalled();
    expect(check.state).toBe('idle');
  });

  it('says nothing when the check itself fails', async () => {
    const check = new AvailabilityCheck(jest.fn().mockRejectedValue(new Error('offline')));
    check.schedule('alice');
    await jest.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
    expect(check.state).toBe('idle');
  });
});
