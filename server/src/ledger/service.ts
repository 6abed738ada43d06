import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  AccountMode,
  LedgerCheck,
  LedgerEntry,
  LedgerEntryPage,
  LedgerBalances,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
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
import { errors } from '@swx/shared/contract';

/** Anything queries can run on: the database, or a caller's transaction to read its own writes. */
export type Reader = Db | Tx;

export interface Leg {
  account: AccountRef;
  /** Signed decimal string: positive credits the account, negative debits it. */
  amount: string;
}

export interface EntryDescription {
  /** What happened, e.g. `deposit`, `withdrawal_hold`, `trade_fee`, `plan_payout`, `correction`. */
  type: string;
  /** The business record behind the entry, e.g. `{ type: 'deposit', id: '42' }`. */
  reference?: { type: string; id: string };
  /** Shown in the customer's records. Required when staff make the entry: a correction carries its reason. */
  memo?: string;
  /** The staff member making the entry; absent for the system. */
  createdByStaffId?: string;
  /** Makes the entry happen at most once: a later transfer with the same key posts nothing. */
  once?: string;
}

export interface TransferRequest extends EntryDescription {
  legs: Leg[];
}

/**
 * Runs once the entries of a `transferMany` are decided, before they are written, with the indexes of the
 * accepted requests (to write the records the entries refer to). It may answer a data-modifying statement
 * (an `insert … select`) to run inside the entries' own statement, in the same round trip: it can read
 * `written(n, journal_id)`, the request index and journal id of every entry written.
 */
export type BeforeWrite = (accepted: number[]) => Promise<SQL | void>;

export interface TransferResult {
  journalId: string;
  /** True when `once` matched an earlier entry and nothing was posted. */
  duplicate: boolean;
}

export interface HeldFundsRequest extends EntryDescription {
  userId: string;
  mode: AccountMode;
  currency: string;
  amount: string;
}

export interface SettleHeldRequest extends EntryDescription {
  userId: string;
  mode: AccountMode;
  currency: string;
  /** Where the held money goes; each amount positive and in the held currency. Their sum leaves `held`. */
  to: Leg[];
}

export interface EntryFilters {
  currency?: string;
  types?: string[];
  /** Only entries of one business record, e.g. the entries a fill produced, for its receipt. */
  reference?: { type: string; id: string };
  /** Posting id cursor from a previous page: only older postings. */
  before?: string;
  /** Page size, 1–200, default 50. */
  limit?: number;
}

export interface LedgerOptions {
  /** USDT credited to a new demo account: the `demo_initial_balance` parameter. */
  demoInitialBalance: () => string;
}

const currencyPattern = /^[A-Z0-9]{2,12}$/;
const userIdPattern = /^[1-9][0-9]{0,18}$/;
/** Each consistency query reports at most this many rows, so a broken ledger still answers quickly. */
const problemLimit = 50;

interface LockedAccount {
  id: bigint;
  kind: string;
  balance: Money;
}

/**
 * The double-entry ledger: the only code that changes balances (PRODUCT.md §1 rule 3).
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
   * place) and the others are posted. `beforeWrite` runs with the accepted entries' indexes once every
   * decision is made and before anything is written, so the caller can create the records they are for
   * (and set their `reference`) only for those.
   *
   * An entry whose `once` key was already used answers that entry as a duplicate, as `transfer` does (one
   * query looks all the keys up). Should a concurrent transaction take one of the keys between that look-up
   * and the write, this throws, so the caller's transaction rolls back rather than post the others with
   * balances computed for an entry that was not written; the caller retries entry by entry.
   */
  async transferMany(
    tx: Tx,
    requests: TransferRequest[],
    beforeWrite?: BeforeWrite,
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
      beforeWrite && ((accepted) => beforeWrite(accepted.map((k) => fresh[k]!))),
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
  private async post(
    tx: Tx,
    requests: TransferRequest[],
    legsOf: { account: AccountRef; amount: Money }[][],
    beforeWrite?: BeforeWrite,
    numbering: readonly number[] = requests.map((_, i) => i),
  ): Promise<(string | AppError | undefined)[]> {
    // Net change per account and entry: one balance update per customer account however many legs touch it.
    const nets = legsOf.map((legs) => {
      const netByKey = new Map<string, { ref: AccountRef; net: Money }>();
      for (const leg of legs) {
        const key = refKey(leg.account);
        const entry = netByKey.get(key) ?? { ref: leg.account, net: new Money(0) };
        entry.net = entry.net.add(leg.amount);
        netByKey.set(key, entry);
      }
      return netByKey;
    });
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

    // Decisions, in order, against running balances. Accounts to open count as zero until opened.
    const running = new Map<string, Money>();
    const balanceOf = (key: string) => running.get(key) ?? locked.get(key)?.balance;
    const outcomes: (string | AppError | undefined)[] = [];
    const accepted: number[] = [];
    nets.forEach((netByKey, i) => {
      for (const [key, { ref, net }] of netByKey) {
        if (!isCustomerRef(ref)) continue;
        // An account not opened yet is opened by a credit only (as in `transfer`).
        const opens = toOpen.has(key) && net.isPositive() && !net.isZero();
        const balance = balanceOf(key) ?? (opens ? new Money(0) : undefined);
        if (balance === undefined || balance.add(net).isNegative()) {
          // A missing account has no funds to give: 10011 whatever its kind. One opened by an earlier entry
          // of the batch exists by now.
          const exists = locked.has(key) || running.has(key);
          outcomes[i] = new AppError(
            exists && ref.kind === 'customer_held' ? errors.holdInsufficient : errors.insufficientBalance,
          );
          return;
        }
      }
      for (const [key, { ref, net }] of netByKey)
        if (isCustomerRef(ref)) running.set(key, (balanceOf(key) ?? new Money(0)).add(net));
      accepted.push(i);
    });
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
    const alongside = await beforeWrite?.(accepted);

    // Journals, postings and balance rows in one statement (one round trip). Journal ids are drawn from the
    // sequence up front so postings can name them; the later parts read the journal rows actually inserted,
    // so when a `once` key makes the insert do nothing, nothing else is written either.
    // The rows travel as three JSON parameters: the statement's text is the same whatever the batch size.
    const entries = JSON.stringify(
      accepted.map((i) => {
        const r = requests[i]!;
        return {
          n: i,
          request: numbering[i],
          type: r.type,
          reference_type: r.reference?.type ?? null,
          reference_id: r.reference?.id ?? null,
          memo: r.memo ?? null,
          created_by_staff_id: r.createdByStaffId ?? null,
          once_key: r.once ?? null,
        };
      }),
    );
    const postings = JSON.stringify(
      accepted.flatMap((i) =>
        legsOf[i]!.map((leg) => ({
          n: i,
          account_id: String(ids.get(refKey(leg.account))),
          amount: leg.amount.toFixed(),
        })),
      ),
    );
    const balances = JSON.stringify(
      [...running].flatMap(([key, balance]) => {
        const before = locked.get(key);
        return before === undefined || before.balance.eq(balance)
          ? []
          : [{ account_id: String(before.id), balance: balance.toFixed() }];
      }),
    );
    const written = await tx.execute(sql`
      with entry as (
        select e.n, e.request, nextval(pg_get_serial_sequence('ledger_journal_entries', 'id')) as id, e.type,
               e.reference_type, e.reference_id, e.memo, e.created_by_staff_id, e.once_key
        from json_to_recordset(${entries}::json)
             as e(n int, request int, type text, reference_type text, reference_id text, memo text,
                  created_by_staff_id bigint, once_key text)
      ), journal as (
        insert into ${ledgerJournalEntries} (id, type, reference_type, reference_id, memo, created_by_staff_id, once_key)
        overriding system value
        select id, type, reference_type, reference_id, memo, created_by_staff_id, once_key from entry order by n
        on conflict (once_key) do nothing
        returning id
      ), postings as (
        insert into ${ledgerPostings} (journal_id, account_id, amount)
        select journal.id, leg.account_id, leg.amount
        from journal join entry on entry.id = journal.id
             join json_to_recordset(${postings}::json) as leg(n int, account_id bigint, amount numeric)
               on leg.n = entry.n
      ), balances as (
        -- The rows are locked above, so writing the computed balance is safe.
        update ${ledgerBalances} as b set balance = v.balance
        from json_to_recordset(${balances}::json) as v(account_id bigint, balance numeric)
        where b.account_id = v.account_id and exists (select 1 from journal)
      )${
        alongside
          ? sql`, written as (
        select entry.request as n, journal.id as journal_id from journal join entry on entry.id = journal.id
      ), alongside as (${alongside})`
          : sql``
      }
      select entry.n, journal.id::text as id from journal join entry on entry.id = journal.id`);
    for (const row of rowsOf<{ n: number; id: string }>(written)) outcomes[row.n] = row.id;
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

  /** The customer's ledger entries (one per posting on their accounts), newest first, for their records. */
  async entriesFor(
    userId: string,
    mode: AccountMode,
    filters: EntryFilters = {},
    reader: Reader = this.db,
  ): Promise<LedgerEntryPage> {
    assertUserId(userId);
    const limit = Math.min(Math.max(Math.trunc(filters.limit ?? 50), 1), 200);
    const conditions: SQL[] = [eq(ledgerAccounts.ownerUserId, BigInt(userId)), eq(ledgerAccounts.mode, mode)];
    if (filters.currency) conditions.push(eq(ledgerAccounts.currency, filters.currency));
    if (filters.types?.length) conditions.push(inArray(ledgerJournalEntries.type, filters.types));
    if (filters.reference) {
      conditions.push(
        eq(ledgerJournalEntries.referenceType, filters.reference.type),
        eq(ledgerJournalEntries.referenceId, filters.reference.id),
      );
    }
    if (filters.before) {
      if (!userIdPattern.test(filters.before)) throw new AppError(errors.invalidRequest, 'Invalid cursor');
      conditions.push(lt(ledgerPostings.id, BigInt(filters.before)));
    }
    const rows = await reader
      .select({
        id: ledgerPostings.id,
        journalId: ledgerPostings.journalId,
        amount: ledgerPostings.amount,
        currency: ledgerAccounts.currency,
        kind: ledgerAccounts.kind,
        type: ledgerJournalEntries.type,
        referenceType: ledgerJournalEntries.referenceType,
        referenceId: ledgerJournalEntries.referenceId,
        memo: ledgerJournalEntries.memo,
        createdAt: ledgerJournalEntries.createdAt,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerJournalEntries, eq(ledgerJournalEntries.id, ledgerPostings.journalId))
      .where(and(...conditions))
      .orderBy(desc(ledgerPostings.id))
      .limit(limit + 1);
    const entries: LedgerEntry[] = rows.slice(0, limit).map((row) => ({
      id: String(row.id),
      journalId: String(row.journalId),
      type: row.type,
      referenceType: row.referenceType,
      referenceId: row.referenceId,
      memo: row.memo,
      currency: row.currency,
      account: row.kind === 'customer_held' ? 'held' : 'available',
      amount: formatAmount(row.amount),
      createdAt: row.createdAt.toISOString(),
    }));
    return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
  }

  /**
   * Verifies the ledger's invariants: postings sum to zero per mode and currency; every journal balances per
   * currency, has at least two postings and stays in one mode; every customer account has a balance row
   * equal to the sum of its postings and never below zero; no platform account has a balance row.
   */
  async check(reader: Reader = this.db): Promise<LedgerCheck> {
    const problems: string[] = [];
    const a = ledgerAccounts;
    const p = ledgerPostings;
    const j = ledgerJournalEntries;
    const b = ledgerBalances;

    const totals = await reader
      .select({ mode: a.mode, currency: a.currency, total: sql<string>`sum(${p.amount})` })
      .from(p)
      .innerJoin(a, eq(a.id, p.accountId))
      .groupBy(a.mode, a.currency)
      .having(sql`sum(${p.amount}) <> 0`)
      .limit(problemLimit);
    for (const row of totals) {
      problems.push(
        `${row.currency} (${row.mode}): postings sum to ${formatAmount(String(row.total))}, not 0`,
      );
    }

    const unbalanced = await reader
      .select({ journalId: p.journalId, currency: a.currency, total: sql<string>`sum(${p.amount})` })
      .from(p)
      .innerJoin(a, eq(a.id, p.accountId))
      .groupBy(p.journalId, a.currency)
      .having(sql`sum(${p.amount}) <> 0`)
      .limit(problemLimit);
    for (const row of unbalanced) {
      problems.push(
        `journal ${row.journalId}: ${row.currency} postings sum to ${formatAmount(String(row.total))}, not 0`,
      );
    }

    const malformed = await reader
      .select({
        journalId: j.id,
        postings: sql<number>`count(${p.id})::int`,
        modes: sql<number>`count(distinct ${a.mode})::int`,
      })
      .from(j)
      .leftJoin(p, eq(p.journalId, j.id))
      .leftJoin(a, eq(a.id, p.accountId))
      .groupBy(j.id)
      .having(sql`count(${p.id}) < 2 or count(distinct ${a.mode}) > 1`)
      .limit(problemLimit);
    for (const row of malformed) {
      if (Number(row.postings) < 2)
        problems.push(`journal ${row.journalId}: ${row.postings} posting(s), needs at least 2`);
      if (Number(row.modes) > 1) problems.push(`journal ${row.journalId}: mixes demo and real accounts`);
    }

    const postingSum = sql<string>`coalesce(sum(${p.amount}), 0)`;
    const drifted = await reader
      .select({ accountId: b.accountId, balance: b.balance, postings: postingSum })
      .from(b)
      .leftJoin(p, eq(p.accountId, b.accountId))
      .groupBy(b.accountId, b.balance)
      .having(sql`${b.balance} <> coalesce(sum(${p.amount}), 0) or ${b.balance} < 0`)
      .limit(problemLimit);
    for (const row of drifted) {
      const balance = formatAmount(row.balance);
      const postings = formatAmount(String(row.postings));
      if (balance !== postings) {
        problems.push(
          `account ${row.accountId}: balance ${balance} differs from its postings' sum ${postings}`,
        );
      }
      if (new Money(row.balance).isNegative())
        problems.push(`account ${row.accountId}: negative balance ${balance}`);
    }

    const negative = await reader
      .select({ accountId: p.accountId, kind: a.kind, total: sql<string>`sum(${p.amount})` })
      .from(p)
      .innerJoin(a, eq(a.id, p.accountId))
      .where(inArray(a.kind, [...customerKinds]))
      .groupBy(p.accountId, a.kind)
      .having(sql`sum(${p.amount}) < 0`)
      .limit(problemLimit);
    for (const row of negative) {
      problems.push(
        `account ${row.accountId}: ${row.kind} postings sum to ${formatAmount(String(row.total))}, below 0`,
      );
    }

    const misplaced = await reader
      .select({ accountId: a.id, ownerUserId: a.ownerUserId, balanceRow: b.accountId })
      .from(a)
      .leftJoin(b, eq(b.accountId, a.id))
      .where(
        or(
          and(sql`${a.ownerUserId} is not null`, isNull(b.accountId)),
          and(isNull(a.ownerUserId), sql`${b.accountId} is not null`),
        ),
      )
      .limit(problemLimit);
    for (const row of misplaced) {
      problems.push(
        row.ownerUserId === null
          ? `account ${row.accountId}: platform account has a running balance row`
          : `account ${row.accountId}: customer account has no balance row`,
      );
    }

    return { ok: problems.length === 0, problems };
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

function entryDescription(request: EntryDescription): EntryDescription {
  const { type, reference, memo, createdByStaffId, once } = request;
  return { type, reference, memo, createdByStaffId, once };
}

function positiveAmount(value: string): Money {
  const amount = parseAmount(value);
  if (!amount.isPositive() || amount.isZero())
    throw new Error(`ledger: amount must be positive, got "${value}"`);
  return amount;
}

function assertUserId(userId: string): void {
  if (!userIdPattern.test(userId)) throw new Error(`ledger: "${userId}" is not a user id`);
}

function assertCurrency(currency: string): void {
  if (!currencyPattern.test(currency)) throw new Error(`ledger: "${currency}" is not a currency code`);
}

/**
 * Checks a transfer's shape before anything is read or written. These are programming errors (the caller
 * built a wrong entry), not customer refusals, so they throw plain errors.
 */
function validateTransfer(request: TransferRequest): { account: AccountRef; amount: Money }[] {
  if (!request.type || request.type.length > 64) throw new Error('ledger: an entry needs a type');
  if (request.createdByStaffId !== undefined) {
    if (!userIdPattern.test(request.createdByStaffId))
      throw new Error('ledger: createdByStaffId is not an id');
    if (!request.memo?.trim()) throw new Error('ledger: an entry made by staff must give its reason in memo');
  }
  if (request.legs.length < 2) throw new Error('ledger: an entry needs at least two legs');
  const modes = new Set<AccountMode>();
  const totals = new Map<string, Money>();
  const legs = request.legs.map((leg) => {
    const amount = parseAmount(leg.amount);
    if (amount.isZero()) throw new Error('ledger: a leg of zero posts nothing');
    const { account } = leg;
    assertCurrency(account.currency);
    if (account.mode !== 'real' && account.mode !== 'demo')
      throw new Error('ledger: account mode must be real or demo');
    if (isCustomerRef(account)) {
      assertUserId(account.userId);
      if (!(customerKinds as readonly string[]).includes(account.kind))
        throw new Error('ledger: unknown customer kind');
    } else if (!(platformKinds as readonly string[]).includes(account.platform)) {
      throw new Error(`ledger: unknown platform account "${String(account.platform)}"`);
    }
    modes.add(account.mode);
    totals.set(account.currency, (totals.get(account.currency) ?? new Money(0)).add(amount));
    return { account, amount };
  });
  if (modes.size > 1) throw new Error('ledger: an entry cannot mix demo and real accounts');
  for (const [currency, total] of totals) {
    if (!total.isZero()) throw new Error(`ledger: ${currency} legs sum to ${total.toFixed()}, not 0`);
  }
  return legs;
}
