import { Type, type Static } from '@sinclair/typebox';
import { Amount, Body, Id, TextLine } from './common';
import { errors } from './error-names';

/**
 * Smart plans (docs/product.md, business rules "Smart plans"): fixed-term plans on a product of type 1 with
 * a daily rate set and paid by the platform's plan account, quoted before purchase (promise 4), paid once per
 * earning time by the scheduler, exitable early against disclosed damages. Real and demo accounts each have
 * their own reserve: the demo one is play money, kept topped up, so demo plans sell on a fresh install.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
/** A rate as a decimal fraction (0.001 = 0.1 % a day). */
const Rate = Type.String({ pattern: '^(0|[1-9][0-9]{0,5})(\\.[0-9]{1,12})?$', maxLength: 20 });

export const PlanTerm = Type.Object({
  /** Number of earning cycles; one cycle is `earningIntervalSeconds` (a day in production). */
  days: Type.Integer({ minimum: 1, maximum: 3650 }),
  dailyRate: Rate,
});
export type PlanTerm = Static<typeof PlanTerm>;

/** The reserve that funds every plan's income, computed from the ledger and the running plans. */
export const PlanReserve = Type.Object({
  currency: Type.String(),
  /** The real reserve, or the demo one (play money, topped up by the platform). */
  mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
  /** The plan account's balance: the sum of its ledger postings. */
  balance: Amount,
  /** Future income still owed to running plans. */
  obligations: Amount,
  /** balance ÷ obligations, 4 decimals; null when nothing is owed. */
  coverageRatio: Nullable(Type.String()),
  /**
   * Whether the reserve can take a purchase now: what it holds beyond its obligations covers the income of
   * the smallest purchase of a product in this currency. False on a fresh install until staff fund it.
   */
  selling: Type.Boolean(),
});
export type PlanReserve = Static<typeof PlanReserve>;
/** `GET /swx/admin/plans/reserves`: each currency's real and demo reserve (the back office's dashboard). */
export const PlanReserveList = Type.Array(PlanReserve);

export const PlanProduct = Type.Object({
  id: Id,
  /** Always 1: plans are the seed's market type 1 ("smart product"). */
  type: Type.Literal(1),
  code: Type.String(),
  name: Type.String(),
  /** The market the plan is named after (e.g. XAUUSD); the rate does not depend on its price. */
  underlying: Type.String(),
  currency: Type.String(),
  terms: Type.Array(PlanTerm),
  minAmount: Amount,
  maxAmount: Amount,
  exitDamagesRate: Rate,
  earningIntervalSeconds: Type.Integer(),
  enabled: Type.Boolean(),
});
export type PlanProduct = Static<typeof PlanProduct>;

/** `GET /order/listSmartProduct` (our addition): the products and the reserve behind them. */
export const PlanCatalogue = Type.Object({
  products: Type.Array(PlanProduct),
  reserves: Type.Array(PlanReserve),
});
export type PlanCatalogue = Static<typeof PlanCatalogue>;

const ProductId = { ...Id, 'x-code': errors.smartProductIncorrect };
const Days = { ...Type.Integer({ minimum: 1, maximum: 3650 }), 'x-code': errors.noMatchingDays };
const PlanAmount = { ...Amount, 'x-code': errors.investmentAmountWrong };

/** `POST /order/quoteSmart` (our addition). */
export const QuoteSmartBody = Body({ productId: ProductId, days: Days, amount: PlanAmount });
export type QuoteSmartBody = Static<typeof QuoteSmartBody>;

export const SmartQuote = Type.Object({
  quoteId: Type.String(),
  productId: Id,
  days: Type.Integer(),
  amount: Amount,
  currency: Type.String(),
  dailyRate: Type.String(),
  dailyIncome: Amount,
  /** Earning cycles (one income payment each). */
  cycles: Type.Integer(),
  totalIncome: Amount,
  earningIntervalSeconds: Type.Integer(),
  /** When the first income would be paid if bought now. */
  nextEarningAt: Time,
  expiresAt: Time,
  exitDamagesRate: Type.String(),
  /** Damages if the plan were exited early (principal × damages rate). */
  exitDamages: Amount,
  /** The quote can be confirmed until then. */
  quoteExpiresAt: Time,
});
export type SmartQuote = Static<typeof SmartQuote>;

/** `POST /order/buySmart`: the seed's body plus the quote it confirms. */
export const BuySmartBody = Body({
  productId: ProductId,
  days: Days,
  amount: PlanAmount,
  quoteId: Type.String({ pattern: '^[0-9a-f]{32}$', 'x-code': errors.termsChanged }),
});
export type BuySmartBody = Static<typeof BuySmartBody>;

/** `earning` until expiry; `completed` once the last income is paid and the principal returned. */
export const PlanStatus = Type.Union([
  Type.Literal('earning'),
  Type.Literal('completed'),
  Type.Literal('exited'),
]);
export type PlanStatus = Static<typeof PlanStatus>;

export const PlanPayout = Type.Object({
  cycle: Type.Integer(),
  amount: Amount,
  dueAt: Time,
  paidAt: Time,
  /** The ledger entry that paid it (its receipt). */
  journalId: Type.String(),
});
export type PlanPayout = Static<typeof PlanPayout>;

export const SmartOrder = Type.Object({
  id: Id,
  productId: Id,
  productCode: Type.String(),
  productName: Type.String(),
  underlying: Type.String(),
  currency: Type.String(),
  days: Type.Integer(),
  amount: Amount,
  dailyRate: Type.String(),
  dailyIncome: Amount,
  cyclesPaid: Type.Integer(),
  incomeSoFar: Amount,
  /** Income paid during the current UTC day. */
  todayIncome: Amount,
  /** Seconds since purchase (until it ended). */
  runtimeSeconds: Type.Integer(),
  nextEarningAt: Nullable(Time),
  expiresAt: Time,
  exitDamagesRate: Type.String(),
  /** Damages if exited now; null once it is no longer running. */
  exitDamagesNow: Nullable(Amount),
  /** What an exit took (exited plans). */
  damages: Nullable(Amount),
  status: PlanStatus,
  startedAt: Time,
  endedAt: Nullable(Time),
  payouts: Type.Array(PlanPayout),
});
export type SmartOrder = Static<typeof SmartOrder>;
export const SmartOrderList = Type.Array(SmartOrder);

export const ListSmartOrderQuery = Type.Object({
  status: Type.Optional(Type.Array(PlanStatus)),
});

const PlanId = { ...Id, 'x-code': errors.notFound };
export const SmartOrderIdBody = Body({ id: PlanId });

/**
 * `POST /order/exitSmart`: `total`, when sent, is the exit quote's `totalPaidNow`; an exit that would pay
 * anything else (an earning time passed since the quote) answers `11007` and pays nothing.
 */
export const ExitSmartBody = Body({
  id: PlanId,
  total: Type.Optional({ ...Amount, 'x-code': errors.termsChanged }),
});
export type ExitSmartBody = Static<typeof ExitSmartBody>;

/** `POST /order/quoteExitSmart` (our addition): what an early exit returns now. */
export const SmartExitQuote = Type.Object({
  id: Id,
  amount: Amount,
  exitDamagesRate: Type.String(),
  damages: Amount,
  returned: Amount,
  incomeSoFar: Amount,
  /** Earning times already passed and not yet paid: the exit pays these first (they were earned). */
  cyclesDueNow: Type.Integer(),
  incomeDueNow: Amount,
  /** Income no longer paid after an exit: the cycles not yet due. */
  incomeForgone: Amount,
  /** Everything the exit credits now: income due + principal − damages (exactly what the exit pays). */
  totalPaidNow: Amount,
});
export type SmartExitQuote = Static<typeof SmartExitQuote>;

// ---- staff -------------------------------------------------------------------------------------------------

export const PlanProductPath = Type.Object({ id: Id });

/** New terms for a product; running plans keep the terms they were bought with. */
export const SetPlanTermsBody = Body({
  terms: Type.Array(PlanTerm, { minItems: 1, maxItems: 20 }),
  minAmount: Amount,
  maxAmount: Amount,
  exitDamagesRate: Rate,
  enabled: Type.Boolean(),
  reason: TextLine({ minLength: 3, maxLength: 300 }),
});
export type SetPlanTermsBody = Static<typeof SetPlanTermsBody>;

/** Puts owners' capital into the plan reserve (a reasoned, audited ledger entry). */
export const FundPlanReserveBody = Body({
  currency: Type.String({ pattern: '^[A-Z0-9]{2,10}$' }),
  amount: Amount,
  reason: TextLine({ minLength: 3, maxLength: 300 }),
});
export type FundPlanReserveBody = Static<typeof FundPlanReserveBody>;
export const PlanProductList = Type.Array(PlanProduct);
