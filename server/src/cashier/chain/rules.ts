import type { CashierCoin } from '@swx/shared/contract';
import { Exact, roundReceived } from '@swx/shared/contract';
import type Decimal from 'decimal.js';
import type { ChainDepositStatus } from '../tables';
import type { AddressOwner } from './addresses';
import { tokenOf, type ChainNetwork } from './networks';

/**
 * The deposit rules of the chain (docs/product.md, "Deposits from the chain"), pure: what a transfer to one of
 * our addresses is, and what of it is credited.
 */

/** A transfer the watcher found to one of our addresses, before it is recorded. */
export interface FoundTransfer {
  txHash: string;
  /** The log's index in its block; -1 for the transaction's own (native) value. */
  logIndex: number;
  from: string;
  to: string;
  /** The ERC-20 contract; undefined for the native coin. */
  contract: string | undefined;
  value: bigint;
}

export interface Classified {
  status: Extract<ChainDepositStatus, 'seen' | 'below_minimum' | 'unknown_token' | 'wrong_network'>;
  coin: CashierCoin | null;
  /** The exact amount in `coin` (every digit the chain has); null for an unknown token. */
  amount: string | null;
}

/** `raw` smallest units of a token with `decimals` as an exact decimal string (`1500000`, 6 → `1.5`). */
export function amountOf(raw: bigint, decimals: number): string {
  if (raw < 0n) throw new Error('amountOf: a transfer value is never negative');
  const digits = raw.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * What a transfer to `owner`'s address on `network` is:
 * - to an address given for another network: `wrong_network` (recorded for staff, never credited);
 * - of a token the network does not list: `unknown_token` (idem);
 * - below the coin's minimum deposit: `below_minimum` (recorded and shown, not credited);
 * - otherwise `seen`: credited once it has the network's confirmations.
 */
export function classify(
  network: ChainNetwork,
  transfer: Pick<FoundTransfer, 'contract' | 'value'>,
  owner: AddressOwner,
  minimumDeposit: (coin: CashierCoin) => Decimal,
): Classified {
  const token = tokenOf(network, transfer.contract);
  const coin = token?.coin ?? null;
  const amount = token ? amountOf(transfer.value, token.decimals) : null;
  if (owner.chainId !== network.chainId) return { status: 'wrong_network', coin, amount };
  if (!token || amount === null) return { status: 'unknown_token', coin: null, amount: null };
  if (new Exact(amount).lt(minimumDeposit(token.coin))) return { status: 'below_minimum', coin, amount };
  return { status: 'seen', coin, amount };
}

/** What the ledger credits for a deposit of `amount`: rounded down to the coin's ledger precision. */
export function creditedAmount(amount: string, coin: string): string {
  return roundReceived(amount, coin).toFixed();
}

/** Confirmations of a block at `blockNumber` when the chain's head is `head`: the block itself counts as one. */
export function confirmationsOf(blockNumber: number, head: number): number {
  return Math.max(0, head - blockNumber + 1);
}
