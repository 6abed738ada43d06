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

/**
 * Socket (`/message`, the customer's own sockets): a recorded transfer changed. Sent when the watcher records
 * it, each time its confirmations advance, and when it is credited, dropped, flagged or not credited (the
 * status says why). A screen patches the confirmations in place and reloads the list (`GET /user/chainDeposits`)
 * when the status changed or the id is new to it.
 */
// A type, not an interface: it is an account event (`{type} & Record<string, unknown>`) as it stands.
export type ChainDepositEvent = {
  type: 'chain.deposit';
  id: string;
  network: string;
  status: ChainDepositStatus;
  confirmations: number;
  confirmationsRequired: number;
};

export function isChainDepositEvent(event: { type: string }): event is ChainDepositEvent {
  const candidate = event as Partial<ChainDepositEvent>;
  return (
    candidate.type === 'chain.deposit' &&
    typeof candidate.id === 'string' &&
    typeof candidate.status === 'string' &&
    typeof candidate.confirmations === 'number' &&
    typeof candidate.confirmationsRequired === 'number'
  );
}

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
export type StaffChainDeposit = Static<typeof StaffChainDeposit>;

/**
 * `GET /swx/admin/chain/deposits` (finance): every watched network's health, and the transfers that need a
 * person (credited then replaced, wrong network, unknown token), newest first.
 */
/** An approved withdrawal the hot wallet cannot pay now (staff fund the wallet, or wait for gas to fall). */
export const HeldChainPayout = Type.Object({
  withdrawalId: Id,
  network: Type.String(),
  state: Type.Union([Type.Literal('waiting_funds'), Type.Literal('waiting_gas')]),
  currency: Type.String(),
  amount: Amount,
  since: Nullable(Time),
});
export type HeldChainPayout = Static<typeof HeldChainPayout>;

export const StaffChainDeposits = Type.Object({
  networks: Type.Array(ChainNetworkStatus),
  attention: Type.Array(StaffChainDeposit),
  /** The hot wallet's address per watched network (withdrawals are paid from it; staff fund it). */
  hotWallets: Type.Array(Type.Object({ network: Type.String(), address: Type.String() })),
  /** Approved withdrawals waiting for funds in the hot wallet, or for gas under the cap: a warning for staff. */
  heldWithdrawals: Type.Array(HeldChainPayout),
});
export type StaffChainDeposits = Static<typeof StaffChainDeposits>;

// ---- sweeps: deposit addresses emptied into the hot wallet -----------------------------------------------------

/**
 * A sweep's state: `funding` (an ERC-20 address is sent the gas its transfer needs, and waits for it to
 * confirm), `sweeping` (the transfer to the hot wallet is sent and confirming), `done`, or `failed` (a
 * transaction failed or was cancelled; the reason is given, and the next pass may start a new sweep).
 */
export const ChainSweepStatus = Type.Union([
  Type.Literal('funding'),
  Type.Literal('sweeping'),
  Type.Literal('done'),
  Type.Literal('failed'),
]);
export type ChainSweepStatus = Static<typeof ChainSweepStatus>;

/** One transaction of a sweep: the gas sent to the address, or the transfer out of it. */
export const ChainSweepTransaction = Type.Object({
  kind: Type.Union([Type.Literal('gas'), Type.Literal('transfer')]),
  txHash: Type.String(),
  /** The send's state (`pending`, `mined`, `confirmed`, `failed`, `cancelled`, `cancelling`). */
  status: Type.String(),
  /** Native coin sent for gas, or the coin swept, in the coin's units (every digit the chain has). */
  amount: Type.String(),
  /** The coin of `amount`: the network's native coin for gas, the swept coin for the transfer. */
  coin: Type.String(),
  explorerUrl: Nullable(Type.String()),
});
export type ChainSweepTransaction = Static<typeof ChainSweepTransaction>;

/**
 * A sweep as staff read it: ledger-neutral (the coins were credited to the customer when they arrived and are
 * the platform's either way; only where they sit on the chain changes).
 */
export const ChainSweep = Type.Object({
  id: Id,
  network: Type.String(),
  networkName: Type.String(),
  /** The deposit address emptied, and whose it is. */
  address: Type.String(),
  userId: Id,
  /** The hot wallet it was swept into. */
  hotWallet: Type.String(),
  coin: Type.String(),
  /** The ERC-20 contract; null for the native coin. */
  tokenContract: Nullable(Type.String()),
  /** What the address held when the sweep was planned, in the coin's units. */
  balance: Type.String(),
  status: ChainSweepStatus,
  transactions: Type.Array(ChainSweepTransaction),
  lastError: Nullable(Type.String()),
  createdAt: Time,
  finishedAt: Nullable(Time),
});
export type ChainSweep = Static<typeof ChainSweep>;

/** `GET /swx/admin/chain/sweeps`: newest first, a page at a time, optionally one status. */
export const ChainSweepQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  status: Type.Optional(ChainSweepStatus),
});
export type ChainSweepQuery = Static<typeof ChainSweepQuery>;

export const ChainSweepPage = Type.Object({
  items: Type.Array(ChainSweep),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type ChainSweepPage = Static<typeof ChainSweepPage>;

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
  /** Sent to the chain and not paid (the transaction failed or was cancelled): amount and fee returned. */
  Type.Literal('returned'),
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
  /**
   * Paid from the hot wallet on a watched network (issue 30): `waiting_funds` (the hot wallet cannot pay yet),
   * `waiting_gas` (gas above the cap), `sending`, `confirming`; null otherwise (and once finished).
   */
  chainState: Type.Union([
    Type.Literal('waiting_funds'),
    Type.Literal('waiting_gas'),
    Type.Literal('sending'),
    Type.Literal('confirming'),
    Type.Null(),
  ]),
  /** The paying transaction (the newest attempt while it is sent), when sent from the hot wallet. */
  txHash: Nullable(Type.String()),
  /** Its page on the network's explorer, when one is configured. */
  explorerUrl: Nullable(Type.String()),
  /** While confirming: confirmations so far, and those required. */
  confirmations: Type.Union([Type.Integer(), Type.Null()]),
  confirmationsRequired: Type.Union([Type.Integer(), Type.Null()]),
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
