import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { SignedUpCustomer } from '../../auth/testing';
import { planPayouts, plans } from '../tables';
import { CYCLE_MS, plansServer, type PlansTestServer } from './helpers';
import { propertyRuns } from '../../test/property-runs';

let server: PlansTestServer;

/** `execute` answers the driver's result, typed loosely by drizzle; both drivers carry `rows`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const customers: SignedUpCustomer[] = [];

beforeAll(async () => {
  server = await plansServer();
  await server.fundReserve('100000');
  for (let i = 0; i < 3; i += 1) {
    const who = await server.customer();
    await server.fund(who.userId, 'USDT', '100000');
    customers.push(who);
  }
});
afterAll(async () => server.close());

type Step =
  | { kind: 'buy'; who: number; gold: boolean; amount: number }
  | { kind: 'exit'; who: number }
  | { kind: 'jump'; cycles: number; partial: number }
  | { kind: 'run' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('buy' as const),
    who: fc.nat(2),
    gold: fc.boolean(),
    amount: fc.integer({ min: 10, max: 1000 }),
  }),
  fc.record({ kind: fc.constant('exit' as const), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('jump' as const), cycles: fc.nat(4), partial: fc.nat(CYCLE_MS - 1) }),
  fc.constant({ kind: 'run' as const }),
);

async function apply(s: Step): Promise<void> {
  if (s.kind === 'buy') {
    await server.buy(
      customers[s.who]!,
      s.gold ? server.goldId : server.silverId,
      s.gold ? 3 : 2,
      String(s.amount),
    );
  } else if (s.kind === 'exit') {
    const running = (await server.plans(customers[s.who]!)).find((p) => p.status === 'earning');
    if (running)
      await server.services.plans.exit(
        { userId: customers[s.who]!.userId, mode: 'real' },
        { id: String(running.id) },
      );
  } else if (s.kind === 'jump') {
    server.clock.advance(s.cycles * CYCLE_MS + s.partial);
  } else {
    await server.services.plans.payDue();
  }
}

describe('payout invariants (property)', () => {
  it('random purchases, exits and clock jumps never pay a cycle twice or after the end, and the ledger balances', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
        for (const s of steps) await apply(s);
        const db = server.database.db;
        // Never twice: one payout row per (plan, cycle) by key, and the ledger holds exactly one entry per row.
        const [counts] = rowsOf<{ rows: number; entries: number }>(
          await db.execute(sql`select
              (select count(*) from ${planPayouts})::int as rows,
              (select count(*) from ledger_journal_entries where type = 'plan_payout')::int as entries`),
        );
        expect(counts!.rows).toBe(counts!.entries);
        // Never after the end: every payout's due time is before the plan ended, and no plan pays beyond its term.
        const late = await db.execute(sql`select 1 from ${planPayouts} pp join ${plans} p on p.id = pp.plan_id
          where pp.cycle > p.days or (p.ended_at is not null and pp.due_at > p.ended_at)
             or pp.cycle > p.cycles_paid`);
        expect(rowsOf(late)).toHaveLength(0);
        // Never owed beyond the term: cycles paid match the payout rows.
        const mismatch = await db.execute(sql`select p.id from ${plans} p
          where p.cycles_paid <> (select count(*) from ${planPayouts} pp where pp.plan_id = p.id)`);
        expect(rowsOf(mismatch)).toHaveLength(0);
        // The plan account plus customers (and the other platform accounts) sum to zero per currency.
        const check = await server.services.ledger.check();
        expect(check).toEqual({ ok: true, problems: [] });
      }),
      { numRuns: propertyRuns(25) },
    );
    // The property is only worth something if the runs bought, paid and exited plans.
    const [seen] = rowsOf<{ bought: number; exited: number; paid: number }>(
      await server.database.db.execute(sql`select
          (select count(*) from ${plans})::int as bought,
          (select count(*) from ${plans} where status = 'exited')::int as exited,
          (select count(*) from ${planPayouts})::int as paid`),
    );
    expect(seen!.bought).toBeGreaterThan(3);
    expect(seen!.exited).toBeGreaterThan(0);
    expect(seen!.paid).toBeGreaterThan(0);
  });
});
