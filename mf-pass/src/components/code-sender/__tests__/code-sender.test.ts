import { ApiError } from '@swx/shared';
import { CodeSender, RESEND_SECONDS } from '../code-sender';

describe('CodeSender', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts 60 s down after a code was sent, then allows another', async () => {
    const sendCode = jest.fn().mockResolvedValue(undefined);
    const sender = new CodeSender(sendCode);
    expect(RESEND_SECONDS).toBe(60);
    await expect(sender.send('alice@example.com')).resolves.toBeNull();
    expect(sender.sentTo).toBe('alice@example.com');
    expect(sender.secondsLeft).toBe(60);
    expect(sender.canSend).toBe(false);

    await sender.send('alice@example.com');
    expect(sendCode).toHaveBeenCalledTimes(1);

    jest.advanceTimersByTime(59_000);
    expect(sender.secondsLeft).toBe(1);
    expect(sender.canSend).toBe(false);
    jest.advanceTimersByTime(1_000);
    expect(sender.secondsLeft).toBe(0);
    expect(sender.canSend).toBe(true);
    expect(jest.getTimerCount()).toBe(0);

    await sender.send('alice@example.com');
    expect(sendCode).toHaveBeenCalledTimes(2);
    sender.dispose();
  });

  it('starts no countdown when the server refuses, so the customer can retry at once', async () => {
    const refusal = new ApiError('429', 'Too many requests', 429);
    const sender = new CodeSender(jest.fn().mockRejectedValue(refusal));
    await expect(sender.send('alice@example.com')).resolves.toBe(refusal);
    expect(sender.secondsLeft).toBe(0);
    expect(sender.canSend).toBe(true);
    expect(sender.sending).toBe(false);
  });

  it('stops counting when the screen goes away', async () => {
    const sender = new CodeSender(jest.fn().mockResolvedValue(undefined));
    await sender.send('alice@example.com');
    sender.dispose();
    expect(jest.getTimerCount()).toBe(0);
  });
});
