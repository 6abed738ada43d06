import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { LedgerCheck } from '@swx/shared/contract';
import { Money, customerKinds, formatAmount } from './accounts';
import { ledgerAccounts, ledgerBalances, ledgerJournalEntries, ledgerPostings } from './tables';
import type { Reader } from './types';

/** Each consistency query reports at most this many rows, so a broken ledger still answers quickly. */
const problemLimit = 50;

/**
 * Verifies the ledger's invariants: postings sum to zero per mode and currency; every journal balances per
 * currency, has at least two postings and stays in one mode; every customer account has a balance row
 * equal to the sum of its postings and never below zero; no platform account has a balance row.
 */
export async function checkLedger(reader: Reader): Promise<LedgerCheck> {
  const problems: string[] = [];
  for (const find of [
    sumsPerCurrency,
    unbalancedJournals,
    malformedJournals,
    driftedBalances,
    negativeAccounts,
    misplacedBalanceRows,
  ])
    problems.push(...(await find(reader)));
  return { ok: problems.length === 0, problems };
}

const a = ledgerAccounts;
const p = ledgerPostings;
const j = ledgerJournalEntries;
const b = ledgerBalances;

async function sumsPerCurrency(reader: Reader): Promise<string[]> {
  const problems: string[] = [];
  const totals = await reader
    .select({ mode: a.mode, currency: a.currency, total: sql<string>`sum(${p.amount})` })
    .from(p)
    .innerJoin(a, eq(a.id, p.accountId))
    .groupBy(a.mode, a.currency)
    .having(sql`sum(${p.amount}) <> 0`)
    .limit(problemLimit);
  for (const row of totals) {
    problems.push(`${row.currency} (${row.mode}): postings sum to ${formatAmount(String(row.total))}, not 0`);
  }
  return problems;
}

async function unbalancedJournals(reader: Reader): Promise<string[]> {
  const problems: string[] = [];
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
  return problems;
}

async function malformedJournals(reader: Reader): Promise<string[]> {
  const problems: string[] = [];
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
  return problems;
}

async function driftedBalances(reader: Reader): Promise<string[]> {
  const problems: string[] = [];
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
  return problems;
}

async function negativeAccounts(reader: Reader): Promise<string[]> {
  const problems: string[] = [];
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
  return problems;
}

async function misplacedBalanceRows(reader: Reader): Promise<string[]> {
  const problems: string[] = [];
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
  return problems;
}
