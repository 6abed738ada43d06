import fc from 'fast-check';
import { isNull, sql } from 'drizzle-orm';
import { type Database, type Tx } from '../../db/client';
import { openTestDatabase } from '../../test/database';
import { rowsOf } from '../../db/rows';
import { FakeClock } from '../clock';
import { createLeadership } from '../leadership';
import { Scheduler, type SchedulerOptions } from '../scheduler';
import { platformJobs } from '../tables';

const DAY = 86_400_000;
const quietLog = { error: () => undefined, warn: () => undefined, info: () => undefined };

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  // A domain table standing in for a real effect (a payout, an interest posting) written by the job.
  await database.db.execute(sql`create table test_effects (job text not null, key text not null)`);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from test_effects`);
  await database.db.delete(platformJobs);
});

/** Each scheduler is one "instance"; PGlite leadership is shared per database object. */
function schedulerOn(clock: FakeClock, options: Partial<SchedulerOptions> = {}) {
  return new Scheduler({
    db: database.db,
    leadership: createLeadership(database, undefined),
    log: quietLog,
    clock,
    pollMs: 1_000,
    electMs: 5_000,
    retry: { firstMs: 10_000, maxMs: 60_000 },
    ...options,
  });
}

async function effects(job?: string): Promise<Map<string, number>> {
  const result = await database.db.execute(
    job
      ? sql`select key, count(*)::int as n from test_effects where job = ${job} group by key`
      : sql`select key, count(*)::int as n from test_effects group by key`,
  );
  return new Map(rowsOf<{ key: string; n: number }>(result).map((r) => [r.key, r.n]));
}

const writeEffect = (tx: Tx, job: string, key: string) =>
  tx.execute(sql`insert into test_effects (job, key) values (${job}, ${key})`);

async function jobRow(name: string, key: string) {
  const [row] = await database.db
    .select()
    .from(platformJobs)
    .where(sql`${platformJobs.name} = ${name} and ${platformJobs.key} = ${key}`);
  return row;
}

describe('periodic jobs', () => {
  it('run once per interval on the leader, never before, and a follower runs nothing', async () => {
    const clock = new FakeClock();
    const leader = schedulerOn(clock);
    const follower = schedulerOn(clock);
    const runs: string[] = [];
    leader.every('tidy', 10_000, (now) => void runs.push(`leader@${now - clock.now()}`));
    follower.every('tidy', 10_000, () => void runs.push('follower'));
    await leader.lifecycle.start();
    await follower.lifecycle.start();
    expect(leader.isLeader()).toBe(true);
    expect(follower.isLeader()).toBe(false);
    await clock.advance(9_999);
    expect(runs).toEqual([]);
    await clock.advance(1);
    expect(runs).toEqual(['leader@0']);
    await clock.advance(25_000);
    expect(runs).toHaveLength(3);
    expect(runs).not.toContain('follower');
    await follower.lifecycle.stop();
    await leader.lifecycle.stop();
    expect(clock.pendingTimers).toBe(0);
  });

  it('never overlaps a slow pass with itself, and a failing pass does not stop the next', async () => {
    const clock = new FakeClock();
    const scheduler = schedulerOn(clock);
    let running = 0;
    let most = 0;
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    scheduler.every('slow', 1_000, async () => {
      calls += 1;
      running += 1;
      most = Math.max(most, running);
      if (calls === 1) await gate;
      running -= 1;
      if (calls === 2) throw new Error('flaky');
    });
    await scheduler.lifecycle.start();
    await clock.advance(5_000);
    expect(calls).toBe(1);
    release();
    await clock.advance(3_000);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    await scheduler.lifecycle.stop();
  });

  it('runOnStart passes run as soon as the leadership is gained', async () => {
    const clock = new FakeClock();
    const scheduler = schedulerOn(clock);
    let calls = 0;
    scheduler.every('catch-up', DAY, () => void (calls += 1), { runOnStart: true });
    const report = await scheduler.runDue();
    expect(report).toMatchObject({ leader: true, periodic: ['catch-up'] });
    expect(calls).toBe(1);
    await scheduler.runDue();
    expect(calls).toBe(1);
    await scheduler.lifecycle.stop();
  });

  it('refuses a name registered twice', () => {
    const scheduler = schedulerOn(new FakeClock());
    scheduler.every('x', 1_000, () => undefined);
    expect(() => scheduler.every('x', 1_000, () => undefined)).toThrow(/twice/);
    scheduler.handle('y', async () => undefined);
    expect(() => scheduler.handle('y', async () => undefined)).toThrow(/twice/);
  });
});

describe('timed jobs', () => {
  it('scheduling the same (name, key) twice is harmless: the first stands', async () => {
    const scheduler = schedulerOn(new FakeClock());
    const reminder = scheduler.handle<{ text: string }>('reminder', async (tx, job) => {
      await writeEffect(tx, 'reminder', `${job.key}:${job.payload.text}`);
    });
    expect(await reminder.at('1', 0, { text: 'first' })).toBe(true);
    expect(await reminder.at('1', 0, { text: 'second' })).toBe(false);
    await scheduler.runDue();
    expect(await reminder.at('1', 0, { text: 'third' })).toBe(false);
    await scheduler.runDue();
    expect([...(await effects('reminder'))]).toEqual([['1:first', 1]]);
    await scheduler.lifecycle.stop();
  });

  it("belongs to the caller's transaction: rolled back with it, committed with it", async () => {
    const scheduler = schedulerOn(new FakeClock());
    const payout = scheduler.handle('payout', async (tx, job) =>
      writeEffect(tx, 'payout', job.key).then(() => undefined),
    );
    await expect(
      database.db.transaction(async (tx) => {
        await payout.at('rolled-back', 0, null, tx);
        throw new Error('the purchase failed');
      }),
    ).rejects.toThrow('the purchase failed');
    await database.db.transaction(async (tx) => {
      await payout.at('committed', 0, null, tx);
    });
    await scheduler.runDue();
    expect([...(await effects('payout'))]).toEqual([['committed', 1]]);
    await scheduler.lifecycle.stop();
  });

  it('waits until due, then runs the handler and marks the job done in one transaction', async () => {
    const clock = new FakeClock();
    const scheduler = schedulerOn(clock);
    const seen: number[] = [];
    const auctionEnd = scheduler.handle<{ lot: string }>('auction.end', async (tx, job) => {
      seen.push(job.attempts);
      await writeEffect(tx, 'auction.end', job.payload.lot);
    });
    await auctionEnd.at('lot-7', clock.now() + 60_000, { lot: '7' });
    expect(await scheduler.runDue()).toMatchObject({ done: 0 });
    clock.jump(clock.now() + 60_000);
    expect(await scheduler.runDue()).toMatchObject({ done: 1, failed: 0 });
    expect([...(await effects())]).toEqual([['7', 1]]);
    expect(seen).toEqual([0]);
    const row = await jobRow('auction.end', 'lot-7');
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row!.doneAt?.getTime()).toBe(clock.now());
    await scheduler.lifecycle.stop();
  });

  it('records a failure, rolls its effect back, backs off, and lets the other jobs run', async () => {
    const clock = new FakeClock();
    const scheduler = schedulerOn(clock);
    let failuresLeft = 2;
    const interest = scheduler.handle('loan.interest', async (tx, job) => {
      await writeEffect(tx, 'loan.interest', job.key);
      if (job.key === 'bad' && failuresLeft-- > 0) throw new Error(`bank offline ${failuresLeft}`);
    });
    const start = clock.now();
    await interest.at('bad', start, null);
    await interest.at('good', start, null);
    expect(await scheduler.runDue()).toMatchObject({ done: 1, failed: 1 });
    expect([...(await effects())]).toEqual([['good', 1]]);
    expect(await jobRow('loan.interest', 'bad')).toMatchObject({
      attempts: 1,
      lastError: 'bank offline 1',
      doneAt: null,
    });
    expect((await jobRow('loan.interest', 'bad'))!.runAfter.getTime()).toBe(start + 10_000);
    // Not before its back-off; the second failure waits twice as long.
    clock.jump(start + 9_999);
    expect(await scheduler.runDue()).toMatchObject({ done: 0, failed: 0 });
    clock.jump(start + 10_000);
    expect(await scheduler.runDue()).toMatchObject({ failed: 1 });
    expect((await jobRow('loan.interest', 'bad'))!.runAfter.getTime()).toBe(start + 30_000);
    clock.jump(start + 30_000);
    expect(await scheduler.runDue()).toMatchObject({ done: 1 });
    expect(await effects()).toEqual(
      new Map([
        ['bad', 1],
        ['good', 1],
      ]),
    );
    expect(await jobRow('loan.interest', 'bad')).toMatchObject({ attempts: 3, lastError: null });
    await scheduler.lifecycle.stop();
  });

  it('leaves jobs without a handler here pending (another version may own them)', async () => {
    const scheduler = schedulerOn(new FakeClock());
    await scheduler.at('unknown.kind', '1', 0, { x: 1 });
    scheduler.handle('known', async () => undefined);
    await scheduler.runDue();
    expect((await jobRow('unknown.kind', '1'))!.doneAt).toBeNull();
    await scheduler.lifecycle.stop();
  });
});

describe('catching up after downtime', () => {
  /** A smart-plan style daily payout: each day's job schedules the next day in its own transaction. */
  function dailyPayouts(scheduler: Scheduler) {
    const payout = scheduler.handle<{ day: number }>('plans.daily-payout', async (tx, job) => {
      await writeEffect(tx, 'plans.daily-payout', `day-${job.payload.day}`);
      const next = job.payload.day + 1;
      await payout.at(`plan-1:${next}`, next * DAY, { day: next }, tx);
    });
    return payout;
  }

  it('the server is down for two days: each daily job due meanwhile runs exactly once on restart', async () => {
    const firstDay = Math.floor(Date.UTC(2026, 2, 1) / DAY);
    const clock = new FakeClock(firstDay * DAY - 1_000);
    const before = schedulerOn(clock);
    const payout = dailyPayouts(before);
    await payout.at(`plan-1:${firstDay}`, firstDay * DAY, { day: firstDay });
    await before.lifecycle.start();
    await clock.advance(2_000);
    expect(await effects()).toEqual(new Map([[`day-${firstDay}`, 1]]));
    // The server stops just after the first payout and stays off for two days and an hour.
    await before.lifecycle.stop();
    clock.jump(clock.now() + 2 * DAY + 3_600_000);
    const after = schedulerOn(clock);
    dailyPayouts(after);
    await after.lifecycle.start();
    await after.runDue();
    expect(await effects()).toEqual(
      new Map([
        [`day-${firstDay}`, 1],
        [`day-${firstDay + 1}`, 1],
        [`day-${firstDay + 2}`, 1],
      ]),
    );
    // Tomorrow's payout is waiting, not run early; running again changes nothing.
    await clock.advance(5_000);
    expect((await effects()).size).toBe(3);
    expect((await jobRow('plans.daily-payout', `plan-1:${firstDay + 3}`))!.doneAt).toBeNull();
    await after.lifecycle.stop();
  });
});

describe('leadership', () => {
  it('a follower takes over when the leader stops; listeners follow it', async () => {
    const clock = new FakeClock();
    const a = schedulerOn(clock);
    const b = schedulerOn(clock);
    const events: string[] = [];
    await a.onLeadership({ gained: () => void events.push('a+'), lost: () => void events.push('a-') });
    await b.onLeadership({ gained: () => void events.push('b+'), lost: () => void events.push('b-') });
    await a.lifecycle.start();
    await b.lifecycle.start();
    expect(events).toEqual(['a+']);
    await a.lifecycle.stop();
    expect(events).toEqual(['a+', 'a-']);
    expect(b.isLeader()).toBe(false);
    await clock.advance(5_000);
    expect(b.isLeader()).toBe(true);
    expect(events).toEqual(['a+', 'a-', 'b+']);
    await b.lifecycle.stop();
  });
});

describe('property: any interleaving of schedule, run, crash and restart', () => {
  type Step =
    | { op: 'schedule'; key: number; dueIn: number }
    | { op: 'advance'; ms: number }
    | { op: 'run' }
    | { op: 'crashNext'; key: number }
    | { op: 'restart' };

  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      op: fc.constant('schedule' as const),
      key: fc.integer({ min: 0, max: 5 }),
      dueIn: fc.integer({ min: -5_000, max: 20_000 }),
    }),
    fc.record({ op: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 15_000 }) }),
    fc.constant({ op: 'run' as const }),
    fc.record({ op: fc.constant('crashNext' as const), key: fc.integer({ min: 0, max: 5 }) }),
    fc.constant({ op: 'restart' as const }),
  );

  it("each due job's effect happens exactly once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        await database.db.execute(sql`delete from test_effects`);
        await database.db.delete(platformJobs);
        const clock = new FakeClock();
        const crashing = new Set<string>();
        const build = () => {
          const s = schedulerOn(clock, { retry: { firstMs: 1_000, maxMs: 4_000 } });
          s.handle('prop', async (tx, job) => {
            await writeEffect(tx, 'prop', job.key);
            // The process dies after the effect, before commit: the transaction never commits.
            if (crashing.delete(job.key)) throw new Error('crash before commit');
          });
          return s;
        };
        let scheduler = build();
        const scheduled = new Map<string, number>();
        for (const s of steps) {
          if (s.op === 'schedule') {
            const due = clock.now() + s.dueIn;
            await scheduler.at('prop', String(s.key), due, null);
            if (!scheduled.has(String(s.key))) scheduled.set(String(s.key), due);
          } else if (s.op === 'advance') clock.jump(clock.now() + s.ms);
          else if (s.op === 'run') await scheduler.runDue();
          else if (s.op === 'crashNext') crashing.add(String(s.key));
          else {
            await scheduler.lifecycle.stop();
            scheduler = build();
          }
          // Never twice, and never before it is due.
          for (const [key, n] of await effects('prop')) {
            expect(n).toBe(1);
            expect(scheduled.get(key)).toBeLessThanOrEqual(clock.now());
          }
        }
        // Later every job is due and past any back-off: each effect exactly once.
        crashing.clear();
        clock.jump(clock.now() + 60_000);
        await scheduler.runDue();
        const final = await effects('prop');
        expect(new Set(final.keys())).toEqual(new Set(scheduled.keys()));
        for (const n of final.values()) expect(n).toBe(1);
        const pending = await database.db.select().from(platformJobs).where(isNull(platformJobs.doneAt));
        expect(pending).toHaveLength(0);
        await scheduler.lifecycle.stop();
      }),
      { numRuns: 40 },
    );
  });
});
