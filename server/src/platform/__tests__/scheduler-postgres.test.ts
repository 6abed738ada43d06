import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { FakeClock } from '../clock';
import { createLeadership, type Leadership } from '../leadership';
import { Scheduler } from '../scheduler';

/**
 * Two schedulers on one PostgreSQL database, as two server instances behind a load balancer. Needs a real
 * PostgreSQL (`bash scripts/postgres.sh` prints the TEST_DATABASE_URL); skipped on PGlite, where one process
 * owns the database and leadership is trivial.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = adminUrl ? describe : describe.skip;
const quietLog = { error: () => undefined, warn: () => undefined, info: () => undefined };

onPostgres('two schedulers on one PostgreSQL', () => {
  const name = `swx_t_${crypto.randomBytes(6).toString('hex')}`;
  let url: string;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const parsed = new URL(adminUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    first = await openDatabase({ databaseUrl: url });
    second = await openDatabase({ databaseUrl: url });
    await first.db.execute(sql`create table test_effects (job text not null, key text not null)`);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  beforeEach(async () => {
    await first.db.execute(sql`delete from test_effects`);
    await first.db.execute(sql`delete from platform_jobs`);
  });

  async function effects(): Promise<Record<string, number>> {
    const result = await first.db.execute(sql`select key, count(*)::int as n from test_effects group by key`);
    return Object.fromEntries(rowsOf<{ key: string; n: number }>(result).map((r) => [r.key, r.n]));
  }

  function instance(
    database: Database,
    clock: FakeClock,
    leadership: Leadership,
    runs: string[],
    who: string,
  ) {
    const scheduler = new Scheduler({ db: database.db, leadership, log: quietLog, clock, electMs: 5_000 });
    scheduler.every('sweep', 1_000, () => void runs.push(who));
    scheduler.handle('reminder', async (tx, job) => {
      await tx.execute(sql`insert into test_effects (job, key) values ('reminder', ${job.key})`);
    });
    return scheduler;
  }

  it('only the holder of the advisory lock runs jobs; the other takes over when it goes', async () => {
    const key = BigInt(crypto.randomInt(1, 2 ** 47));
    const clock = new FakeClock();
    const runs: string[] = [];
    const a = instance(first, clock, createLeadership(first, url, { key }), runs, 'a');
    const b = instance(second, clock, createLeadership(second, url, { key }), runs, 'b');
    await a.at('reminder', 'r1', clock.now(), null);
    await a.lifecycle.start();
    await b.lifecycle.start();
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    expect(await b.runDue()).toMatchObject({ leader: false, done: 0 });
    // Real I/O: passes are driven explicitly (`runDue`) rather than by the fake clock's timers.
    clock.jump(clock.now() + 1_000);
    await a.runDue();
    await b.runDue();
    expect(runs).toEqual(['a']);
    expect(await effects()).toEqual({ r1: 1 });

    // The leader's session ends (stop, crash): the lock is free and the follower's next election wins.
    await a.lifecycle.stop();
    await b.at('reminder', 'r2', clock.now(), null);
    // A follower retries once per election interval (5 s): the lock is free, so it wins.
    clock.jump(clock.now() + 5_000);
    expect(await b.runDue()).toMatchObject({ leader: true, done: 1 });
    clock.jump(clock.now() + 1_000);
    await b.runDue();
    expect(runs.filter((who) => who === 'b').length).toBeGreaterThan(0);
    expect(await effects()).toEqual({ r1: 1, r2: 1 });
    await b.lifecycle.stop();
  });

  it('even two claimers at once (a leadership overlap) run each job once', async () => {
    const clock = new FakeClock();
    // Two leaders that both believe they lead, without fencing: the row lock alone keeps each job once.
    const always: Leadership = {
      tryAcquire: async () => true,
      isHeld: () => true,
      epoch: () => 1n,
      fence: async () => undefined,
      release: async () => undefined,
    };
    const a = instance(first, clock, always, [], 'a');
    const b = instance(second, clock, always, [], 'b');
    for (let i = 0; i < 40; i += 1) await a.at('reminder', `k${i}`, clock.now(), null);
    const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ra.done + rb.done).toBe(40);
    const counts = await effects();
    expect(Object.keys(counts)).toHaveLength(40);
    expect(Object.values(counts).every((n) => n === 1)).toBe(true);
    await a.lifecycle.stop();
    await b.lifecycle.stop();
  });
});
