import type Decimal from 'decimal.js';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import {
  errors,
  isCleanLine,
  networksOfCoin,
  type AddAddressBody,
  type CashierCoin,
  type CashierNetwork,
  type WithdrawalAddress,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { isValidAddress } from '../cashier/rules';
import { withdrawalAddresses } from './tables';

/** Entries a customer may keep: enough for every wallet a person uses, bounded like every list. */
export const MAX_ADDRESSES = 50;

type AddressRow = typeof withdrawalAddresses.$inferSelect;

/**
 * One address in its comparable form: Ethereum addresses (hex) and Bitcoin segwit addresses (bech32) are
 * the same address in either letter case; base58 addresses (TRON, legacy Bitcoin) are case-sensitive.
 */
export function comparableAddress(network: string, address: string): string {
  const trimmed = address.trim();
  if (network === 'ERC20' || network === 'ETH') return trimmed.toLowerCase();
  if (network === 'BTC' && /^bc1/i.test(trimmed)) return trimmed.toLowerCase();
  return trimmed;
}

/** A label as stored: NFC, single spaces, 1–40 characters, no invisible or reordering characters. */
export function cleanLabel(raw: string): string | null {
  if (!isCleanLine(raw)) return null;
  const label = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
  return label.length >= 1 && [...label].length <= 40 ? label : null;
}

/**
 * The withdrawal address book. An address is checked for its network (checksums where the network has
 * them), confirmed by an e-mailed code, and usable from its confirmation plus the cooling-off period
 * (`withdrawal_address_cooling_off_hours`, fixed at confirmation). A removed entry is kept, marked removed.
 */
export class AddressBook {
  constructor(
    private readonly db: Db,
    private readonly coolingOffHours: () => Decimal,
    private readonly now: () => Date,
  ) {}

  async list(userId: string, at: Date = this.now()): Promise<WithdrawalAddress[]> {
    const rows = await this.db
      .select()
      .from(withdrawalAddresses)
      .where(and(eq(withdrawalAddresses.userId, BigInt(userId)), isNull(withdrawalAddresses.removedAt)))
      .orderBy(asc(withdrawalAddresses.id));
    return rows.map((row) => toView(row, at));
  }

  /** A new, unconfirmed entry; the caller mails its code. */
  async add(userId: string, body: AddAddressBody): Promise<WithdrawalAddress> {
    const label = cleanLabel(body.label);
    if (!label) throw new AppError(errors.addressLabelInvalid);
    if (!networksOfCoin[body.coin].includes(body.network))
      throw new AppError(errors.coinOrNetworkUnsupported);
    const address = body.address.trim();
    if (!isValidAddress(body.network, address))
      throw new AppError(errors.addressIncorrect, `This is not a valid ${body.network} address`);
    const live = await this.live(userId);
    if (live.length >= MAX_ADDRESSES) throw new AppError(errors.addressBookFull);
    const same = comparableAddress(body.network, address);
    if (
      live.some(
        (row) =>
          row.coin === body.coin &&
          row.network === body.network &&
          comparableAddress(row.network, row.address) === same,
      )
    )
      throw new AppError(errors.addressAlreadySaved);
    const [row] = await this.db
      .insert(withdrawalAddresses)
      .values({
        userId: BigInt(userId),
        label,
        coin: body.coin,
        network: body.network,
        address,
        createdAt: this.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(errors.addressAlreadySaved);
    return toView(row, this.now());
  }

  /** A live entry of the customer, or 11214. */
  async entry(userId: string, id: string): Promise<AddressRow> {
    const [row] = await this.db
      .select()
      .from(withdrawalAddresses)
      .where(
        and(
          eq(withdrawalAddresses.id, BigInt(id)),
          eq(withdrawalAddresses.userId, BigInt(userId)),
          isNull(withdrawalAddresses.removedAt),
        ),
      );
    if (!row) throw new AppError(errors.addressEntryNotFound);
    return row;
  }

  /** Confirms an entry in `tx` (its code was checked): usable from now plus the cooling-off period. */
  async confirm(tx: Tx, userId: string, id: string): Promise<void> {
    const now = this.now();
    const ms = this.coolingOffHours().times(3_600_000).toDecimalPlaces(0).toNumber();
    const confirmed = await tx
      .update(withdrawalAddresses)
      .set({ confirmedAt: now, usableFrom: new Date(now.getTime() + ms) })
      .where(
        and(
          eq(withdrawalAddresses.id, BigInt(id)),
          eq(withdrawalAddresses.userId, BigInt(userId)),
          isNull(withdrawalAddresses.removedAt),
          isNull(withdrawalAddresses.confirmedAt),
        ),
      )
      .returning({ id: withdrawalAddresses.id });
    if (confirmed.length === 0) throw new AppError(errors.addressAlreadyConfirmed);
  }

  async remove(userId: string, id: string): Promise<void> {
    const removed = await this.db
      .update(withdrawalAddresses)
      .set({ removedAt: this.now() })
      .where(
        and(
          eq(withdrawalAddresses.id, BigInt(id)),
          eq(withdrawalAddresses.userId, BigInt(userId)),
          isNull(withdrawalAddresses.removedAt),
        ),
      )
      .returning({ id: withdrawalAddresses.id });
    if (removed.length === 0) throw new AppError(errors.addressEntryNotFound);
  }

  /** Whether the customer's book holds this address as confirmed and past its cooling-off at `at`. */
  async usable(
    userId: string,
    target: { coin: CashierCoin; network: CashierNetwork; address: string },
    at: Date,
    reader: Db | Tx = this.db,
  ): Promise<boolean> {
    const same = comparableAddress(target.network, target.address);
    const rows = await this.live(userId, reader);
    return rows.some(
      (row) =>
        row.coin === target.coin &&
        row.network === target.network &&
        comparableAddress(row.network, row.address) === same &&
        row.usableFrom !== null &&
        row.usableFrom.getTime() <= at.getTime(),
    );
  }

  async countLive(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(withdrawalAddresses)
      .where(and(eq(withdrawalAddresses.userId, BigInt(userId)), isNull(withdrawalAddresses.removedAt)));
    return Number(row?.n ?? 0);
  }

  private live(userId: string, reader: Db | Tx = this.db): Promise<AddressRow[]> {
    return reader
      .select()
      .from(withdrawalAddresses)
      .where(and(eq(withdrawalAddresses.userId, BigInt(userId)), isNull(withdrawalAddresses.removedAt)));
  }
}

function toView(row: AddressRow, at: Date): WithdrawalAddress {
  const status =
    row.usableFrom === null ? 'pending' : row.usableFrom.getTime() <= at.getTime() ? 'usable' : 'coolingOff';
  return {
    id: String(row.id),
    label: row.label,
    coin: row.coin as CashierCoin,
    network: row.network as CashierNetwork,
    address: row.address,
    status,
    usableFrom: row.usableFrom?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
