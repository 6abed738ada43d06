import fc from 'fast-check';
import { exactDecimal, marginTerms } from './margin';
import {
  ledgerStep,
  marginOrderRefusal,
  minimumSaleValue,
  optionOrderRefusal,
  spotOrderRefusal,
  spotTooSmall,
} from './order-checks';
import { orderSizeProblem } from './order-limits';
import { roundPaid } from './precision';
import { spotTerms } from './spot-rules';

const cents = (max: number) => fc.integer({ min: 1, max }).map((n) => exactDecimal(n).div(100));
const coinUnits = fc.integer({ min: 1, max: 10 ** 9 }).map((n) => exactDecimal(n).div(10 ** 8));
const feeRate = fc.integer({ min: 0, max: 5000 }).map((n) => exactDecimal(n).div(100_000));

describe('order checks (the ticket and the server refuse the same orders)', () => {
  it('names the smallest ledger unit of a currency', () => {
    expect(ledgerStep('USDT')).toBe('0.01');
    expect(ledgerStep('BTC')).toBe('0.00000001');
    expect(ledgerStep('SOL')).toBe('0.00000001');
  });

  it('refuses a quantity finer than the coin posts, before anything else', () => {
    expect(
      spotOrderRefusal({
        side: 'buy',
        quantity: '0.000000001',
        price: '100',
        feeRate: '0.001',
        coin: 'BTC',
        availableUsdt: '0',
        availableCoin: '0',
        limits: null,
      }),
    ).toEqual({ reason: 'step', code: '11500', currency: 'BTC', step: '0.00000001' });
  });

  it('refuses a buy costing more than the available USDT, value and fee together', () => {
    const order = {
      side: 'buy' as const,
      quantity: '5',
      price: '95000',
      feeRate: '0.001',
      coin: 'BTC',
      availableUsdt: '99900',
      availableCoin: '0',
      limits: null,
    };
    expect(spotOrderRefusal(order)).toEqual({
      reason: 'balance',
      code: '10011',
      currency: 'USDT',
      needed: '475475',
      available: '99900',
    });
    expect(spotOrderRefusal({ ...order, quantity: '1' })).toBeNull();
    // Unknown balances are left to the server.
    expect(spotOrderRefusal({ ...order, availableUsdt: null })).toBeNull();
  });

  it('refuses selling more coins than are available', () => {
    expect(
      spotOrderRefusal({
        side: 'sell',
        quantity: '0.5',
        price: '95000',
        feeRate: '0.001',
        coin: 'BTC',
        availableUsdt: '0',
        availableCoin: '0.25',
        limits: null,
      }),
    ).toEqual({
      reason: 'balance',
      code: '10011',
      currency: 'BTC',
      needed: '0.5',
      available: '0.25',
    });
  });

  it('refuses a sale its fee would eat, naming the smallest sale', () => {
    expect(
      spotOrderRefusal({
        side: 'sell',
        quantity: '0.0000001',
        price: '95000',
        feeRate: '0.001',
        coin: 'BTC',
        availableUsdt: '0',
        availableCoin: '1',
        limits: null,
      }),
    ).toEqual({ reason: 'minimum', code: '10016', currency: 'USDT', minimum: '0.02' });
  });

  it('the smallest sale value is the first whole cent whose fee leaves something (property)', () => {
    fc.assert(
      fc.property(feeRate, (rate) => {
        const minimum = minimumSaleValue(rate)!;
        const fee = (value: typeof minimum) => roundPaid(value.times(rate), 'USDT');
        expect(spotTooSmall('sell', minimum, fee(minimum))).toBe(false);
        const below = minimum.minus('0.01');
        if (below.gt(0)) expect(spotTooSmall('sell', below, fee(below))).toBe(true);
      }),
    );
    expect(minimumSaleValue('1')).toBeNull();
  });

  it('a spot order is refused for its balance exactly when value and fee exceed it (property)', () => {
    fc.assert(
      fc.property(coinUnits, cents(10 ** 7), feeRate, cents(10 ** 8), (quantity, price, rate, available) => {
        const terms = spotTerms('buy', quantity, price, rate);
        const refusal = spotOrderRefusal({
          side: 'buy',
          quantity,
          price,
          feeRate: rate,
          coin: 'BTC',
          availableUsdt: available,
          availableCoin: null,
          limits: null,
        });
        expect(refusal?.reason === 'balance').toBe(terms.total.gt(available));
      }),
    );
  });

  it('a margin order needs its margin and opening fee available (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 6 }).map((n) => exactDecimal(n).div(100)),
        cents(10 ** 7),
        fc.constantFrom(1, 2, 5, 10, 20, 30),
        cents(10 ** 9),
        (lots, price, leverage, available) => {
          const terms = marginTerms(lots, exactDecimal(1), price, leverage, exactDecimal('0.001'));
          const refusal = marginOrderRefusal({
            lots,
            contractSize: '1',
            price,
            leverage,
            feeRate: '0.001',
            availableUsdt: available,
            limits: null,
          });
          expect(refusal === null).toBe(terms.margin.plus(terms.fee).lte(available));
        },
      ),
    );
    // The case: 100,000 lots of EURUSD (100,000 units each) at 1.9 with 2× leverage.
    expect(
      marginOrderRefusal({
        lots: '100000',
        contractSize: '100000',
        price: '1.9',
        leverage: 2,
        feeRate: '0.001',
        availableUsdt: '100000',
        limits: null,
      }),
    ).toEqual({
      reason: 'balance',
      code: '10011',
      currency: 'USDT',
      needed: '9519000000',
      available: '100000',
    });
  });

  it('an option stake is whole cents, within bounds, and available', () => {
    const bounds = { stakeMin: '10', stakeMax: '50000', availableUsdt: '100' };
    expect(optionOrderRefusal({ ...bounds, stake: '10.005' })).toEqual({
      reason: 'step',
      code: '11500',
      currency: 'USDT',
      step: '0.01',
    });
    expect(optionOrderRefusal({ ...bounds, stake: '9.99' })).toEqual({
      reason: 'minimum',
      code: '10016',
      currency: 'USDT',
      minimum: '10',
    });
    expect(optionOrderRefusal({ ...bounds, stake: '50000.01', availableUsdt: null })).toEqual({
      reason: 'maximum',
      code: '10016',
      currency: 'USDT',
      maximum: '50000',
    });
    expect(optionOrderRefusal({ ...bounds, stake: '100.01' })).toEqual({
      reason: 'balance',
      code: '10011',
      currency: 'USDT',
      needed: '100.01',
      available: '100',
    });
    expect(optionOrderRefusal({ ...bounds, stake: '100' })).toBeNull();
  });

  describe("the market's minimums (issue 28: the server's 11407, 11408, 11409)", () => {
    const crypto = { minSize: '0.0001', sizeStep: '0.0001', minNotional: '5' };
    const spot = {
      side: 'buy' as const,
      quantity: '0.01',
      price: '95000',
      feeRate: '0.001',
      coin: 'BTC',
      availableUsdt: '100000',
      availableCoin: '0',
      limits: crypto,
    };
    const size = (code: string) => ({ reason: 'size', code, limits: crypto, quote: 'USDT' });

    it('names the code the server answers: below the size, off the step, below the notional', () => {
      expect(spotOrderRefusal({ ...spot, quantity: '0.00001' })).toEqual(size('11407'));
      expect(spotOrderRefusal({ ...spot, quantity: '0.00015' })).toEqual(size('11408'));
      // 0.0002 BTC at 20,000 is 4 USDT, under the 5 USDT minimum value at the order's price.
      expect(spotOrderRefusal({ ...spot, quantity: '0.0002', price: '20000' })).toEqual(size('11409'));
      expect(spotOrderRefusal({ ...spot, quantity: '0.0002', price: '25000' })).toBeNull();
      // Unknown minimums are left to the server.
      expect(spotOrderRefusal({ ...spot, quantity: '0.00001', limits: null })).toBeNull();
    });

    it('in the server order: the ledger step first, the minimums before the fee and the balance', () => {
      expect(spotOrderRefusal({ ...spot, quantity: '0.000000001' })?.code).toBe('11500');
      expect(spotOrderRefusal({ ...spot, quantity: '0.00001', availableUsdt: '0' })?.code).toBe('11407');
      expect(
        spotOrderRefusal({ ...spot, side: 'sell', quantity: '0.0000001', availableCoin: '0' })?.code,
      ).toBe('11407');
      expect(spotOrderRefusal({ ...spot, quantity: '2', availableUsdt: '100' })?.code).toBe('10011');
    });

    it('a margin order: lots against the minimums at the entry price, times the contract size', () => {
      const forex = { minSize: '0.01', sizeStep: '0.01', minNotional: '10' };
      const margin = {
        lots: '0.01',
        contractSize: '100000',
        price: '1.1',
        leverage: 30,
        feeRate: '0.001',
        availableUsdt: '0',
        limits: forex,
      };
      // The case: 0.0000001 lots, refused for its size before its (zero) margin.
      expect(marginOrderRefusal({ ...margin, lots: '0.0000001' })).toEqual({
        reason: 'size',
        code: '11407',
        limits: forex,
        quote: 'USDT',
      });
      expect(marginOrderRefusal({ ...margin, lots: '0.015' })?.code).toBe('11408');
      expect(marginOrderRefusal({ ...margin, contractSize: '1', price: '100' })?.code).toBe('11409');
      expect(marginOrderRefusal({ ...margin })?.code).toBe('10011');
    });

    it("refuses for its size exactly when the server's rule does (property)", () => {
      const steps = fc.constantFrom(
        { minSize: '0.0001', sizeStep: '0.0001', minNotional: '5' },
        { minSize: '0.01', sizeStep: '0.01', minNotional: '10' },
        { minSize: '0.5', sizeStep: '0.25', minNotional: '0' },
      );
      fc.assert(
        fc.property(coinUnits, cents(10 ** 7), steps, (quantity, price, limits) => {
          const refusal = spotOrderRefusal({ ...spot, quantity, price, limits, availableUsdt: null });
          const expected = orderSizeProblem(quantity.toFixed(), price.toFixed(), '1', limits);
          expect(refusal?.reason === 'size' ? refusal.code : null).toBe(expected);
        }),
      );
    });
  });
});
