import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { openFreshDatabase } from '../../test/database';
import { FakeClock } from '../clock';
import { createLeadership, FencedOut, type Leadership } from '../leadership';
import { Scheduler } from '../scheduler';
import { platformJobs } from '../tables';
import { UnitOfWork } from '../unit-of-work';

/**
 * Fenced leadership (docs/architecture.md, "Several instances"): every takeover raises the epoch, and a
 * deposed leader's writes (job claims, units of work in its periodic passes) are refused however sure it is
 * that it still leads. On PGlite (in-process leadership) and on PostgreSQL (advisory lock, lease, timeouts).
 */
const quietLog = { error: () => undefined, warn: () => undefined, info: () => undefined };

let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
/** The two instances' databases: two connections pools on PostgreSQL, one shared object on PGlite. */
let first: Database;
let second: Database;

beforeAll(async () => {
  fresh = await openFreshDatabase();
  first = fresh.database;
  second = fresh.databaseUrl ? await openDatabase({ databaseUrl: fresh.databaseUrl, migrated: true }) : first;
  await first.db.execute(sql`create table test_effects (job text not null, key text not null)`);
});
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
  await fresh?.drop();
});

function leadershipOf(database: Database, key: bigint, options: { leaseMs?: number } = {}): Leadership {
  return createLeadership(database, fresh.databaseUrl, {
    key,
    applicationName: `swx-leader test-${crypto.randomBytes(3).toString('hex')}`,
    ...(options.leaseMs ? { leaseMs: options.leaseMs, confirmEveryMs: options.leaseMs / 5 } : {}),
  });
}

/** A leader that was paused before the takeover: it still believes its old term, and writes with it. */
function paused(leadership: Leadership, epoch: bigint): Leadership {
  return {
    tryAcquire: async () => true,
    isHeld: () => true,
    epoch: () => epoch,
    fence: (tx, term = epoch) => leadership.fence(tx, term),
    release: async () => undefined,
  };
}

const newKey = () => BigInt(crypto.randomInt(1, 2 ** 47));

async function effects(): Promise<string[]> {
  const result = await first.db.execute(sql`select key from test_effects order by key`);
  return rowsOf<{ key: string }>(result).map((row) => row.key);
}

it('every takeover raises the epoch, and a write fenced with an older one is refused', async () => {
  const key = newKey();
  const a = leadershipOf(first, key);
  const b = leadershipOf(second, key);
  expect(await a.tryAcquire()).toBe(true);
  const firstTerm = a.epoch()!;
  expect(firstTerm).toBeGreaterThan(0n);
  expect(await b.tryAcquire()).toBe(false);
  // The leader's own writes pass its fence.
  await first.db.transaction((tx) => a.fence(tx));

  await a.release();
  expect(await b.tryAcquire()).toBe(true);
  expect(b.epoch()).toBe(firstTerm + 1n);
  // a, resuming with its old term, is refused.
  await expect(first.db.transaction((tx) => a.fence(tx, firstTerm))).rejects.toBeInstanceOf(FencedOut);
  await expect(first.db.transaction((tx) => a.fence(tx))).rejects.toBeInstanceOf(FencedOut);
  await second.db.transaction((tx) => b.fence(tx));
  await b.release();
});

it('a paused leader resuming after a takeover claims no job: the new leader runs it once, under its epoch', async () => {
  const key = newKey();
  const clock = new FakeClock();
  const a = leadershipOf(first, key);
  expect(await a.tryAcquire()).toBe(true);
  const oldTerm = a.epoch()!;
  await a.release();
  const b = leadershipOf(second, key);
  // The takeover: b opens the next term while a is paused.
  expect(await b.tryAcquire()).toBe(true);
  const newcomer = new Scheduler({ db: second.db, leadership: b, log: quietLog, clock });
  const stale = new Scheduler({ db: first.db, leadership: paused(a, oldTerm), log: quietLog, clock });
  for (const scheduler of [newcomer, stale])
    scheduler.handle('fenced.reminder', async (tx: Tx, job) => {
      await tx.execute(sql`insert into test_effects (job, key) values ('reminder', ${job.key})`);
    });
  const staleRuns: string[] = [];
  stale.every('fenced.sweep', 1_000, async () => {
    staleRuns.push('sweep');
    // A periodic pass writes through units of work: each one is fenced by the pass's term.
    await new UnitOfWork(first.db, quietLog).run(({ tx }) =>
      tx.execute(sql`insert into test_effects (job, key) values ('sweep', 'stale-sweep')`),
    );
  });
  await stale.at('fenced.reminder', 'r1', clock.now(), null);

  // The paused leader wakes first: its claim and its sweep's write roll back.
  expect(await stale.runDue()).toMatchObject({ leader: true, done: 0, failed: 0 });
  clock.jump(clock.now() + 1_000);
  await stale.runDue();
  expect(staleRuns).toEqual(['sweep']);
  expect(await effects()).toEqual([]);
  const [pending] = await first.db
    .select()
    .from(platformJobs)
    .where(sql`${platformJobs.key} = 'r1'`);
  expect(pending).toMatchObject({ doneAt: null, attempts: 0, epoch: null });

  // The new leader runs it, once, and the row says under which term.
  expect(await newcomer.runDue()).toMatchObject({ leader: true, done: 1 });
  expect(await effects()).toEqual(['r1']);
  const [done] = await first.db
    .select()
    .from(platformJobs)
    .where(sql`${platformJobs.key} = 'r1'`);
  expect(done!.epoch).toBe(oldTerm + 1n);
  expect(done!.doneAt).not.toBeNull();
  await newcomer.lifecycle.stop();
  await stale.lifecycle.stop();
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('the lease on PostgreSQL', () => {
  it('a leader that cannot confirm its lock within the lease stops, and its session is ended for the next', async () => {
    const key = newKey();
    const leaseMs = 1_000;
    const a = leadershipOf(first, key, { leaseMs });
    expect(await a.tryAcquire()).toBe(true);
    const term = a.epoch()!;
    // The database stalls for a's confirmations: a lock that blocks even reads of the leadership row.
    const blocker = new pg.Client({ connectionString: fresh.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table platform_leadership in access exclusive mode');
      const started = Date.now();
      while (a.isHeld()) await new Promise((resolve) => setTimeout(resolve, 50));
      // Stopped within the lease (plus one confirmation period), not whenever the database answers.
      expect(Date.now() - started).toBeLessThan(leaseMs + 600);
      expect(a.epoch()).toBeUndefined();
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }
    // Its session is gone (statement timeout, then closed): the lock is free for another instance.
    const b = leadershipOf(second, key, { leaseMs });
    let acquired = false;
    for (let i = 0; i < 40 && !acquired; i++) {
      acquired = await b.tryAcquire();
      if (!acquired) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(acquired).toBe(true);
    expect(b.epoch()).toBe(term + 1n);
    await b.release();
  });
});

it('a unit of work outside any fenced pass is not fenced (requests, tools)', async () => {
  const units = new UnitOfWork(first.db, quietLog);
  await units.run(({ tx }) =>
    tx.execute(sql`insert into test_effects (job, key) values ('request', 'free')`),
  );
  expect(await effects()).toContain('free');
  await first.db.execute(sql`delete from test_effects`);
});
