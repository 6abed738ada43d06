import { createTestServer, type TestServer } from '../../test/harness';
import type { Db } from '../../db/client';
import { customerAccount, platformAccount } from '../accounts';
import type { Ledger } from '../service';
import { deposit, refusal } from './fixtures';

/**
 * Parallel transactions on the same balances. On PostgreSQL they really run at once (a pool of 20
 * connections); PGlite has one connection and queues them, so there it checks the same rules in sequence.
 */

let server: TestServer;
let db: Db;
let ledger: Ledger;

beforeAll(async () => {
  server = await createTestServer();
  db = server.database.db;
  ledger = server.services.ledger;
  await db.transaction(async (tx) => {
    for (const user of ['11', '12', '13', '14']) await ledger.openCustomerAccounts(tx, user);
    await deposit(ledger, tx, '11', 'USDT', '1000');
    await deposit(ledger, tx, '13', 'USDT', '100');
    await deposit(ledger, tx, '14', 'USDT', '100');
  });
});
afterAll(async () => server.close());

it('never overdraws a balance spent by 50 parallel transactions', async () => {
  const outcomes = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      refusal(() =>
        db.transaction((tx) =>
          ledger.transfer(tx, {
            type: 'trade',
            reference: { type: 'test', id: String(i) },
            legs: [
              { account: customerAccount('11', 'real', 'USDT'), amount: '-30.5' },
              { account: customerAccount('12', 'real', 'USDT'), amount: '30' },
              { account: platformAccount('platform_fees', 'USDT'), amount: '0.5' },
            ],
          }),
        ),
      ),
    ),
  );
  // 1000 / 30.5: 32 fit, the other 18 must be refused for want of funds, and nothing else may fail.
  expect(outcomes.filter((o) => o === undefined)).toHaveLength(32);
  expect(outcomes.filter((o) => o === '10011')).toHaveLength(18);
  expect((await ledger.balances('11', 'real')).USDT).toEqual({ available: '24', held: '0' });
  expect((await ledger.balances('12', 'real')).USDT).toEqual({ available: '960', held: '0' });
  expect(await ledger.check()).toEqual({ ok: true, problems: [] });
});

it('runs crossing transfers and holds between the same customers without deadlock', async () => {
  const work = Array.from({ length: 60 }, (_, i) => {
    const [from, to] = i % 2 === 0 ? ['13', '14'] : ['14', '13'];
    return refusal(() =>
      db.transaction(async (tx) => {
        if (i % 3 === 0) {
          // Several calls touching two customers: lock both first, as the service asks.
          await ledger.lockCustomers(tx, [
            { userId: from!, mode: 'real' },
            { userId: to!, mode: 'real' },
          ]);
          await ledger.hold(tx, { type: 'bid', userId: from!, mode: 'real', currency: 'USDT', amount: '1' });
          await ledger.release(tx, {
            type: 'bid_release',
            userId: from!,
            mode: 'real',
            currency: 'USDT',
            amount: '1',
          });
        }
        return ledger.transfer(tx, {
          type: 'transfer',
          legs: [
            { account: customerAccount(from!, 'real', 'USDT'), amount: '-2.5' },
            { account: customerAccount(to!, 'real', 'USDT'), amount: '2' },
            { account: platformAccount('platform_fees', 'USDT'), amount: '0.5' },
          ],
        });
      }),
    );
  });
  expect(await Promise.all(work)).toEqual(Array(60).fill(undefined));
  // Each paid 30 × 2.5 and received 30 × 2.
  expect((await ledger.balances('13', 'real')).USDT?.available).toBe('85');
  expect((await ledger.balances('14', 'real')).USDT?.available).toBe('85');
  expect(await ledger.check()).toEqual({ ok: true, problems: [] });
});

it('opens a customer once when two registrations race', async () => {
  await Promise.all([1, 2, 3].map(() => db.transaction((tx) => ledger.openCustomerAccounts(tx, '15'))));
  expect((await ledger.balances('15', 'demo')).USDT).toEqual({ available: '100000', held: '0' });
  expect(await ledger.check()).toEqual({ ok: true, problems: [] });
});
