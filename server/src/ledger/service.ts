import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AccountMode, LedgerCheck, LedgerEntryPage, LedgerBalances } from '@swx/shared/contract';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { ledgerAccounts, ledgerBalances, ledgerJournalEntries, ledgerPostings } from './tables';
import {
  Money,
  baseCurrencies,
  customerAccount,
  customerKinds,
  formatAmount,
  isCustomerRef,
  parseAmount,
  platformAccount,
  platformKinds,
  refKey,
  type AccountRef,
  type CustomerKind,
  type PlatformKind,
} from './accounts';
import { attachedRows } from './attach';
import { checkLedger } from './check';
import { decide, netChanges, type LockedAccount } from './decide';
import { writeEntries } from './write';
import {
  entriesFor,
  platformPostingsByReference,
  postingsOfJournals,
  eventsWithBalances,
  type PlatformPostingByReference,
} from './reads';
import type {
  EntryFilters,
  HeldFundsRequest,
  JournalPosting,
  LedgerOptions,
  PostingFilters,
  EventMovement,
  Reader,
  SettleHeldRequest,
  TransferManyOptions,
  TransferRequest,
  TransferResult,
} from './types';
import { assertCurrency, assertUserId, entryDescription, positiveAmount, validateTransfer } from './validate';

export type * from './types';

/**
 * The double-entry ledger: the only code that changes balances (docs/product.md promise 3).
 *
 * Every change is a journal entry whose signed postings sum to zero per currency; postings are never
 * changed or deleted. Customer accounts keep a running balance row, locked `FOR UPDATE` in account-id order
 * (so two transfers touching the same customers cannot deadlock) and checked never to go below zero.
 * Platform accounts have no running balance: they take part in almost every transaction, and one row updated
 * by all of them would serialise the platform; their balance is the sum of their postings.
 *
 * Every writing method takes the caller's transaction, so a business record and its money move commit or
 * roll back together. A refusal throws before anything is written, so the caller's transaction is left as
 * it was (callers normally let the error roll it back). A transaction making several ledger calls that touch
 * more than one customer calls `lockCustomers` first.
 */
export class Ledger {
  /** Ids of platform accounts known to be committed (prepared outside any caller transaction). */
  private readonly platformIds = new Map<string, bigint>();

  constructor(
    private readonly db: Db,
    private readonly options: LedgerOptions,
  ) {}

  /** Builds the ledger and creates the platform accounts for the base currencies. */
  static async create(db: Db, options: LedgerOptions): Promise<Ledger> {
    const ledger = new Ledger(db, options);
    await ledger.preparePlatformAccounts(baseCurrencies);
    return ledger;
  }

  /**
   * Creates (if missing) every platform account for these currencies in both modes, in a transaction of its
   * own, and remembers their ids. Call it at start-up for each listed coin; a transfer in a currency not
   * prepared still works, it just looks the platform account up each time.
   */
  async preparePlatformAccounts(currencies: readonly string[]): Promise<void> {
    for (const currency of currencies) assertCurrency(currency);
    const wanted = currencies.flatMap((currency) =>
      (['real', 'demo'] as const).flatMap((mode) => platformKinds.map((kind) => ({ kind, mode, currency }))),
    );
    const rows = await this.db.transaction(async (tx) => {
      await tx.insert(ledgerAccounts).values(wanted).onConflictDoNothing();
      return tx
        .select({
          id: ledgerAccounts.id,
          kind: ledgerAccounts.kind,
          mode: ledgerAccounts.mode,
          currency: ledgerAccounts.currency,
        })
        .from(ledgerAccounts)
        .where(and(isNull(ledgerAccounts.ownerUserId), inArray(ledgerAccounts.currency, [...currencies])));
    });
    for (const row of rows) {
      this.platformIds.set(refKey(platformAccount(row.kind as PlatformKind, row.currency, row.mode)), row.id);
    }
  }

  /**
   * Opens a new customer's real and demo account sets (available and held, per base currency) and credits
   * the demo set with the demo grant from the platform's demo funding account. Safe to call twice.
   */
  async openCustomerAccounts(tx: Tx, userId: string): Promise<void> {
    assertUserId(userId);
    await this.openAccounts(
      tx,
      (['real', 'demo'] as const).flatMap((mode) =>
        baseCurrencies.flatMap((currency) =>
          customerKinds.map((kind) => customerAccount(userId, mode, currency, kind)),
        ),
      ),
    );

    const grant = parseAmount(this.options.demoInitialBalance());
    if (grant.isZero()) return;
    await this.transfer(tx, {
      type: 'demo_grant',
      reference: { type: 'user', id: userId },
      memo: 'Demo account opening balance',
      once: `demo_grant:${userId}`,
      legs: [
        { account: platformAccount('platform_demo_funding', 'USDT', 'demo'), amount: grant.neg().toFixed() },
        { account: customerAccount(userId, 'demo', 'USDT'), amount: grant.toFixed() },
      ],
    });
  }

  /**
   * Posts one journal entry. Refuses (and writes nothing) when the legs do not sum to zero per currency, mix
   * demo and real money, or would take a customer's available funds below zero (`10011`) or held funds below
   * zero (`11020`). A customer account credited for the first time (a new coin) is opened on the way.
   */
  async transfer(tx: Tx, request: TransferRequest): Promise<TransferResult> {
    const legs = validateTransfer(request);
    if (request.once !== undefined) {
      // Already posted: report it before any balance check, which may no longer pass.
      const earlier = await this.entryPostedOnce(tx, request.once);
      if (earlier) return { journalId: earlier, duplicate: true };
    }
    const [outcome] = await this.post(tx, [request], [legs]);
    if (outcome instanceof AppError) throw outcome;
    if (outcome === undefined) {
      // Only a `once` key makes the insert do nothing: a concurrent transfer with the key committed first.
      return { journalId: String(await this.entryPostedOnce(tx, request.once as string)), duplicate: true };
    }
    return { journalId: outcome, duplicate: false };
  }

  /**
   * Posts several independent entries (orders that arrived together) with one statement of locks and one of
   * writes, where `transfer` each would cost both per entry. They are decided in order against the balances
   * the earlier ones leave: an entry that `transfer` would refuse is refused alone (its `AppError` in its
   * place) and the others are posted. `options.beforeWrite` runs with the accepted entries' indexes once every
   * decision is made and before anything is written, so the caller can create the records they are for
   * (and set their `reference`) only for those; `options.attach` names rows (receipts) to write in the
   * entries' own statement with their journal ids, so a batch of orders costs one write round trip.
   *
   * An entry whose `once` key was already used answers that entry as a duplicate, as `transfer` does (one
   * query looks all the keys up). Should a concurrent transaction take one of the keys between that look-up
   * and the write, this throws, so the caller's transaction rolls back rather than post the others with
   * balances computed for an entry that was not written; the caller retries entry by entry.
   */
  async transferMany<T extends PgTable>(
    tx: Tx,
    requests: TransferRequest[],
    options: TransferManyOptions<T> = {},
  ): Promise<(TransferResult | AppError)[]> {
    const legs = requests.map(validateTransfer);
    const keys = requests.flatMap((r) => (r.once === undefined ? [] : [r.once]));
    if (new Set(keys).size !== keys.length) throw new Error('ledger: transferMany got one once key twice');
    const earlier = new Map<string, string>();
    if (keys.length > 0) {
      const rows = await tx
        .select({ id: ledgerJournalEntries.id, once: ledgerJournalEntries.onceKey })
        .from(ledgerJournalEntries)
        .where(inArray(ledgerJournalEntries.onceKey, keys));
      for (const row of rows) earlier.set(row.once!, String(row.id));
    }
    const fresh = requests.flatMap((r, i) => (r.once !== undefined && earlier.has(r.once) ? [] : [i]));
    const outcomes = await this.post(
      tx,
      fresh.map((i) => requests[i]!),
      fresh.map((i) => legs[i]!),
      renumbered(options, fresh),
      fresh,
    );
    const results: (TransferResult | AppError)[] = requests.map((r) => ({
      journalId: earlier.get(r.once!) ?? '',
      duplicate: true,
    }));
    // Every fresh entry was either refused or written: a gap means its once key was taken meanwhile.
    fresh.forEach((i, k) => {
      const outcome = outcomes[k];
      if (outcome === undefined)
        throw new Error('ledger: a once key was used concurrently; retry the entries one by one');
      results[i] = outcome instanceof AppError ? outcome : { journalId: outcome, duplicate: false };
    });
    return results;
  }

  /**
   * The shared path of `transfer` and `transferMany`: locks every customer account involved, decides each
   * entry in order (refusals are decided before anything is written, so a refused entry leaves the caller's
   * transaction as it was), then writes the accepted ones (journals, postings and balance rows) in one
   * statement. Answers per entry its journal id, its refusal, or undefined when a `once` key made it a no-op.
   */
  private async post<T extends PgTable = PgTable>(
    tx: Tx,
    requests: TransferRequest[],
    legsOf: { account: AccountRef; amount: Money }[][],
    options: TransferManyOptions<T> = {},
    numbering: readonly number[] = requests.map((_, i) => i),
  ): Promise<(string | AppError | undefined)[]> {
    const nets = netChanges(legsOf);
    const customerRefs = new Map<string, AccountRef>();
    for (const netByKey of nets)
      for (const [key, { ref }] of netByKey) if (isCustomerRef(ref)) customerRefs.set(key, ref);
    const locked = await this.lockCustomerAccounts(tx, [...customerRefs.values()]);
    // First credit in a currency (a new coin): the account is opened, then locked like the others.
    const toOpen = new Map<string, AccountRef>();
    nets.forEach((netByKey) => {
      for (const [key, { ref, net }] of netByKey)
        if (isCustomerRef(ref) && !locked.has(key) && net.isPositive() && !net.isZero()) toOpen.set(key, ref);
    });

    const { outcomes, accepted, running } = decide(nets, locked, toOpen);
    if (accepted.length === 0) return outcomes;

    const opening = [...toOpen].filter(([key]) => running.has(key)).map(([, ref]) => ref);
    if (opening.length > 0) {
      await this.openAccounts(tx, opening);
      for (const [key, account] of await this.lockCustomerAccounts(tx, opening)) locked.set(key, account);
    }
    const ids = new Map<string, bigint>();
    for (const i of accepted) {
      for (const [key, { ref }] of nets[i]!) {
        if (ids.has(key)) continue;
        if (isCustomerRef(ref)) {
          const account = locked.get(key);
          if (!account) throw new Error(`ledger: account ${key} could not be opened`);
          ids.set(key, account.id);
        } else {
          ids.set(key, await this.platformAccountId(tx, ref));
        }
      }
    }
    await options.beforeWrite?.(accepted);
    const alongside = options.attach && attachedRows(options.attach, accepted);

    const written = await writeEntries(tx, {
      entries: accepted.map((i) => ({ n: i, request: numbering[i]!, entry: requests[i]! })),
      postings: accepted.flatMap((i) =>
        legsOf[i]!.map((leg) => ({ n: i, accountId: ids.get(refKey(leg.account))!, amount: leg.amount })),
      ),
      balances: [...running].flatMap(([key, balance]) => {
        const before = locked.get(key);
        return before === undefined || before.balance.eq(balance) ? [] : [{ accountId: before.id, balance }];
      }),
      alongside,
    });
    for (const row of written) outcomes[row.n] = row.id;
    return outcomes;
  }

  /**
   * Locks every balance row of these customers (in account-id order) for the rest of the transaction. A
   * single ledger call locks what it needs in a safe order by itself; a transaction that makes several calls
   * touching more than one customer calls this first, or two such transactions can deadlock each other.
   */
  async lockCustomers(tx: Tx, customers: { userId: string; mode: AccountMode }[]): Promise<void> {
    if (customers.length === 0) return;
    for (const { userId } of customers) assertUserId(userId);
    await tx
      .select({ accountId: ledgerBalances.accountId })
      .from(ledgerBalances)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerBalances.accountId))
      .where(
        or(
          ...customers.map(({ userId, mode }) =>
            and(eq(ledgerAccounts.ownerUserId, BigInt(userId)), eq(ledgerAccounts.mode, mode)),
          ),
        ),
      )
      .orderBy(ledgerBalances.accountId)
      .for('update', { of: ledgerBalances });
  }

  /** Moves funds from available to held (a withdrawal under review, a bid, a plan's principal). */
  hold(tx: Tx, request: HeldFundsRequest): Promise<TransferResult> {
    return this.moveWithin(tx, request, 'customer_available', 'customer_held');
  }

  /** Moves funds from held back to available (a rejected withdrawal, an outbid bid). */
  release(tx: Tx, request: HeldFundsRequest): Promise<TransferResult> {
    return this.moveWithin(tx, request, 'customer_held', 'customer_available');
  }

  /** Pays held funds out to other accounts (an approved withdrawal and its fee, a won NFT auction). */
  async settleHeld(tx: Tx, request: SettleHeldRequest): Promise<TransferResult> {
    if (request.to.length === 0) throw new Error('ledger: settleHeld needs at least one destination');
    let total = new Money(0);
    for (const leg of request.to) total = total.add(positiveAmount(leg.amount));
    return this.transfer(tx, {
      ...entryDescription(request),
      legs: [
        {
          account: customerAccount(request.userId, request.mode, request.currency, 'customer_held'),
          amount: total.neg().toFixed(),
        },
        ...request.to,
      ],
    });
  }

  /** A customer's balances in one mode, per currency. */
  async balances(userId: string, mode: AccountMode, reader: Reader = this.db): Promise<LedgerBalances> {
    assertUserId(userId);
    const rows = await reader
      .select({
        currency: ledgerAccounts.currency,
        kind: ledgerAccounts.kind,
        balance: ledgerBalances.balance,
      })
      .from(ledgerAccounts)
      .innerJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id))
      .where(and(eq(ledgerAccounts.ownerUserId, BigInt(userId)), eq(ledgerAccounts.mode, mode)))
      .orderBy(ledgerAccounts.currency);
    const result: LedgerBalances = {};
    for (const row of rows) {
      const entry = (result[row.currency] ??= { available: '0', held: '0' });
      entry[row.kind === 'customer_held' ? 'held' : 'available'] = formatAmount(row.balance);
    }
    return result;
  }

  /** A platform account's balance: the sum of its postings (platform accounts keep no running balance). */
  async platformBalance(
    kind: PlatformKind,
    currency: string,
    mode: AccountMode = 'real',
    reader: Reader = this.db,
  ): Promise<string> {
    const [row] = await reader
      .select({ total: sql<string | null>`sum(${ledgerPostings.amount})` })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(
        and(
          isNull(ledgerAccounts.ownerUserId),
          eq(ledgerAccounts.kind, kind),
          eq(ledgerAccounts.mode, mode),
          eq(ledgerAccounts.currency, currency),
        ),
      );
    return formatAmount(String(row?.total ?? '0'));
  }

  /**
   * Every platform account's balance (sum of its postings) by kind, mode and currency, in one query: the
   * back office's view of fees, plan reserve, loans, charity, custody and corrections.
   */
  async platformBalances(
    reader: Reader = this.db,
  ): Promise<{ kind: string; mode: AccountMode; currency: string; balance: string }[]> {
    const rows = await reader
      .select({
        kind: ledgerAccounts.kind,
        mode: ledgerAccounts.mode,
        currency: ledgerAccounts.currency,
        total: sql<string | null>`sum(${ledgerPostings.amount})`,
      })
      .from(ledgerAccounts)
      .leftJoin(ledgerPostings, eq(ledgerPostings.accountId, ledgerAccounts.id))
      .where(isNull(ledgerAccounts.ownerUserId))
      .groupBy(ledgerAccounts.kind, ledgerAccounts.mode, ledgerAccounts.currency)
      .orderBy(ledgerAccounts.mode, ledgerAccounts.kind, ledgerAccounts.currency);
    return rows.map((row) => ({
      kind: row.kind,
      mode: row.mode,
      currency: row.currency,
      balance: formatAmount(String(row.total ?? '0')),
    }));
  }

  /** The customer's ledger entries (one per posting on their accounts), newest first, for their records. */
  entriesFor(
    userId: string,
    mode: AccountMode,
    filters: EntryFilters = {},
    reader: Reader = this.db,
  ): Promise<LedgerEntryPage> {
    assertUserId(userId);
    return entriesFor(reader, { userId, mode }, filters);
  }

  /** Every posting of these journal entries, in posting order: the ledger lines of a receipt. */
  postingsOfJournals(journalIds: readonly string[], reader: Reader = this.db): Promise<JournalPosting[]> {
    return postingsOfJournals(reader, journalIds);
  }

  /** A customer's money events in one mode, newest first: per journal entry and currency, available and held changes with both balances after (transaction records). */
  eventsWithBalances(
    customer: { userId: string; mode: AccountMode },
    filters: PostingFilters,
    page: { limit: number; offset: number },
    reader: Reader = this.db,
  ): Promise<EventMovement[]> {
    assertUserId(customer.userId);
    return eventsWithBalances(reader, customer, filters, page);
  }

  // ---- nfts ----
  /** A platform account's postings per journal entry for records of `referenceType` (charity donations). */
  platformPostingsByReference(
    kind: PlatformKind,
    currency: string,
    referenceType: string,
    mode: AccountMode = 'real',
    reader: Reader = this.db,
  ): Promise<PlatformPostingByReference[]> {
    return platformPostingsByReference(reader, { kind, currency, mode }, referenceType);
  }

  /**
   * Verifies the ledger's invariants (see `checkLedger`): postings sum to zero per mode and currency, every
   * journal balances, customer balance rows equal their postings and never go below zero.
   */
  check(reader: Reader = this.db): Promise<LedgerCheck> {
    return checkLedger(reader);
  }

  private async platformAccountId(
    tx: Tx,
    ref: Extract<AccountRef, { platform: PlatformKind }>,
  ): Promise<bigint> {
    const known = this.platformIds.get(refKey(ref));
    if (known !== undefined) return known;
    // Not prepared at start-up: created in the caller's transaction and not cached, since that may roll back.
    await tx
      .insert(ledgerAccounts)
      .values({ kind: ref.platform, mode: ref.mode, currency: ref.currency })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          isNull(ledgerAccounts.ownerUserId),
          eq(ledgerAccounts.kind, ref.platform),
          eq(ledgerAccounts.mode, ref.mode),
          eq(ledgerAccounts.currency, ref.currency),
        ),
      );
    if (!row) throw new Error(`ledger: platform account ${refKey(ref)} could not be opened`);
    return row.id;
  }

  /** Moves an amount between a customer's own available and held funds. */
  private moveWithin(
    tx: Tx,
    request: HeldFundsRequest,
    from: CustomerKind,
    to: CustomerKind,
  ): Promise<TransferResult> {
    const amount = positiveAmount(request.amount);
    const { userId, mode, currency } = request;
    return this.transfer(tx, {
      ...entryDescription(request),
      legs: [
        { account: customerAccount(userId, mode, currency, from), amount: amount.neg().toFixed() },
        { account: customerAccount(userId, mode, currency, to), amount: amount.toFixed() },
      ],
    });
  }

  private async entryPostedOnce(tx: Tx, once: string): Promise<string | undefined> {
    const [earlier] = await tx
      .select({ id: ledgerJournalEntries.id })
      .from(ledgerJournalEntries)
      .where(eq(ledgerJournalEntries.onceKey, once));
    return earlier ? String(earlier.id) : undefined;
  }

  /** Locks the balance rows of these customer accounts, in account-id order; returns those that exist by ref key. */
  private async lockCustomerAccounts(tx: Tx, refs: AccountRef[]): Promise<Map<string, LockedAccount>> {
    const result = new Map<string, LockedAccount>();
    if (refs.length === 0) return result;
    const rows = await tx
      .select({
        id: ledgerAccounts.id,
        ownerUserId: ledgerAccounts.ownerUserId,
        mode: ledgerAccounts.mode,
        kind: ledgerAccounts.kind,
        currency: ledgerAccounts.currency,
        balance: ledgerBalances.balance,
      })
      .from(ledgerAccounts)
      .innerJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id))
      .where(customerAccountsIn(refs))
      .orderBy(ledgerAccounts.id)
      .for('update', { of: ledgerBalances });
    for (const row of rows) {
      result.set(customerKey(row), { id: row.id, kind: row.kind, balance: new Money(row.balance) });
    }
    return result;
  }

  /** Opens customer accounts (if missing) with their zero balance rows. */
  private async openAccounts(tx: Tx, refs: AccountRef[]): Promise<void> {
    const customers = refs.filter(isCustomerRef);
    await tx
      .insert(ledgerAccounts)
      .values(
        customers.map((ref) => ({
          ownerUserId: BigInt(ref.userId),
          mode: ref.mode,
          kind: ref.kind,
          currency: ref.currency,
        })),
      )
      .onConflictDoNothing();
    await this.createBalanceRows(tx, customerAccountsIn(customers));
  }

  private async createBalanceRows(tx: Tx, accounts: SQL): Promise<void> {
    await tx.execute(
      sql`insert into ${ledgerBalances} (account_id) select ${ledgerAccounts.id} from ${ledgerAccounts}
          where ${accounts} on conflict do nothing`,
    );
  }
}

/**
 * These customer accounts, as one condition with one JSON parameter: the same statement text however many
 * accounts a batch touches (an `or` of one `and` per account cost the builder four parameters each).
 */
function customerAccountsIn(refs: AccountRef[]): SQL {
  const keys = JSON.stringify(
    refs.map((ref) => {
      const customer = ref as Extract<AccountRef, { userId: string }>;
      return { u: customer.userId, m: customer.mode, k: customer.kind, c: customer.currency };
    }),
  );
  return sql`(${ledgerAccounts.ownerUserId}, ${ledgerAccounts.mode}, ${ledgerAccounts.kind}, ${ledgerAccounts.currency})
    in (select u, m, k, c from json_to_recordset(${keys}::json) as r(u bigint, m text, k text, c text))`;
}

function customerKey(row: {
  ownerUserId: bigint | null;
  mode: AccountMode;
  kind: string;
  currency: string;
}): string {
  return `${String(row.ownerUserId)}|${row.mode}|${row.kind}|${row.currency}`;
}

/** `transferMany`'s hooks as `post` calls them: with indexes among the fresh entries, turned back into the caller's. */
function renumbered<T extends PgTable>(
  options: TransferManyOptions<T>,
  fresh: readonly number[],
): TransferManyOptions<T> {
  const original = (accepted: number[]) => accepted.map((k) => fresh[k]!);
  const { beforeWrite, attach } = options;
  return {
    beforeWrite: beforeWrite && ((accepted) => beforeWrite(original(accepted))),
    attach: attach && { ...attach, rows: (accepted) => attach.rows(original(accepted)) },
  };
}
