import fc from 'fast-check';
import { AttemptThrottle, Throttled } from '../attempt-throttle';

function throttleAt(start = 0, options: Partial<ConstructorParameters<typeof AttemptThrottle>[0]> = {}) {
  let now = start;
  const throttle = new AttemptThrottle({
    freeFailures: 3,
    firstLockMs: 60_000,
    maxLockMs: 15 * 60_000,
    forgetAfterMs: 60 * 60_000,
    clock: { now: () => new Date(now) },
    ...options,
  });
  return { throttle, advance: (ms: number) => (now += ms) };
}

function waitOf(throttle: AttemptThrottle, key: string): number {
  try {
    throttle.begin(key);
    return 0;
  } catch (error) {
    if (error instanceof Throttled) return error.retryAfterSeconds;
    throw error;
  }
}

describe('AttemptThrottle', () => {
  it('doubles the wait with every further failure, up to the cap', () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 3; i++) expect(waitOf(throttle, 'k')).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const wait = waitOf(throttle, 'k');
      expect(wait).toBeGreaterThan(0);
      waits.push(wait);
      advance(wait * 1000);
      expect(waitOf(throttle, 'k')).toBe(0);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900]);
  });

  it('forgets a key not tried for the forget period', () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 3; i++) waitOf(throttle, 'k');
    expect(waitOf(throttle, 'k')).toBeGreaterThan(0);
    advance(61 * 60_000);
    for (let i = 0; i < 3; i++) expect(waitOf(throttle, 'k')).toBe(0);
  });

  it('keeps at most maxKeys keys, forgetting the least recently tried', () => {
    const { throttle } = throttleAt(0, { freeFailures: 1, maxKeys: 2 });
    waitOf(throttle, 'a');
    waitOf(throttle, 'b');
    waitOf(throttle, 'c');
    expect(waitOf(throttle, 'a')).toBe(0);
    expect(waitOf(throttle, 'c')).toBeGreaterThan(0);
  });

  it('never lets more than freeFailures tries through in a row without a success, per key', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.record({ key: fc.constantFrom('a', 'b'), ok: fc.boolean() }), { maxLength: 60 }),
        (free, tries) => {
          const { throttle } = throttleAt(0, { freeFailures: free });
          const failedInRow = new Map<string, number>();
          for (const { key, ok } of tries) {
            if (waitOf(throttle, key) > 0) continue;
            const failed = (failedInRow.get(key) ?? 0) + 1;
            expect(failed).toBeLessThanOrEqual(free);
            if (ok) {
              throttle.succeeded(key);
              failedInRow.set(key, 0);
            } else failedInRow.set(key, failed);
          }
        },
      ),
    );
  });
});
