import fc from 'fast-check';
import Decimal from 'decimal.js';
import { money, spotResult, validateExits } from '../rules';
import { TriggerIndex } from '../engine/trigger-index';

const d = (x: Decimal.Value) => new Decimal(x);

// The margin rules themselves (terms, levels, settlement, exits, options) are tested where they live, in
// shared/src/contract/margin.test.ts; here the server's answer to a bad exit: the API's error codes.
describe('exit validation (API errors)', () => {
  it('validates exits by side and against liquidation', () => {
    const code = (f: () => void) => {
      try {
        f();
        return undefined;
      } catch (error) {
        return (error as { code: string }).code;
      }
    };
    expect(code(() => validateExits('long', d(100), d(95), d(96), d(110)))).toBeUndefined();
    expect(code(() => validateExits('long', d(100), d(95), d(95), undefined))).toBe('11063');
    expect(code(() => validateExits('long', d(100), d(95), d(100), undefined))).toBe('11061');
    expect(code(() => validateExits('long', d(100), d(95), undefined, d(100)))).toBe('11062');
    expect(code(() => validateExits('short', d(100), d(105), d(104), d(90)))).toBeUndefined();
    expect(code(() => validateExits('short', d(100), d(105), d(105), undefined))).toBe('11063');
    expect(code(() => validateExits('short', d(100), d(105), undefined, d(101)))).toBe('11062');
    expect(code(() => validateExits('long', d(100), d(95), d(0), d(110)))).toBe('11061');
    expect(code(() => validateExits('long', d(100), d(95), d(96), d(0)))).toBe('11062');
  });

  it('names the liquidation price the stop loss must beat', () => {
    expect(() => validateExits('long', d(100), d('95.5'), d(90), undefined)).toThrow(
      'Stop loss must trigger before liquidation: above 95.5',
    );
    expect(() => validateExits('short', d(100), d(105), d(106), undefined)).toThrow(
      'Stop loss must trigger before liquidation: below 105',
    );
  });
});

describe('trigger index', () => {
  it('fires exactly the triggers a plain scan would, and each once', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            side: fc.constantFrom('below' as const, 'above' as const),
            level: fc.integer({ min: 1, max: 200 }),
          }),
          { maxLength: 200 },
        ),
        fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 50 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (triggers, prices, cancels) => {
          const index = new TriggerIndex<number>();
          const live = triggers.map((t, i) => ({
            ...t,
            i,
            trigger: index.add('M', t.side, (t.level / 10).toFixed(1), i),
            done: false,
          }));
          for (const c of cancels) {
            const target = live[c % Math.max(live.length, 1)];
            if (target && !target.done) {
              index.cancel(target.trigger);
              target.done = true;
            }
          }
          for (const p of prices) {
            const price = (p / 10).toFixed(1);
            const fired = index
              .crossed('M', price)
              .map((t) => t.payload)
              .sort((a, b) => a - b);
            const expected = live
              .filter((t) => !t.done && (t.side === 'below' ? p <= t.level : p >= t.level))
              .map((t) => t.i)
              .sort((a, b) => a - b);
            for (const i of expected) live[i]!.done = true;
            expect(fired).toEqual(expected);
          }
          expect(index.size).toBe(live.filter((t) => !t.done).length);
        },
      ),
    );
  });

  it('compares exactly where doubles cannot tell levels apart', () => {
    const index = new TriggerIndex<string>();
    index.add('M', 'below', '0.30000000000000000001', 'just-above');
    index.add('M', 'above', '0.30000000000000000001', 'needs-more');
    expect(index.crossed('M', '0.3').map((t) => t.payload)).toEqual(['just-above']);
    expect(index.crossed('M', '0.30000000000000000001').map((t) => t.payload)).toEqual(['needs-more']);
  });
});

describe('spot result (average cost)', () => {
  const fill = (side: 'buy' | 'sell', quantity: string, price: string, fee = '0', code = 'BTCUSDT') => ({
    code,
    side,
    quantity: money(quantity),
    price: money(price),
    fee: money(fee),
  });

  it('realises a sell against the average cost of what was bought, fees included', () => {
    const result = spotResult(
      [fill('buy', '1', '100', '1'), fill('buy', '1', '200', '1'), fill('sell', '1', '300', '2')],
      () => money('250'),
    );
    // Average cost 151 per coin; the sell realises 300 − 2 − 151 = 147; the coin left is worth 250 − 151.
    expect(result.realised.toFixed()).toBe('147');
    expect(result.unrealised.toFixed()).toBe('99');
  });

  it('gives coins not bought here (a deposit) no result, and a market without a price none either', () => {
    const result = spotResult([fill('buy', '1', '100'), fill('sell', '3', '120', '3')], () => undefined);
    // Only the one bought coin counts: 120 − (3 × 1/3) − 100.
    expect(result.realised.toFixed()).toBe('19');
    expect(result.unrealised.toFixed()).toBe('0');
  });

  it('realised + unrealised is the cash the fills moved plus what is held at the price', () => {
    const side = fc.constantFrom('buy' as const, 'sell' as const);
    const amount = fc.integer({ min: 1, max: 10_000 }).map((n) => money(n).div(100));
    fc.assert(
      fc.property(
        fc.array(fc.record({ side, quantity: amount, price: amount, fee: amount.map((x) => x.div(100)) }), {
          maxLength: 30,
        }),
        amount,
        (raw, price) => {
          // Sells never exceed what was bought, so every coin has a purchase price here.
          let held = money(0);
          const fills = raw.flatMap((f) => {
            if (f.side === 'sell' && f.quantity.gt(held)) return [];
            held = f.side === 'buy' ? held.plus(f.quantity) : held.minus(f.quantity);
            return [{ code: 'BTCUSDT', ...f }];
          });
          const { realised, unrealised } = spotResult(fills, () => price);
          let cash = money(0);
          for (const f of fills) {
            const value = f.quantity.times(f.price);
            cash = f.side === 'buy' ? cash.minus(value).minus(f.fee) : cash.plus(value).minus(f.fee);
          }
          const expected = cash.plus(held.times(price));
          expect(realised.plus(unrealised).minus(expected).abs().lte('1e-24')).toBe(true);
        },
      ),
    );
  });
});
