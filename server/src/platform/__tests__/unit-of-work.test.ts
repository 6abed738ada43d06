import { sql } from 'drizzle-orm';
import { type Database } from '../../db/client';
import { openTestDatabase } from '../../test/database';
import { rowsOf } from '../../db/rows';
import { runInAmbientScope, currentAmbientScope, UnitOfWork, type Unit } from '../unit-of-work';

describe('unit of work', () => {
  let database: Database;
  let units: UnitOfWork;
  const logged: object[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table uow_probe (n int not null)`);
    units = new UnitOfWork(database.db, { error: (details) => logged.push(details) });
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    logged.length = 0;
    await database.db.execute(sql`delete from uow_probe`);
  });

  const insert = (unit: Unit, n: number) => unit.tx.execute(sql`insert into uow_probe values (${n})`);
  const stored = async () =>
    rowsOf<{ n: number }>(await database.db.execute(sql`select n from uow_probe order by n`)).map((r) => r.n);

  it('runs after-commit steps in order, only after the commit is visible', async () => {
    const seen: string[] = [];
    const result = await units.run(async (unit) => {
      await insert(unit, 1);
      unit.afterCommit(async () => {
        seen.push(`first saw ${(await stored()).join(',')}`);
      });
      unit.afterCommit(() => void seen.push('second'));
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['first saw 1', 'second']);
  });

  it('runs nothing after a rollback, and the error reaches the caller', async () => {
    const seen: string[] = [];
    await expect(
      units.run(async (unit) => {
        await insert(unit, 2);
        unit.afterCommit(() => void seen.push('after'));
        unit.beforeCommit(async () => void seen.push('before'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('a failing before-commit step rolls the work back and drops the after-commit steps', async () => {
    const seen: string[] = [];
    await expect(
      units.run(async (unit) => {
        await insert(unit, 3);
        unit.afterCommit(() => void seen.push('after'));
        unit.beforeCommit(async () => {
          throw new Error('claim lost');
        });
      }),
    ).rejects.toThrow('claim lost');
    expect(seen).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('runs before-commit steps last, in order, inside the transaction (and those they add)', async () => {
    const order: string[] = [];
    await units.run(async (unit) => {
      unit.beforeCommit(async (tx) => {
        order.push('before 1');
        await tx.execute(sql`insert into uow_probe values (10)`);
        unit.beforeCommit(async () => void order.push('added by before 1'));
      });
      unit.beforeCommit(async () => void order.push('before 2'));
      await insert(unit, 4);
      order.push('work');
    });
    expect(order).toEqual(['work', 'before 1', 'before 2', 'added by before 1']);
    expect(await stored()).toEqual([4, 10]);
  });

  it('a nested unit joins the outer one: one transaction, its hooks at the outer commit', async () => {
    const seen: string[] = [];
    await expect(
      units.run(async (outer) => {
        await units.run(async (inner) => {
          expect(inner).toBe(outer);
          await insert(inner, 5);
          inner.afterCommit(() => void seen.push('inner'));
        });
        outer.afterCommit(() => void seen.push('outer'));
        expect(seen).toEqual([]);
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(seen).toEqual([]);
    expect(await stored()).toEqual([]);

    await units.run(async (outer) => {
      await units.run(async (inner) => inner.afterCommit(() => void seen.push('inner')));
      outer.afterCommit(() => void seen.push('outer'));
    });
    expect(seen).toEqual(['inner', 'outer']);
  });

  it('logs a failing after-commit step and still runs the next ones', async () => {
    const seen: string[] = [];
    await units.run(async (unit) => {
      unit.afterCommit(() => {
        throw new Error('push failed');
      });
      unit.afterCommit(() => void seen.push('next'));
    });
    expect(seen).toEqual(['next']);
    expect(logged).toHaveLength(1);
  });

  it('refuses hooks once the unit finished', async () => {
    let kept: Unit | undefined;
    await units.run(async (unit) => {
      kept = unit;
    });
    expect(() => kept!.afterCommit(() => undefined)).toThrow();
    expect(units.current()).toBeUndefined();
  });

  it('enlists ambient participants with the result, unless the unit serves many requests', async () => {
    const settled: unknown[] = [];
    await new Promise<void>((resolve, reject) =>
      runInAmbientScope(() => {
        currentAmbientScope()!.enlistments.push(() => async (result) => void settled.push(result));
        Promise.all([
          units.run(async () => 'for the request'),
          units.run(async () => 'a batch', { ambient: false }),
        ]).then(() => resolve(), reject);
      }),
    );
    expect(settled).toEqual(['for the request']);
    // Outside any request scope nothing is enlisted.
    await units.run(async () => 'alone');
    expect(settled).toEqual(['for the request']);
  });
});
