import { Type, type Static } from '@sinclair/typebox';
import { Amount, Body, Id, TextLine } from './common';
import { UploadId } from './uploads';
import { errors } from './error-names';

/**
 * The cashier (docs/product.md (the API, business rules) Deposits and Withdrawals): crypto deposits reviewed by staff, withdrawals
 * quoted, held, reviewed and completed. Real accounts only.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const cashierCoins = ['USDT', 'BTC', 'ETH'] as const;
export type CashierCoin = (typeof cashierCoins)[number];
export const cashierNetworks = ['TRC20', 'ERC20', 'BTC', 'ETH'] as const;
export type CashierNetwork = (typeof cashierNetworks)[number];
/** Which networks carry which coin. */
export const networksOfCoin: Record<CashierCoin, readonly CashierNetwork[]> = {
  USDT: ['TRC20', 'ERC20'],
  BTC: ['BTC'],
  ETH: ['ETH'],
};

const Coin = {
  ...Type.Union(cashierCoins.map((c) => Type.Literal(c))),
  'x-code': errors.coinOrNetworkUnsupported,
};
const Network = {
  ...Type.Union(cashierNetworks.map((n) => Type.Literal(n))),
  'x-code': errors.coinOrNetworkUnsupported,
};

// ---- deposits ------------------------------------------------------------------------------------------------

/** `POST /user/recharge`. */
export const RechargeBody = Body({
  coin: Coin,
  network: Network,
  amount: { ...Amount, 'x-code': errors.amountIncorrect },
  txHash: Type.String({ minLength: 1, maxLength: 100, 'x-code': errors.transactionHashIncorrect }),
  proofImage: { ...UploadId, 'x-code': errors.imageMissing },
});
export type RechargeBody = Static<typeof RechargeBody>;

export const DepositStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export type DepositStatus = Static<typeof DepositStatus>;

export const Deposit = Type.Object({
  id: Id,
  coin: Type.String(),
  network: Type.String(),
  amount: Amount,
  /** The platform address the customer paid to (from the parameters at submission). */
  address: Type.String(),
  txHash: Type.String(),
  /** Last 6 characters of the hash, as the seed shows them. */
  txHashTail: Type.String(),
  proofImage: Type.String(),
  status: DepositStatus,
  /** Why staff rejected it; null otherwise. */
  reason: Nullable(Type.String()),
  createdAt: Time,
  decidedAt: Nullable(Time),
});
export type Deposit = Static<typeof Deposit>;
export const DepositList = Type.Array(Deposit);

export const ListRechargeQuery = Type.Object({
  status: Type.Optional(Type.Array(DepositStatus)),
});

/** `GET /user/depositOptions` (our addition): what the deposit form offers. */
export const DepositNetworkOption = Type.Object({
  network: Type.String(),
  address: Type.String(),
  /** The address as a QR code: an SVG data URL. */
  qrCode: Type.String(),
});
export const DepositCoinOption = Type.Object({
  coin: Type.String(),
  minimum: Amount,
  networks: Type.Array(DepositNetworkOption),
});
export const DepositOptions = Type.Object({ coins: Type.Array(DepositCoinOption) });
export type DepositOptions = Static<typeof DepositOptions>;

/** A coin a watched network carries: its native coin (`contract` null) or an ERC-20 token. */
export const ChainDepositCoin = Type.Object({
  coin: Type.String(),
  contract: Nullable(Type.String()),
  decimals: Type.Integer(),
  /** Below it a deposit is recorded and shown, not credited. */
  minimum: Amount,
});

/** A watched EVM network with the customer's own deposit address on it (deposits credited from the chain). */
export const ChainDepositNetwork = Type.Object({
  /** The network's configured id (`ethereum`): what deposits from it are recorded under. */
  network: Type.String(),
  /** The network's name as the customer reads it (`Ethereum`). */
  name: Type.String(),
  chainId: Type.Integer(),
  /** Blocks, the deposit's own counted as the first, before it is credited. */
  confirmations: Type.Integer(),
  /** The customer's address on this network only (EIP-55 checksummed). */
  address: Type.String(),
  /** The address as a QR code: an SVG data URL. */
  qrCode: Type.String(),
  /** A transaction's page on the network's explorer with `{txHash}` to replace; null: no link. */
  explorerTxUrl: Nullable(Type.String()),
  coins: Type.Array(ChainDepositCoin),
});

/** `GET /user/depositAddresses` (our addition): the watched networks and the customer's address on each. */
export const ChainDepositAddresses = Type.Object({ networks: Type.Array(ChainDepositNetwork) });
export type ChainDepositAddresses = Static<typeof ChainDepositAddresses>;

export const ChainDepositStatus = Type.Union([
  /** Read from the chain, waiting for its confirmations. */
  Type.Literal('seen'),
  Type.Literal('credited'),
  /** Its block was replaced before it was credited: not on the chain any more. */
  Type.Literal('dropped'),
  /** Credited, then its block was replaced: staff look at it. */
  Type.Literal('reorged'),
  /** Recorded, not credited: below the coin's minimum deposit. */
  Type.Literal('below_minimum'),
  /** Recorded, not credited: a token the network does not list. */
  Type.Literal('unknown_token'),
  /** Recorded, not credited: sent on another network than the address was given for. */
  Type.Literal('wrong_network'),
]);
export type ChainDepositStatus = Static<typeof ChainDepositStatus>;

/** A transfer to the customer's own address, as the chain watcher recorded it. */
export const ChainDeposit = Type.Object({
  id: Id,
  /** The watched network's id and name it arrived on. */
  network: Type.String(),
  networkName: Type.String(),
  /** The ledger currency; null for a token the network does not list. */
  coin: Nullable(Type.String()),
  /** The ERC-20 contract; null for the native coin. */
  tokenContract: Nullable(Type.String()),
  /** Every digit the chain has; null for an unknown token. */
  amount: Nullable(Type.String()),
  /** What the ledger credited (rounded down to the coin's precision); null until credited. */
  creditedAmount: Nullable(Amount),
  txHash: Type.String(),
  /** The transaction on the network's explorer; null without one configured. */
  explorerUrl: Nullable(Type.String()),
  status: ChainDepositStatus,
  /** Blocks so far, its own counted as the first, as far as the watcher has read (at most `required`). */
  confirmations: Type.Integer(),
  confirmationsRequired: Type.Integer(),
  seenAt: Time,
  creditedAt: Nullable(Time),
});
export type ChainDeposit = Static<typeof ChainDeposit>;
export const ChainDepositList = Type.Array(ChainDeposit);

/** Staff: how the watcher follows one network (its node's health). */
export const ChainNetworkStatus = Type.Object({
  network: Type.String(),
  name: Type.String(),
  chainId: Type.Integer(),
  /** The last block read; null before the first pass. */
  height: Type.Union([Type.Integer(), Type.Null()]),
  /** Failed passes in a row: more than 0 means the network is stalled (backing off). */
  failures: Type.Integer(),
  /** The last failure (never the node's URL); null while healthy. */
  lastError: Nullable(Type.String()),
  stalledSince: Nullable(Time),
  updatedAt: Nullable(Time),
});

/** Staff: a recorded transfer someone has to look at, with whose address it reached. */
export const StaffChainDeposit = Type.Object({
  ...ChainDeposit.properties,
  userId: Id,
  fromAddress: Type.String(),
  toAddress: Type.String(),
  blockNumber: Type.Integer(),
  flaggedAt: Nullable(Time),
});

/**
 * `GET /swx/admin/chain/deposits` (finance): every watched network's health, and the transfers that need a
 * person (credited then replaced, wrong network, unknown token), newest first.
 */
export const StaffChainDeposits = Type.Object({
  networks: Type.Array(ChainNetworkStatus),
  attention: Type.Array(StaffChainDeposit),
});
export type StaffChainDeposits = Static<typeof StaffChainDeposits>;

// ---- withdrawals ---------------------------------------------------------------------------------------------

const Method = {
  ...Type.Union([Type.Literal('crypto'), Type.Literal('bank')]),
  'x-code': errors.withdrawalMethodMissing,
};

/** Where a withdrawal is paid: the crypto address, or the bank payee, card and bank. */
const destinationFields = {
  address: Type.Optional(Type.String({ maxLength: 128, 'x-code': errors.addressIncorrect })),
  payeeName: Type.Optional(TextLine({ maxLength: 100, 'x-code': errors.payeeMissing })),
  cardNumber: Type.Optional(Type.String({ maxLength: 40, 'x-code': errors.cardNumberIncorrect })),
  bankName: Type.Optional(TextLine({ maxLength: 100, 'x-code': errors.payeeMissing })),
};

/**
 * `POST /user/withdrawalQuote` (our addition, pinned in docs/product.md (the API)). Bank withdrawals are in USDT.
 * The destination is optional here (the pinned body has none); when it is sent it is checked as the withdrawal
 * will check it, so a wrong address is refused before any terms are shown.
 */
export const WithdrawalQuoteBody = Body({
  method: Method,
  coin: Type.Optional(Coin),
  network: Type.Optional(Network),
  ...destinationFields,
  amount: { ...Amount, 'x-code': errors.amountIncorrect },
});
export type WithdrawalQuoteBody = Static<typeof WithdrawalQuoteBody>;

export const WithdrawalQuote = Type.Object({
  quoteId: Type.String(),
  method: Type.String(),
  currency: Type.String(),
  /** The amount the customer receives. */
  amount: Amount,
  fee: Amount,
  /** What arrives at the destination: the amount itself (the fee is charged on top). */
  amountReceived: Amount,
  /** Amount plus fee: what is held from the available balance. */
  totalDebited: Amount,
  feeRate: Type.String(),
  expiresAt: Time,
});
export type WithdrawalQuote = Static<typeof WithdrawalQuote>;

/** `POST /user/withdrawal`. */
export const WithdrawalBody = Body({
  method: Method,
  coin: Type.Optional(Coin),
  network: Type.Optional(Network),
  ...destinationFields,
  amount: { ...Amount, 'x-code': errors.amountIncorrect },
  quoteId: Type.String({ pattern: '^[0-9a-f]{32}$', 'x-code': errors.termsChanged }),
});
export type WithdrawalBody = Static<typeof WithdrawalBody>;

export const WithdrawalStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('completed'),
  Type.Literal('rejected'),
  Type.Literal('cancelled'),
]);
export type WithdrawalStatus = Static<typeof WithdrawalStatus>;

export const Withdrawal = Type.Object({
  id: Id,
  method: Type.String(),
  currency: Type.String(),
  network: Nullable(Type.String()),
  address: Nullable(Type.String()),
  payeeName: Nullable(Type.String()),
  /** Masked to the last four digits for the customer. */
  cardNumber: Nullable(Type.String()),
  bankName: Nullable(Type.String()),
  amount: Amount,
  fee: Amount,
  totalDebited: Amount,
  status: WithdrawalStatus,
  reason: Nullable(Type.String()),
  /** The payout's transaction reference once completed. */
  reference: Nullable(Type.String()),
  /** While pending: 1 = next in the review queue. */
  queuePosition: Type.Union([Type.Integer(), Type.Null()]),
  /** While pending: when the review is due (`withdrawal_review_hours` after submission). */
  targetTime: Nullable(Time),
  createdAt: Time,
  decidedAt: Nullable(Time),
  completedAt: Nullable(Time),
});
export type Withdrawal = Static<typeof Withdrawal>;
export const WithdrawalList = Type.Array(Withdrawal);

export const ListWithdrawalQuery = Type.Object({
  status: Type.Optional(Type.Array(WithdrawalStatus)),
});

export const CancelWithdrawalBody = Body({ id: { ...Id, 'x-code': errors.notFound } });

/** `POST /swx/admin/withdrawals/{id}/complete`. */
export const CompleteWithdrawalBody = Body({
  reference: TextLine({ minLength: 1, maxLength: 200, pattern: '\\S' }),
});
export const WithdrawalIdPath = Type.Object({ id: Id });
