import { Type, type Static } from '@sinclair/typebox';
import { Amount, Body, Id, MarketCode } from './common';
import { errors } from './error-names';

/**
 * The order group (docs/product.md, the API, business rules): spot, margin and options. Prices and amounts are decimal strings;
 * times are ISO strings (null until they happen).
 */

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Time = Type.String({ format: 'date-time' });
const AmountOrNull = Type.Union([Amount, Type.Null()]);
/** A signed decimal string (profit can be negative). */
const Signed = Type.String({ pattern: '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$' });

// ---- spot ----------------------------------------------------------------------------------------------------

export const SpotSubmitBody = Body({
  code: { ...MarketCode, 'x-code': errors.marketNotFound },
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  orderType: Type.Union([Type.Literal('market'), Type.Literal('limit')]),
  quantity: { ...Amount, 'x-code': errors.purchaseAmountIncorrect },
  price: Type.Optional({ ...Amount, 'x-code': errors.limitPriceMismatch }),
});
export type SpotSubmitBody = Static<typeof SpotSubmitBody>;

export const SpotOrder = Type.Object({
  id: Id,
  code: Type.String(),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  orderType: Type.Union([Type.Literal('market'), Type.Literal('limit')]),
  quantity: Amount,
  price: AmountOrNull,
  status: Type.Union([Type.Literal('pending'), Type.Literal('filled'), Type.Literal('cancelled')]),
  fillPrice: AmountOrNull,
  fee: AmountOrNull,
  /** quantity × fill price, in USDT; null until filled. */
  value: AmountOrNull,
  createdAt: Time,
  filledAt: Nullable(Time),
  cancelledAt: Nullable(Time),
});
export type SpotOrder = Static<typeof SpotOrder>;

export const SpotOrderList = Type.Array(SpotOrder);
export const SpotListQuery = Type.Object({
  status: Type.Optional(
    Type.Array(Type.Union([Type.Literal('pending'), Type.Literal('filled'), Type.Literal('cancelled')])),
  ),
});
export const IdBody = Body({ id: { ...Id, 'x-code': errors.orderNotFound } });
export type IdBody = Static<typeof IdBody>;

// ---- margin --------------------------------------------------------------------------------------------------

const MarginOrderFields = {
  code: { ...MarketCode, 'x-code': errors.marketNotFound },
  direction: Type.Union([Type.Literal('long'), Type.Literal('short')]),
  lots: { ...Amount, 'x-code': errors.purchaseAmountIncorrect },
  leverage: { ...Type.Integer({ minimum: 1, maximum: 1000 }), 'x-code': errors.leverageUnavailable },
  orderType: Type.Union([Type.Literal('market'), Type.Literal('limit')]),
  price: Type.Optional({ ...Amount, 'x-code': errors.limitPriceMismatch }),
  stopLoss: Type.Optional({ ...Amount, 'x-code': errors.stopLossIncorrect }),
  takeProfit: Type.Optional({ ...Amount, 'x-code': errors.takeProfitIncorrect }),
};

export const MarginQuoteBody = Body(MarginOrderFields);
export type MarginQuoteBody = Static<typeof MarginQuoteBody>;

export const BuyUBody = Body({
  ...MarginOrderFields,
  /** The quote the customer confirmed (`POST /order/quoteU`); the order is refused with 11007 if its terms moved. */
  quoteId: Type.Optional(Type.String({ pattern: '^[0-9a-f-]{36}$', 'x-code': errors.termsChanged })),
});
export type BuyUBody = Static<typeof BuyUBody>;

export const MarginQuote = Type.Object({
  quoteId: Type.String(),
  /** The entry price the terms are computed at: the latest tick (market) or the limit price. */
  price: Amount,
  requiredMargin: Amount,
  fee: Amount,
  feeRate: Amount,
  liquidationPrice: Amount,
  /** Profit at take profit after both fees; null without a take profit. */
  expectedReturn: Nullable(Signed),
  expiresAt: Time,
});
export type MarginQuote = Static<typeof MarginQuote>;

export const PositionStatus = Type.Union([
  Type.Literal('waiting'),
  Type.Literal('open'),
  Type.Literal('closed'),
  Type.Literal('liquidated'),
  Type.Literal('cancelled'),
]);

export const Position = Type.Object({
  id: Id,
  code: Type.String(),
  direction: Type.Union([Type.Literal('long'), Type.Literal('short')]),
  lots: Amount,
  leverage: Type.Integer(),
  contractSize: Amount,
  orderType: Type.Union([Type.Literal('market'), Type.Literal('limit')]),
  limitPrice: AmountOrNull,
  openPrice: AmountOrNull,
  closePrice: AmountOrNull,
  /** The latest feed price (open positions). */
  currentPrice: AmountOrNull,
  stopLoss: AmountOrNull,
  takeProfit: AmountOrNull,
  margin: Amount,
  fee: Amount,
  closeFee: AmountOrNull,
  /** Realised net result once closed; unrealised P&L (before the closing fee) while open; null while waiting. */
  profit: Nullable(Signed),
  liquidationPrice: AmountOrNull,
  marginCallPrice: AmountOrNull,
  status: PositionStatus,
  closeReason: Nullable(Type.String()),
  openTime: Nullable(Time),
  closeTime: Nullable(Time),
  createdAt: Time,
});
export type Position = Static<typeof Position>;
export const PositionList = Type.Array(Position);

export const ListUOrderQuery = Type.Object({ status: Type.Optional(Type.Array(PositionStatus)) });

export const ModifyUBody = Body({
  id: { ...Id, 'x-code': errors.orderNotFound },
  /** Omit to keep, send "" to remove. */
  stopLoss: Type.Optional(Type.Union([{ ...Amount, 'x-code': errors.stopLossIncorrect }, Type.Literal('')])),
  takeProfit: Type.Optional(
    Type.Union([{ ...Amount, 'x-code': errors.takeProfitIncorrect }, Type.Literal('')]),
  ),
});
export type ModifyUBody = Static<typeof ModifyUBody>;

// ---- options -------------------------------------------------------------------------------------------------

export const BuyOptionsBody = Body({
  code: { ...MarketCode, 'x-code': errors.optionsProductIncorrect },
  direction: {
    ...Type.Union([Type.Literal('up'), Type.Literal('down')]),
    'x-code': errors.optionsProductIncorrect,
  },
  amount: { ...Amount, 'x-code': errors.purchaseAmountIncorrect },
  period: { ...Type.Integer({ minimum: 1, maximum: 86_400 }), 'x-code': errors.noMatchingPeriod },
});
export type BuyOptionsBody = Static<typeof BuyOptionsBody>;

export const OptionContract = Type.Object({
  id: Id,
  code: Type.String(),
  direction: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  amount: Amount,
  period: Type.Integer(),
  rate: Amount,
  openPrice: Amount,
  settlePrice: AmountOrNull,
  /** Won: stake × rate; lost: −stake; refunded and voided: 0; null while open. */
  profit: Nullable(Signed),
  /**
   * `refunded`: settled at the open price (stake back). `voided`: the market was stale at expiry and no fresh
   * tick came within the grace window, so there was no price to settle at (stake back).
   */
  status: Type.Union([
    Type.Literal('open'),
    Type.Literal('won'),
    Type.Literal('lost'),
    Type.Literal('refunded'),
    Type.Literal('voided'),
  ]),
  openTime: Time,
  expiryTime: Time,
});
export type OptionContract = Static<typeof OptionContract>;
export const OptionContractList = Type.Array(OptionContract);
export const IdParams = Type.Object({ id: { ...Id, 'x-code': errors.orderNotFound } });

// ---- receipts, assets, profit, risk ------------------------------------------------------------------------

export const ReceiptParams = Type.Object({
  kind: Type.Union([Type.Literal('spot'), Type.Literal('margin'), Type.Literal('option')], {
    'x-code': errors.orderNotFound,
  }),
  id: { ...Id, 'x-code': errors.orderNotFound },
});

export const Receipt = Type.Object({
  id: Id,
  kind: Type.Union([Type.Literal('spot'), Type.Literal('margin'), Type.Literal('option')]),
  recordId: Id,
  event: Type.String(),
  code: Type.String(),
  requestedPrice: AmountOrNull,
  fillPrice: Amount,
  tick: Type.Object({ price: Amount, time: Time, seq: Type.String() }),
  /**
   * The rule that chose the tick when it was not the ordinary one: `stale_first_fresh` (the market was stale
   * at expiry; settled at the first fresh tick within the grace window) or `stale_void` (none came; the
   * stake was returned; `tick` is the last, stale one). Null for every ordinary fill and settlement.
   */
  rule: Type.Union([Type.Literal('stale_first_fresh'), Type.Literal('stale_void'), Type.Null()]),
  entries: Type.Array(
    Type.Object({
      journalId: Id,
      type: Type.String(),
      currency: Type.String(),
      account: Type.String(),
      amount: Signed,
    }),
  ),
  createdAt: Time,
});
export type Receipt = Static<typeof Receipt>;
export const ReceiptList = Type.Array(Receipt);

export const AssetParams = Type.Object({ id: Type.String({ pattern: '^([A-Za-z0-9]{2,12}|all)$' }) });
export const AssetInfo = Type.Object({
  mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
  assets: Type.Array(
    Type.Object({
      currency: Type.String(),
      available: Amount,
      held: Amount,
      /** Price of one unit in USDT from the feed (1 for USDT); null when no USDT market prices it. */
      priceUsdt: AmountOrNull,
      /** (available + held) × price; null without a price. */
      valueUsdt: AmountOrNull,
    }),
  ),
  /** Sum of the priced assets, USDT. */
  totalUsdt: Amount,
});
export type AssetInfo = Static<typeof AssetInfo>;

export const ProfitTotal = Type.Object({
  mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
  /**
   * Closed margin positions and settled options (net of fees), and spot sells against the average cost of
   * the coins bought here (coins deposited have no purchase price on the platform and count for nothing).
   */
  realised: Type.Object({ margin: Signed, options: Signed, spot: Signed, total: Signed }),
  /**
   * Open margin positions at the latest feed price, before the closing fee, plus spot coins bought here and
   * still held, at the latest price against their average cost.
   */
  unrealised: Signed,
  total: Signed,
});
export type ProfitTotal = Static<typeof ProfitTotal>;

const ProductRisk = Type.Object({
  customers: Type.Integer(),
  /** Percentage (0–100, 1 decimal) of customers with a net loss; null below 100 customers ("not enough data"). */
  lossShare: Nullable(Type.String()),
});
export const RiskStats = Type.Object({
  windowDays: Type.Integer(),
  leveraged: ProductRisk,
  options: ProductRisk,
  computedAt: Time,
});
export type RiskStats = Static<typeof RiskStats>;
