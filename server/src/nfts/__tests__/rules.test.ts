import fc from 'fast-check';
import { Money } from '../../ledger/accounts';
import { endAfterBid, hasBidDecimals, nextMinimumBid } from '../rules';

const cents = fc.integer({ min: 1, max: 10_000_000_00 }).map((n) => new Money(n).div(100).toFixed());
const rate = fc.integer({ min: 0, max: 1000 }).map((n) => new Money(n).div(10_000).toFixed());

describe('nft rules', () => {
  it('asks for the starting bid first, then at least one increment more, to the cent (property)', () => {
    fc.assert(
      fc.property(cents, cents, rate, (starting, current, r) => {
        expect(nextMinimumBid(starting, null, r).toFixed()).toBe(new Money(starting).toFixed());
        const minimum = nextMinimumBid(starting, current, r);
        const exact = new Money(current).times(new Money(1).plus(r));
        expect(minimum.gte(exact)).toBe(true);
        expect(minimum.gt(current)).toBe(true);
        expect(minimum.minus(exact).lte('0.01')).toBe(true);
        expect(hasBidDecimals(minimum.toFixed())).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(nextMinimumBid('100', '100', '0.05').toFixed()).toBe('105');
    expect(nextMinimumBid('100', '105', '0.05').toFixed()).toBe('110.25');
    expect(nextMinimumBid('1', '1.01', '0.05').toFixed()).toBe('1.07');
  });

  it('extends only late bids, to the extension after the bid, never past the cap or backwards (property)', () => {
    const rule = { windowMs: 300_000, extensionMs: 300_000, maxExtensionMs: 3_600_000 };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 3_600_000 }),
        fc.integer({ min: 1, max: 20_000_000 }),
        (original, already, before) => {
          const endsAt = original + already;
          const at = endsAt - before;
          const after = endAfterBid(at, endsAt, original, rule);
          expect(after).toBeGreaterThanOrEqual(endsAt);
          expect(after).toBeLessThanOrEqual(Math.max(endsAt, original + rule.maxExtensionMs));
          if (before > rule.windowMs) expect(after).toBe(endsAt);
          else
            expect(after).toBe(
              Math.max(endsAt, Math.min(at + rule.extensionMs, original + rule.maxExtensionMs)),
            );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('takes whole cents only', () => {
    expect(hasBidDecimals('10')).toBe(true);
    expect(hasBidDecimals('10.25')).toBe(true);
    expect(hasBidDecimals('10.255')).toBe(false);
  });
});
