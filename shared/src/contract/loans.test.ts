import fc from 'fast-check';
import Decimal from 'decimal.js';
import { LOAN_AMOUNT_DP, loanAprPercent, loanInterest, loanOverdueInterestPerDay } from './loans';
import { ledgerPrecision } from './precision';
import { ageOn, isSignatureEmpty } from './kyc';

/** Amounts in cents, rates in millionths: the rule computed again in exact integers. */
const cents = fc.bigInt({ min: 1n, max: 10_000_000_00n });
const rateMicro = fc.bigInt({ min: 0n, max: 10_000n });
const days = fc.integer({ min: 0, max: 400 });
const freeDays = fc.integer({ min: 0, max: 30 });

const asAmount = (c: bigint) => new Decimal(c.toString()).div(100).toFixed(2);
const asRate = (micro: bigint) => new Decimal(micro.toString()).div(1_000_000).toFixed();

describe('the loan interest rule', () => {
  it('counts in USDT at its ledger precision (the one table)', () => {
    expect(LOAN_AMOUNT_DP).toBe(ledgerPrecision('USDT'));
  });

  it('is amount × daily rate × max(0, days − free days), rounded up to the cent', () => {
    fc.assert(
      fc.property(cents, rateMicro, days, freeDays, (amount, rate, used, free) => {
        const chargeable = BigInt(Math.max(0, used - free));
        // Exact interest in cents × 10^6; rounded up to whole cents.
        const scaled = amount * rate * chargeable;
        const expected = (scaled + 999_999n) / 1_000_000n;
        expect(loanInterest(asAmount(amount), asRate(rate), used, free)).toBe(asAmount(expected));
      }),
    );
  });

  it('charges nothing within the free days, never less for more days, and early never more than the term', () => {
    fc.assert(
      fc.property(
        cents,
        rateMicro,
        freeDays,
        fc.integer({ min: 1, max: 365 }),
        (amount, rate, free, term) => {
          const a = asAmount(amount);
          const r = asRate(rate);
          expect(loanInterest(a, r, Math.min(free, term), free)).toBe('0.00');
          const full = new Decimal(loanInterest(a, r, term, free));
          let previous = new Decimal(0);
          for (const used of [1, Math.ceil(term / 3), Math.ceil(term / 2), term]) {
            const early = new Decimal(loanInterest(a, r, used, free));
            expect(early.gte(previous)).toBe(true);
            expect(early.lte(full)).toBe(true);
            previous = early;
          }
        },
      ),
    );
  });

  it('gives an APR of 0 exactly when there is no interest, rising with the repayment', () => {
    fc.assert(
      fc.property(
        cents,
        fc.bigInt({ min: 0n, max: 1_000_00n }),
        fc.integer({ min: 1, max: 365 }),
        (amount, extra, term) => {
          const a = asAmount(amount);
          const apr = new Decimal(loanAprPercent(a, asAmount(amount + extra), term));
          expect(apr.isZero()).toBe(extra === 0n);
          const more = new Decimal(loanAprPercent(a, asAmount(amount + extra + 100n), term));
          expect(more.gte(apr)).toBe(true);
        },
      ),
    );
  });

  it('over exactly one year, the APR is the total interest as a share of the amount', () => {
    fc.assert(
      fc.property(cents, fc.bigInt({ min: 0n, max: 1_000_00n }), (amount, extra) => {
        const expected = new Decimal(extra.toString())
          .div(amount.toString())
          .mul(100)
          .toDecimalPlaces(2, Decimal.ROUND_UP)
          .toFixed(2);
        expect(loanAprPercent(asAmount(amount), asAmount(amount + extra), 365)).toBe(expected);
      }),
    );
  });

  it('charges overdue interest per day rounded up to the cent', () => {
    expect(loanOverdueInterestPerDay('500', '0.0015')).toBe('0.75');
    expect(loanOverdueInterestPerDay('333.33', '0.0015')).toBe('0.50');
  });
});

describe('KYC rules shared with the client', () => {
  it('counts whole years of age, the birthday itself included', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2010-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 100 }),
        (birth, years) => {
          const iso = birth.toISOString().slice(0, 10);
          const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
          // 29 February has no birthday in most years: skip it here, it is covered below.
          fc.pre(!(m === 2 && d === 29));
          const birthday = new Date(Date.UTC(y + years, m - 1, d));
          expect(ageOn(iso, birthday)).toBe(years);
          expect(ageOn(iso, new Date(birthday.getTime() - 1))).toBe(years === 0 ? null : years - 1);
        },
      ),
    );
    expect(ageOn('2008-02-29', new Date(Date.UTC(2026, 1, 28)))).toBe(17);
    expect(ageOn('2008-02-29', new Date(Date.UTC(2026, 2, 1)))).toBe(18);
    expect(ageOn('2001-02-29', new Date())).toBeNull();
  });

  it('refuses a pad with a dot or nothing, accepts a stroke across it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1000 }),
        fc.integer({ min: 50, max: 400 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })), { maxLength: 20 }),
        (width, height, jitter) => {
          const dot = jitter.map(([x, y]) => [40 + x, 30 + y] as [number, number]);
          expect(isSignatureEmpty({ width, height, strokes: [] })).toBe(true);
          expect(isSignatureEmpty({ width, height, strokes: [dot] })).toBe(true);
          const line: [number, number][] = [
            [10, 10],
            [width * 0.5, height * 0.5],
          ];
          expect(isSignatureEmpty({ width, height, strokes: [dot, line] })).toBe(false);
        },
      ),
    );
  });
});
