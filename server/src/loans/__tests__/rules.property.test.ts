import fc from 'fast-check';
import { loanInterest } from '@swx/shared/contract';
import { Money } from '../../ledger/accounts';
import { addDays, dayIn, dueDateOf, reminderAt, startOfDay } from '../calendar';
import {
  DAY_MS,
  allocate,
  contractInterestAt,
  overdueDayInterest,
  overdueInterestCapOf,
  owed,
  withdrawalFigures,
  type LoanBalance,
} from '../rules';

/** Amounts in cents, rates in millionths (as the parameters allow them). */
const cents = fc.integer({ min: 10_000, max: 500_000 });
const asAmount = (c: number) => new Money(c).div(100).toFixed(2);
const rate = fc.integer({ min: 0, max: 10_000 }).map((micro) => new Money(micro).div(1_000_000).toFixed());

const loanArb = fc
  .record({
    amount: cents.map(asAmount),
    term: fc.constantFrom(7, 14, 30, 60, 90),
    dailyRate: rate,
    interestFreeDays: fc.integer({ min: 0, max: 10 }),
    overdueMultiplier: fc.constantFrom('1', '1.5', '3'),
    capRate: fc.constantFrom('0', '0.05', '0.5', '1', '2'),
  })
  .map(({ amount, term, dailyRate, interestFreeDays, overdueMultiplier, capRate }) => {
    const totalInterest = loanInterest(amount, dailyRate, term, interestFreeDays);
    const loan: LoanBalance = {
      amount,
      term,
      dailyRate,
      interestFreeDays,
      totalInterest,
      overdueDailyRate: new Money(dailyRate).times(overdueMultiplier).toFixed(),
      overdueInterestCap: overdueInterestCapOf(amount, capRate),
      paidPrincipal: '0',
      paidInterest: '0',
      overdueInterest: '0',
    };
    return loan;
  });

const APPROVED = Date.UTC(2026, 10, 23, 10, 0, 0);

/** Applies a payment as the service does (interest first), returning the loan after it. */
function pay(loan: LoanBalance, offered: string, contract: Money) {
  const parts = allocate(offered, owed(loan, contract));
  return {
    parts,
    loan: {
      ...loan,
      paidPrincipal: new Money(loan.paidPrincipal).plus(parts.principal).toFixed(),
      paidInterest: new Money(loan.paidInterest).plus(parts.interest).toFixed(),
    },
  };
}

describe('loan money rules (property)', () => {
  it('repayments and a write-off add up to principal + interest accrued; nothing is negative; the cap holds', () => {
    fc.assert(
      fc.property(
        loanArb,
        fc.integer({ min: 0, max: 600_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 4 }),
        fc.boolean(),
        (start, atMaturity, overdueDays, later, writeOff) => {
          const maturity = APPROVED + (start.term + 1) * DAY_MS;
          const contract = contractInterestAt(start, APPROVED, maturity, maturity);
          expect(contract.eq(start.totalInterest)).toBe(true);
          // The collection at maturity: whatever the balance holds, at most what is due.
          let { loan, parts } = pay(start, asAmount(atMaturity), contract);
          const payments = [parts];
          // Overdue days, each on the principal left, never beyond the cap; payments in between.
          for (let day = 1; day <= overdueDays; day += 1) {
            const interest = overdueDayInterest(loan);
            expect(interest.gte(0)).toBe(true);
            loan = { ...loan, overdueInterest: new Money(loan.overdueInterest).plus(interest).toFixed() };
            expect(new Money(loan.overdueInterest).lte(loan.overdueInterestCap!)).toBe(true);
            const offer = later[day % 7];
            if (offer !== undefined && day % 7 === 0) {
              ({ loan, parts } = pay(loan, asAmount(offer), contract));
              payments.push(parts);
            }
          }
          const left = owed(loan, contract);
          expect(left.principal.gte(0) && left.interest.gte(0)).toBe(true);
          // The end: repaid in full, or written off with what is left.
          if (!writeOff) {
            ({ parts } = pay(loan, left.total.toFixed(), contract));
            payments.push(parts);
          } else payments.push({ amount: left.total, principal: left.principal, interest: left.interest });
          for (const p of payments) {
            expect(p.amount.gte(0) && p.principal.gte(0) && p.interest.gte(0)).toBe(true);
            expect(p.principal.plus(p.interest).eq(p.amount)).toBe(true);
          }
          const sum = (pick: (p: (typeof payments)[number]) => Money) =>
            payments.reduce((total, p) => total.plus(pick(p)), new Money(0));
          expect(sum((p) => p.principal).eq(start.amount)).toBe(true);
          expect(
            sum((p) => p.amount).eq(new Money(start.amount).plus(contract).plus(loan.overdueInterest)),
          ).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a withdrawal costs the principal plus the interest of the days used, never more than the term would', () => {
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 0, max: 14 * DAY_MS }), (loan, elapsed) => {
        const now = APPROVED + elapsed;
        const { amount, interest } = withdrawalFigures(loan, APPROVED, now);
        expect(interest.gte(0)).toBe(true);
        expect(amount.eq(new Money(loan.amount).plus(interest))).toBe(true);
        expect(interest.lte(loan.totalInterest)).toBe(true);
        // Accrued per day: a later day never costs less.
        const tomorrow = withdrawalFigures(loan, APPROVED, now + DAY_MS);
        expect(tomorrow.interest.gte(interest)).toBe(true);
        // Within the free days, the principal alone.
        if (Math.max(1, Math.ceil(elapsed / DAY_MS)) <= loan.interestFreeDays)
          expect(interest.isZero()).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('due dates in a stated time zone', () => {
  it('is due until 23:59:59 of the due date there, whatever the time of approval (UTC by default)', () => {
    expect(dueDateOf(APPROVED, 14, 'UTC')).toEqual({
      dueDate: '2026-12-07',
      overdueAt: Date.UTC(2026, 11, 8, 0, 0, 0),
    });
    // Approved at 10:00 UTC = 19:00 in Tokyo; due until 23:59:59 Tokyo time = 14:59:59 UTC.
    expect(dueDateOf(APPROVED, 14, 'Asia/Tokyo')).toEqual({
      dueDate: '2026-12-07',
      overdueAt: Date.UTC(2026, 11, 7, 15, 0, 0),
    });
    // Approved at 23:30 in New York (04:30 UTC the next day): its calendar day is New York's.
    const lateEvening = Date.UTC(2026, 10, 24, 4, 30, 0);
    expect(dayIn(lateEvening, 'America/New_York')).toBe('2026-11-23');
    expect(dueDateOf(lateEvening, 7, 'America/New_York').dueDate).toBe('2026-11-30');
    expect(reminderAt('2026-12-07', 'UTC')).toBe(Date.UTC(2026, 11, 6));
  });

  it('finds local midnight across daylight saving changes', () => {
    // Berlin leaves summer time on 2026-10-25: that day has 25 hours.
    expect(startOfDay('2026-10-25', 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 24, 22, 0, 0));
    expect(startOfDay('2026-10-26', 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 25, 23, 0, 0));
    // Santiago's clocks skip midnight when summer time starts (2026-09-06): the day starts at 01:00.
    const skipped = startOfDay('2026-09-06', 'America/Santiago');
    expect(dayIn(skipped, 'America/Santiago')).toBe('2026-09-06');
    expect(dayIn(skipped - 1000, 'America/Santiago')).toBe('2026-09-05');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.constantFrom('UTC', 'Asia/Tokyo', 'Europe/Berlin', 'America/New_York'),
        (offset, zone) => {
          const day = addDays('2025-01-01', offset);
          const start = startOfDay(day, zone);
          expect(dayIn(start, zone)).toBe(day);
          expect(dayIn(start - 1000, zone)).toBe(addDays(day, -1));
        },
      ),
    );
  });
});
