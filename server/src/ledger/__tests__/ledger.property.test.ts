import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { ledgerPrecision, type AccountMode } from '@swx/shared/contract';
import { createTestServer, type TestServer } from '../../test/harness';
import type { Db, Tx } from '../../db/client';
import {
  Money,
  baseCurrencies,
  customerAccount,
  customerKinds,
  isCustomerRef,
  platformAccount,
  refKey,
  type AccountRef,
  type CustomerKind,
} from '../accounts';
import { ledgerAccounts, ledgerBalances, ledgerJournalEntries } from '../tables';
import type { Leg, Ledger } from '../service';
import { deposit, refusal, rolledBack } from './fixtures';
import { propertyRuns } from '../../test/property-runs';

/**
 * Random operation sequences against a model of the customers' balances. Each sequence runs in one
 * transaction rolled back at its end, so every sequence starts from the same committed baseline. Operations
 * run one after another in that transaction with no savepoints: a refusal must leave it exactly as it was.
 */

const openedUsers = ['1', '2', '3'];
/** Not opened at the baseline: an operation may open them, or credit them an account before they are. */
const newUsers = ['4', '5'];
const users = [...openedUsers, ...newUsers];
const currencies = ['USDT', 'BTC', 'SOL'];
const modes: AccountMode[] = ['real', 'demo'];
const demoGrant = new Money('100000');
// How many random sequences and batches each property runs: fixed counts, so that the verdict never depends on
// the machine's speed. LEDGER_PROPERTY_RUNS sets both, for a deeper search by hand.
const sequenceRuns = propertyRuns(Number(process.env.LEDGER_PROPERTY_RUNS ?? 200));
const batchRuns = propertyRuns(Number(process.env.LEDGER_PROPERTY_RUNS ?? 100));

type Operation =
  | { op: 'open'; user: string }
  | {
      op: 'transfer';
      from: string;
      to: string;
      mode: AccountMode;
      currency: string;
      amount: string;
      fee?: string;
    }
  | { op: 'deposit'; user: string; currency: string; amount: string }
  | { op: 'hold' | 'release'; user: string; mode: AccountMode; currency: string; amount: string }
  | { op: 'settle'; user: string; mode: AccountMode; currency: string; amount: string; toUser?: string }
  | { op: 'unbalanced' | 'imprecise'; from: string; to: string; currency: string; amount: string };

/**
 * Amounts from one smallest unit to 1e6 with up to 8 decimals; the wide range makes many operations overdraw.
 * Each operation's amounts are then fitted to its currency's ledger precision (USDT cents, coins 10⁻⁸).
 */
const amount = fc
  .oneof(
    { arbitrary: fc.bigInt({ min: 1n, max: 10n ** 8n }), weight: 2 },
    { arbitrary: fc.bigInt({ min: 10n ** 8n, max: 10n ** 11n }), weight: 2 },
    { arbitrary: fc.bigInt({ min: 10n ** 11n, max: 10n ** 14n }), weight: 1 },
  )
  .map((atoms) => new Money(atoms.toString()).div(new Money(10).pow(8)).toFixed());

/** `value` rounded up to a postable amount of `currency` (never zero). */
function postable(value: string, currency: string): string {
  return new Money(value).toDecimalPlaces(ledgerPrecision(currency), Money.ROUND_UP).toFixed();
}

function fitted<T extends { currency: string; amount: string; fee?: string }>(record: T): T {
  const fee = record.fee === undefined ? {} : { fee: postable(record.fee, record.currency) };
  return { ...record, amount: postable(record.amount, record.currency), ...fee };
}

const user = fc.constantFrom(...users);
const mode = fc.constantFrom(...modes);
const currency = fc.constantFrom(...currencies);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant('open' as const), user: fc.constantFrom(...newUsers) }),
  fc
    .record(
      { op: fc.constant('transfer' as const), from: user, to: user, mode, currency, amount, fee: amount },
      { requiredKeys: ['op', 'from', 'to', 'mode', 'currency', 'amount'] },
    )
    .map(fitted),
  fc.record({ op: fc.constant('deposit' as const), user, currency, amount }).map(fitted),
  fc
    .record({ op: fc.constantFrom('hold' as const, 'release' as const), user, mode, currency, amount })
    .map(fitted),
  fc
    .record(
      { op: fc.constant('settle' as const), user, mode, currency, amount, toUser: user },
      { requiredKeys: ['op', 'user', 'mode', 'currency', 'amount'] },
    )
    .map(fitted),
  fc.record({ op: fc.constant('unbalanced' as const), from: user, to: user, currency, amount }).map(fitted),
  // A transfer finer than the currency's precision: refused whole, whatever the balances.
  fc.record({ op: fc.constant('imprecise' as const), from: user, to: user, currency, amount }).map(fitted),
);

/** What the customers' accounts should hold: balance per existing account, by ref key. */
class Model {
  readonly accounts = new Map<string, Money>();
  readonly granted = new Set<string>();
  /** Journal entries posted: a refused operation must not add one. */
  journals = 0;

  clone(): Model {
    const copy = new Model();
    for (const [key, value] of this.accounts) copy.accounts.set(key, value);
    for (const user of this.granted) copy.granted.add(user);
    copy.journals = this.journals;
    return copy;
  }

  open(user: string): void {
    for (const mode of modes) {
      for (const currency of baseCurrencies) {
        for (const kind of customerKinds) {
          const key = refKey(customerAccount(user, mode, currency, kind));
          if (!this.accounts.has(key)) this.accounts.set(key, new Money(0));
        }
      }
    }
    if (!this.granted.has(user)) {
      this.granted.add(user);
      this.journals++;
      const key = refKey(customerAccount(user, 'demo', 'USDT'));
      this.accounts.set(key, (this.accounts.get(key) ?? new Money(0)).add(demoGrant));
    }
  }

  /** Applies the legs as the ledger must: all or nothing. Returns the refusal code, or undefined. */
  post(legs: Leg[]): string | undefined {
    const net = new Map<string, { ref: AccountRef; net: Money }>();
    for (const leg of legs) {
      if (!isCustomerRef(leg.account)) continue;
      const key = refKey(leg.account);
      const entry = net.get(key) ?? { ref: leg.account, net: new Money(0) };
      entry.net = entry.net.add(leg.amount);
      net.set(key, entry);
    }
    const next = new Map<string, Money>();
    for (const [key, { ref, net: change }] of net) {
      const current = this.accounts.get(key);
      if (current === undefined && !(change.isPositive() && !change.isZero())) return '10011';
      const balance = (current ?? new Money(0)).add(change);
      if (balance.isNegative()) return isCustomerRef(ref) && ref.kind === 'customer_held' ? '11020' : '10011';
      next.set(key, balance);
    }
    for (const [key, balance] of next) this.accounts.set(key, balance);
    this.journals++;
    return undefined;
  }

  balances(user: string, mode: AccountMode): Record<string, { available: string; held: string }> {
    const result: Record<string, { available: string; held: string }> = {};
    for (const currency of [...new Set([...baseCurrencies, ...currencies])]) {
      const available = this.accounts.get(refKey(customerAccount(user, mode, currency)));
      const held = this.accounts.get(refKey(customerAccount(user, mode, currency, 'customer_held')));
      if (available === undefined && held === undefined) continue;
      result[currency] = {
        available: (available ?? new Money(0)).toFixed(),
        held: (held ?? new Money(0)).toFixed(),
      };
    }
    return result;
  }
}

function legsOf(operation: Exclude<Operation, { op: 'open' }>): Leg[] {
  const neg = (value: string) => new Money(value).neg().toFixed();
  switch (operation.op) {
    case 'transfer': {
      const { from, to, mode, currency, amount, fee } = operation;
      const paid = fee ? new Money(amount).add(fee).toFixed() : amount;
      return [
        { account: customerAccount(from, mode, currency), amount: neg(paid) },
        { account: customerAccount(to, mode, currency), amount },
        ...(fee ? [{ account: platformAccount('platform_fees', currency, mode), amount: fee }] : []),
      ];
    }
    case 'deposit':
      return [
        {
          account: platformAccount('platform_external_custody', operation.currency),
          amount: neg(operation.amount),
        },
        { account: customerAccount(operation.user, 'real', operation.currency), amount: operation.amount },
      ];
    case 'hold':
    case 'release': {
      const { user, mode, currency, amount } = operation;
      const available = customerAccount(user, mode, currency);
      const held = customerAccount(user, mode, currency, 'customer_held');
      const [from, to] = operation.op === 'hold' ? [available, held] : [held, available];
      return [
        { account: from, amount: neg(amount) },
        { account: to, amount },
      ];
    }
    case 'settle': {
      const { user, mode, currency, amount, toUser } = operation;
      return [
        { account: customerAccount(user, mode, currency, 'customer_held'), amount: neg(amount) },
        {
          account: toUser
            ? customerAccount(toUser, mode, currency)
            : platformAccount('platform_external_custody', currency, mode),
          amount,
        },
      ];
    }
    case 'unbalanced':
      return [
        {
          account: customerAccount(operation.from, 'real', operation.currency),
          amount: neg(operation.amount),
        },
        {
          account: customerAccount(operation.to, 'real', operation.currency),
          amount: new Money(operation.amount).add('0.000000000000000001').toFixed(),
        },
      ];
    case 'imprecise': {
      const finer = new Money(operation.amount)
        .add(new Money(10).pow(-ledgerPrecision(operation.currency) - 1))
        .toFixed();
      return [
        { account: customerAccount(operation.from, 'real', operation.currency), amount: neg(finer) },
        { account: customerAccount(operation.to, 'real', operation.currency), amount: finer },
      ];
    }
  }
}

/** Runs one operation through the service's own entry points. */
function run(ledger: Ledger, tx: Tx, operation: Operation): Promise<unknown> {
  const base = { type: `test_${operation.op}` };
  switch (operation.op) {
    case 'open':
      return ledger.openCustomerAccounts(tx, operation.user);
    case 'hold':
    case 'release': {
      const { user, mode, currency, amount } = operation;
      return ledger[operation.op](tx, { ...base, userId: user, mode, currency, amount });
    }
    case 'settle': {
      // The first leg takes from held; settleHeld builds that itself from the destinations.
      const [, destination] = legsOf(operation);
      const { user, mode, currency } = operation;
      return ledger.settleHeld(tx, { ...base, userId: user, mode, currency, to: [destination!] });
    }
    default:
      return ledger.transfer(tx, { ...base, legs: legsOf(operation) });
  }
}

/** Every customer account's balance by ref key, in one query (cheaper than `balances` per user and mode). */
async function allCustomerBalances(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx
    .select({
      userId: ledgerAccounts.ownerUserId,
      mode: ledgerAccounts.mode,
      kind: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
      balance: ledgerBalances.balance,
    })
    .from(ledgerAccounts)
    .innerJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id));
  return new Map(
    rows.map((row) => [
      refKey(customerAccount(String(row.userId), row.mode, row.currency, row.kind as CustomerKind)),
      new Money(row.balance).toFixed(),
    ]),
  );
}

async function journalCount(reader: Db | Tx): Promise<number> {
  const [row] = await reader.select({ count: count() }).from(ledgerJournalEntries);
  return Number(row?.count);
}

function asText(accounts: Map<string, Money>): Map<string, string> {
  return new Map([...accounts].map(([key, balance]) => [key, balance.toFixed()]));
}

let server: TestServer;
let db: Db;
let ledger: Ledger;
const baseline = new Model();

beforeAll(async () => {
  server = await createTestServer();
  db = server.database.db;
  ledger = server.services.ledger;
  await ledger.preparePlatformAccounts(currencies);
  await db.transaction(async (tx) => {
    for (const user of openedUsers) {
      await ledger.openCustomerAccounts(tx, user);
      baseline.open(user);
      for (const [currency, value] of [
        ['USDT', '1000'],
        ['BTC', '2.5'],
      ] as const) {
        await deposit(ledger, tx, user, currency, value);
        baseline.post(legsOf({ op: 'deposit', user, currency, amount: value }));
      }
    }
  });
  // Whatever else the server posted at start-up is part of the baseline.
  baseline.journals = await journalCount(db);
});
afterAll(async () => server.close());

it('keeps the ledger consistent under random operation sequences, refusals changing nothing', async () => {
  const stats = { sequences: 0, applied: 0, refused: 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.array(operation, { minLength: 1, maxLength: 8 }),
      fc.record({ user, mode }),
      async (operations, probe) => {
        const model = baseline.clone();
        await rolledBack(db, async (tx) => {
          for (const operation of operations) {
            let expected: string | undefined;
            if (operation.op === 'open') model.open(operation.user);
            else if (operation.op === 'unbalanced' || operation.op === 'imprecise') expected = operation.op;
            else expected = model.post(legsOf(operation));

            const outcome = await refusal(() => run(ledger, tx, operation));
            if (expected === 'unbalanced') expect(outcome).toMatch(/^ledger: (USDT|BTC|SOL) legs sum to/);
            else if (expected === 'imprecise')
              expect(outcome).toMatch(/^ledger: (USDT|BTC|SOL) amount .* has more than [28] decimal places$/);
            else expect(outcome).toBe(expected);
            if (outcome === undefined) stats.applied++;
            else stats.refused++;
          }
          expect(await ledger.check(tx)).toEqual({ ok: true, problems: [] });
          expect(await allCustomerBalances(tx)).toEqual(asText(model.accounts));
          expect(await journalCount(tx)).toBe(model.journals);
          expect(await ledger.balances(probe.user, probe.mode, tx)).toEqual(
            model.balances(probe.user, probe.mode),
          );
        });
        stats.sequences++;
      },
    ),
    // A fixed count, so that the verdict never depends on the machine's speed (a time limit let a busy
    // machine run a handful); LEDGER_PROPERTY_RUNS asks for more, for a deeper search by hand.
    { numRuns: sequenceRuns },
  );
  if (process.env.LEDGER_PROPERTY_REPORT) console.warn('ledger property', stats);
  expect(stats.sequences).toBe(sequenceRuns);
  // Both branches must be exercised for the property to mean anything.
  expect(stats.applied).toBeGreaterThan(stats.sequences / 2);
  expect(stats.refused).toBeGreaterThan(stats.sequences / 2);
  // The baseline survived every sequence untouched.
  expect(await ledger.check()).toEqual({ ok: true, problems: [] });
  for (const user of users)
    expect(await ledger.balances(user, 'real')).toEqual(baseline.balances(user, 'real'));
}, 300_000);

it('posts a batch (transferMany) exactly as the same entries one by one: each refusal alone, the rest posted', async () => {
  const balanced = operation.filter(
    (o): o is Exclude<Operation, { op: 'open' } | { op: 'unbalanced' | 'imprecise' }> =>
      o.op !== 'open' && o.op !== 'unbalanced' && o.op !== 'imprecise',
  );
  const stats = { batches: 0, applied: 0, refused: 0 };
  await fc.assert(
    fc.asyncProperty(fc.array(balanced, { minLength: 1, maxLength: 12 }), async (operations) => {
      const model = baseline.clone();
      const expected = operations.map((o) => model.post(legsOf(o)));
      await rolledBack(db, async (tx) => {
        const references: string[] = [];
        const outcomes = await ledger.transferMany(
          tx,
          operations.map((o) => ({ type: `test_batch_${o.op}`, legs: legsOf(o) })),
          {
            beforeWrite: async (accepted) => {
              // Called once, before anything is written, with exactly the entries that will be posted.
              expect(accepted).toEqual(expected.flatMap((code, i) => (code === undefined ? [i] : [])));
              expect(await journalCount(tx)).toBe(baseline.journals);
              references.push(...accepted.map(String));
            },
          },
        );
        expect(outcomes.map((o) => ('code' in o ? o.code : undefined))).toEqual(expected);
        const journals = outcomes.flatMap((o) => ('journalId' in o ? [o.journalId] : []));
        expect(new Set(journals).size).toBe(journals.length);
        expect(await ledger.check(tx)).toEqual({ ok: true, problems: [] });
        expect(await allCustomerBalances(tx)).toEqual(asText(model.accounts));
        expect(await journalCount(tx)).toBe(model.journals);
        stats.applied += journals.length;
        stats.refused += outcomes.length - journals.length;
      });
      stats.batches++;
    }),
    { numRuns: batchRuns },
  );
  expect(stats.batches).toBe(batchRuns);
  expect(stats.applied).toBeGreaterThan(stats.batches / 2);
  expect(stats.refused).toBeGreaterThan(stats.batches / 2);
}, 300_000);
