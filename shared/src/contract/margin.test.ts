import fc from 'fast-check';
import Decimal from 'decimal.js';
import {
  AMOUNT_DP,
  allowedLeverages,
  equityLevel,
  exactDecimal,
  exitProblems,
  leverageCapBinds,
  liquidationPrice,
  marginTerms,
  optionOutcome,
  settle,
  unrealised,
  type MarginDirection,
} from './margin';

// Inputs in the default decimal.js (20 significant digits), as the order form has them.
const d = (x: Decimal.Value) => new Decimal(x);
const direction = fc.constantFrom<MarginDirection>('long', 'short');
/** Prices of up to 8 decimals, as the feed sends them. */
const price = fc.integer({ min: 1, max: 10_000_000_000 }).map((n) => d(n).div(1e4));
const leverage = fc.constantFrom(1, 2, 3, 5, 7, 10, 20, 30, 50, 100, 125);
/** Maintenance shares the parameter allows: 0 ≤ rate < 1. */
const maintenance = fc.integer({ min: 0, max: 99 }).map((n) => d(n).div(100));

describe('margin rules (docs/product.md, business rules)', () => {
  it('computes margin, fee, liquidation and margin-call levels as docs/product.md (business rules) states', () => {
    const terms = marginTerms(d(2), d(100), d('4000'), 20, d('0.001'));
    expect(terms.margin.toFixed()).toBe('40000'); // 2 × 100 × 4000 ÷ 20
    expect(terms.fee.toFixed()).toBe('800');
    expect(equityLevel('long', d(4000), terms.margin, terms.quantity, d('0.5')).toFixed()).toBe('3900');
    expect(equityLevel('short', d(4000), terms.margin, terms.quantity, d('0.5')).toFixed()).toBe('4100');
    expect(equityLevel('long', d(4000), terms.margin, terms.quantity, d('0.75')).toFixed()).toBe('3950');
  });

  it('liquidation level is exactly where margin + unrealised reaches the maintenance share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(1, 2, 5, 10, 20, 30),
        fc.integer({ min: 1, max: 1000 }),
        direction,
        fc.integer({ min: -5_000_000, max: 5_000_000 }),
        (cents, lev, lotsMilli, side, offset) => {
          const open = d(cents).div(100);
          const lots = d(lotsMilli).div(1000);
          const t = marginTerms(lots, d(1), open, lev, d('0.001'));
          const level = equityLevel(side, open, t.margin, t.quantity, d('0.5'));
          const at = Decimal.max(d(cents + offset).div(100), d('0.01'));
          const equity = t.margin.plus(unrealised(side, open, at, t.quantity));
          const ruleSays = equity.lte(t.margin.times('0.5'));
          const levelSays = side === 'long' ? at.lte(level) : at.gte(level);
          expect(levelSays).toBe(ruleSays);
        },
      ),
    );
  });

  it('never loses more than the margin and pays what the ledger can balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(1, 5, 20),
        direction,
        fc.integer({ min: 1, max: 100_000 }).map((n) => d(n).div(1000)),
        (openCents, closeCents, lev, side, lots) => {
          const t = marginTerms(lots, d(1), d(openCents).div(100), lev, d('0.001'));
          const s = settle(
            side,
            d(openCents).div(100),
            d(closeCents).div(100),
            t.quantity,
            t.margin,
            t.fee,
            d('0.001'),
          );
          expect(s.payout.gte(0)).toBe(true);
          expect(s.pnl.gte(t.margin.neg())).toBe(true);
          expect(s.profit.gte(t.margin.plus(t.fee).neg())).toBe(true);
          expect(s.payout.plus(s.closeFee).minus(s.pnl).eq(t.margin)).toBe(true);
          // Every posted figure is whole cents (ledger precision), so every screen shows the same digits.
          for (const figure of [s.pnl, s.closeFee, s.payout, s.profit])
            expect(figure.decimalPlaces()).toBeLessThanOrEqual(2);
        },
      ),
    );
  });

  it('judges exits by side and against liquidation', () => {
    const judge = (...args: Parameters<typeof exitProblems>) =>
      exitProblems(...args).map((p) => `${p.exit}:${p.problem}`);
    expect(judge('long', d(100), d(95), d(96), d(110))).toEqual([]);
    expect(judge('long', d(100), d(95), d(95), undefined)).toEqual(['stopLoss:liquidation']);
    expect(judge('long', d(100), d(95), d(100), undefined)).toEqual(['stopLoss:side']);
    expect(judge('long', d(100), d(95), undefined, d(100))).toEqual(['takeProfit:side']);
    expect(judge('short', d(100), d(105), d(104), d(90))).toEqual([]);
    expect(judge('short', d(100), d(105), d(105), undefined)).toEqual(['stopLoss:liquidation']);
    expect(judge('short', d(100), d(105), undefined, d(101))).toEqual(['takeProfit:side']);
    expect(judge('long', d(100), d(95), d(0), d(-1))).toEqual(['stopLoss:side', 'takeProfit:side']);
    // Without a known liquidation price only the sides are judged (the server still checks).
    expect(judge('long', d(100), null, d(1), undefined)).toEqual([]);
  });

  it('decides options: up wins on a rise, down on a fall, equal refunds', () => {
    expect(optionOutcome('up', d(10), d(11))).toBe('won');
    expect(optionOutcome('up', d(10), d(9))).toBe('lost');
    expect(optionOutcome('down', d(10), d(9))).toBe('won');
    expect(optionOutcome('down', d(10), d(10))).toBe('refunded');
  });

  it('estimates liquidation from the entry, leverage and maintenance share, whatever the lots', () => {
    // 5× long at 100 with maintenance 50 %: liquidation at 100 × (1 − 0.5 ÷ 5) = 90.
    expect(liquidationPrice('long', d(100), 5, d('0.5')).toFixed()).toBe('90');
    expect(liquidationPrice('short', d(100), 5, d('0.5')).toFixed()).toBe('110');
    expect(liquidationPrice('long', d(100), 5, d('0.5'), d('3.7')).toFixed()).toBe('90');
  });

  it('unrealised profit: long gains when the price rises, short when it falls', () => {
    expect(unrealised('long', d(100), d(104), d(2).times('0.5')).toFixed()).toBe('4');
    expect(unrealised('short', d(100), d(104), d(2).times('0.5')).toFixed()).toBe('-4');
  });

  it('applies the crypto leverage cap to real accounts only', () => {
    expect(leverageCapBinds(2, 'real')).toBe(true);
    expect(leverageCapBinds(2, 'demo')).toBe(false);
    expect(leverageCapBinds(3, 'demo')).toBe(true);
    expect(allowedLeverages([1, 5, 10, 20], 2, 'real', 10)).toEqual([1, 5, 10]);
    expect(allowedLeverages([1, 5, 10, 20], 2, 'demo', 10)).toEqual([1, 5, 10, 20]);
    expect(allowedLeverages([1, 5, 10, 20], 4, 'demo', 5)).toEqual([1, 5]);
    expect(allowedLeverages([1, 5, 10, 20], 4, 'real', null)).toEqual([1, 5, 10, 20]);
  });
});

describe('margin rules: invariants', () => {
  it('margin and fee are whole cents: margin × leverage never below the notional, over it by under a cent per leverage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }).map((n) => d(n).div(1000)),
        fc.constantFrom('1', '0.01', '100', '0.5'),
        price,
        leverage,
        (lots, contractSize, at, lev) => {
          const t = marginTerms(lots, d(contractSize), at, lev, d('0.001'));
          expect(t.notional.eq(exactDecimal(lots).times(contractSize).times(at))).toBe(true);
          expect(t.margin.decimalPlaces()).toBeLessThanOrEqual(2);
          expect(t.fee.decimalPlaces()).toBeLessThanOrEqual(2);
          const covered = t.margin.times(lev);
          expect(covered.gte(t.notional)).toBe(true);
          expect(covered.minus(t.notional).lt(d('0.01').times(lev))).toBe(true);
          // Exact whenever notional ÷ leverage is whole cents.
          if (t.notional.div(lev).decimalPlaces() <= 2) expect(covered.eq(t.notional)).toBe(true);
          expect(t.fee.gte(t.notional.times('0.001'))).toBe(true);
          expect(t.fee.minus(t.notional.times('0.001')).lt(d('0.01'))).toBe(true);
        },
      ),
    );
  });

  it('liquidation is on the losing side of the entry, nearer with more leverage', () => {
    fc.assert(
      fc.property(direction, price, leverage, maintenance, (side, entry, lev, rate) => {
        const level = liquidationPrice(side, entry, lev, rate);
        expect(side === 'long' ? level.lt(entry) : level.gt(entry)).toBe(true);
        // At the liquidation price the position has lost (1 − maintenance) of its margin, or a hair more, to
        // the 18 places a level is stored with (the exact margin may repeat forever: 873250.3929 ÷ 7).
        const margin = exactDecimal(entry).div(lev);
        const loss = unrealised(side, entry, level, d(1)).neg();
        const due = exactDecimal(1).minus(rate).times(margin).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_DOWN);
        expect(loss.gte(due)).toBe(true);
        const nearer = liquidationPrice(side, entry, lev * 2, rate);
        expect(nearer.minus(entry).abs().lte(level.minus(entry).abs())).toBe(true);
      }),
    );
  });

  it('accepts a stop loss exactly when it lies strictly between the liquidation price and the entry', () => {
    const offset = fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => d(n).div(1e4));
    fc.assert(
      fc.property(direction, price, leverage, maintenance, offset, (side, entry, lev, rate, move) => {
        const liquidation = liquidationPrice(side, entry, lev, rate);
        const stopLoss = entry.plus(move);
        const problems = exitProblems(side, entry, liquidation, stopLoss, undefined);
        const low = side === 'long' ? liquidation : entry;
        const high = side === 'long' ? entry : liquidation;
        const inside = stopLoss.gt(0) && stopLoss.gt(low) && stopLoss.lt(high);
        expect(problems.length === 0).toBe(inside);
        // A stop loss on its side but past liquidation is named as such, not as a side problem.
        const onItsSide = stopLoss.gt(0) && (side === 'long' ? stopLoss.lt(entry) : stopLoss.gt(entry));
        if (onItsSide && !inside) expect(problems).toEqual([{ exit: 'stopLoss', problem: 'liquidation' }]);
      }),
    );
  });
});
