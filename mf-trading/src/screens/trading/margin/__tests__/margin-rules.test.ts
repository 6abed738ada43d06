import { marginProblems, type MarginContext, type MarginFields } from '../margin-rules';

const fields = (overrides: Partial<MarginFields> = {}): MarginFields => ({
  direction: 'long',
  lots: '1',
  leverage: 5,
  orderType: 'market',
  limitPrice: '',
  stopLossOn: false,
  stopLoss: '',
  takeProfitOn: false,
  takeProfit: '',
  ...overrides,
});
const context: MarginContext = {
  livePrice: '100',
  maintenanceRate: '0.5',
  contractSize: '1',
  formatPrice: (price) => price.toFixed(2),
};

describe('margin order rules (seed §5, docs/product.md (business rules))', () => {
  test('a complete market order has no problems', () => {
    expect(marginProblems(fields(), context)).toEqual({});
  });

  test('lots are required and must be a positive number', () => {
    expect(marginProblems(fields({ lots: '' }), context).lots?.key).toBe(
      'common:validation.quantityRequired',
    );
    for (const lots of ['0', '-1', 'abc', '1e3', '1,5'])
      expect(marginProblems(fields({ lots }), context).lots?.key).toBe('order.quantityIncorrect');
    expect(marginProblems(fields({ lots: '0.5' }), context).lots).toBeUndefined();
  });

  test('a limit order needs a positive price', () => {
    expect(marginProblems(fields({ orderType: 'limit' }), context).limitPrice?.key).toBe(
      'order.priceRequired',
    );
    expect(marginProblems(fields({ orderType: 'limit', limitPrice: '0' }), context).limitPrice?.key).toBe(
      'order.priceIncorrect',
    );
    expect(
      marginProblems(fields({ orderType: 'limit', limitPrice: '98' }), context).limitPrice,
    ).toBeUndefined();
  });

  test('stop loss and take profit are required when enabled', () => {
    const problems = marginProblems(fields({ stopLossOn: true, takeProfitOn: true }), context);
    expect(problems.stopLoss?.key).toBe('common:validation.stopLossRequired');
    expect(problems.takeProfit?.key).toBe('common:validation.takeProfitRequired');
  });

  test('stop loss and take profit must be positive numbers', () => {
    const problems = marginProblems(
      fields({ stopLossOn: true, stopLoss: 'x', takeProfitOn: true, takeProfit: '0' }),
      context,
    );
    expect(problems.stopLoss?.key).toBe('common:validation.stopLossUnreasonable');
    expect(problems.takeProfit?.key).toBe('common:validation.takeProfitUnreasonable');
  });

  test('long: stop loss below and take profit above the entry price', () => {
    const wrong = marginProblems(
      fields({ stopLossOn: true, stopLoss: '100', takeProfitOn: true, takeProfit: '99' }),
      context,
    );
    expect(wrong.stopLoss).toEqual({ key: 'margin.stopLossBelow', values: { price: '100.00' } });
    expect(wrong.takeProfit).toEqual({ key: 'margin.takeProfitAbove', values: { price: '100.00' } });
    const right = marginProblems(
      fields({ stopLossOn: true, stopLoss: '95', takeProfitOn: true, takeProfit: '110' }),
      context,
    );
    expect(right).toEqual({});
  });

  test('short: take profit below and stop loss above the entry price', () => {
    const wrong = marginProblems(
      fields({ direction: 'short', stopLossOn: true, stopLoss: '95', takeProfitOn: true, takeProfit: '105' }),
      context,
    );
    expect(wrong.stopLoss?.key).toBe('margin.stopLossAbove');
    expect(wrong.takeProfit?.key).toBe('margin.takeProfitBelow');
    const right = marginProblems(
      fields({ direction: 'short', stopLossOn: true, stopLoss: '105', takeProfitOn: true, takeProfit: '90' }),
      context,
    );
    expect(right).toEqual({});
  });

  test('a limit entry judges the exits against the limit price, not the live price', () => {
    const problems = marginProblems(
      fields({ orderType: 'limit', limitPrice: '80', stopLossOn: true, stopLoss: '85' }),
      context,
    );
    expect(problems.stopLoss).toEqual({ key: 'margin.stopLossBelow', values: { price: '80.00' } });
  });

  test('the stop loss must trigger before liquidation', () => {
    // 5× long at 100 with maintenance 50 %: liquidation at 100 × (1 − 0.5 ÷ 5) = 90 (the figures themselves
    // are tested with the shared rule, shared/src/contract/margin.test.ts).
    expect(marginProblems(fields({ stopLossOn: true, stopLoss: '89' }), context).stopLoss).toEqual({
      key: 'margin.stopLossBeforeLiquidationLong',
      values: { price: '90.00' },
    });
    expect(
      marginProblems(fields({ direction: 'short', stopLossOn: true, stopLoss: '111' }), context).stopLoss,
    ).toEqual({ key: 'margin.stopLossBeforeLiquidationShort', values: { price: '110.00' } });
    expect(marginProblems(fields({ stopLossOn: true, stopLoss: '91' }), context).stopLoss).toBeUndefined();
  });

  test('liquidation does not depend on the lots, and is still judged before they are valid', () => {
    const sized = { ...context, contractSize: '0.01' };
    for (const lots of ['3.7', '', 'abc'])
      expect(marginProblems(fields({ lots, stopLossOn: true, stopLoss: '90' }), sized).stopLoss).toEqual({
        key: 'margin.stopLossBeforeLiquidationLong',
        values: { price: '90.00' },
      });
    const unknownRate = { ...context, maintenanceRate: null };
    expect(
      marginProblems(fields({ stopLossOn: true, stopLoss: '50' }), unknownRate).stopLoss,
    ).toBeUndefined();
  });

  test('a problem with each exit is reported together', () => {
    const problems = marginProblems(
      fields({ stopLossOn: true, stopLoss: '80', takeProfitOn: true, takeProfit: '99' }),
      context,
    );
    expect(problems.stopLoss?.key).toBe('margin.stopLossBeforeLiquidationLong');
    expect(problems.takeProfit?.key).toBe('margin.takeProfitAbove');
  });
});
