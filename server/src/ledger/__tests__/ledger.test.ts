import { sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../test/harness';
import type { Db } from '../../db/client';
import { Money, customerAccount, platformAccount } from '../accounts';
import type { Ledger } from '../service';
import { ledgerJournalEntries, ledgerPostings } from '../tables';
import { deposit, refusal, rolledBack } from './fixtures';

let server: TestServer;
let db: Db;
let ledger: Ledger;

beforeAll(async () => {
  server = await createTestServer();
  db = server.database.db;
  ledger = server.services.ledger;
});
afterAll(async () => server.close());

describe('customer accounts', () => {
  it('opens real and demo sets with the demo grant, once', async () => {
    await db.transaction((tx) => ledger.openCustomerAccounts(tx, '101'));
    await db.transaction((tx) => ledger.openCustomerAccounts(tx, '101'));

    expect(await ledger.balances('101', 'demo')).toEqual({
      BTC: { available: '0', held: '0' },
      ETH: { available: '0', held: '0' },
      USDT: { available: '100000', held: '0' },
    });
    expect(await ledger.balances('101', 'real')).toEqual({
      BTC: { available: '0', held: '0' },
      ETH: { available: '0', held: '0' },
      USDT: { available: '0', held: '0' },
    });
    expect(await ledger.platformBalance('platform_demo_funding', 'USDT', 'demo')).toBe('-100000');
    const { entries } = await ledger.entriesFor('101', 'demo');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'demo_grant',
      currency: 'USDT',
      account: 'available',
      amount: '100000',
    });
    expect(await ledger.check()).toEqual({ ok: true, problems: [] });
  });

  it('opens an account for a coin the first time it is credited, and refuses a debit from none', async () => {
    await db.transaction(async (tx) => {
      await ledger.openCustomerAccounts(tx, '102');
      await deposit(ledger, tx, '102', 'SOL', '3.25');
    });
    expect((await ledger.balances('102', 'real')).SOL).toEqual({ available: '3.25', held: '0' });
    const code = await refusal(() =>
      rolledBack(db, (tx) =>
        ledger.transfer(tx, {
          type: 'trade',
          legs: [
            { account: customerAccount('102', 'real', 'DOGE'), amount: '-1' },
            { account: platformAccount('platform_trading', 'DOGE'), amount: '1' },
          ],
        }),
      ),
    );
    expect(code).toBe('10011');
    expect(await ledger.check()).toEqual({ ok: true, problems: [] });
  });
});

describe('transfer', () => {
  beforeAll(async () => {
    await db.transaction(async (tx) => {
      await ledger.openCustomerAccounts(tx, '201');
      await ledger.openCustomerAccounts(tx, '202');
      await deposit(ledger, tx, '201', 'USDT', '1000');
    });
  });

  it('moves money between customers with a fee to the platform', async () => {
    const before = await ledger.platformBalance('platform_fees', 'USDT');
    const result = await db.transaction((tx) =>
      ledger.transfer(tx, {
        type: 'trade_fee',
        reference: { type: 'order', id: '7' },
        memo: 'test',
        legs: [
          { account: customerAccount('201', 'real', 'USDT'), amount: '-100.5' },
          { account: customerAccount('202', 'real', 'USDT'), amount: '100' },
          { account: platformAccount('platform_fees', 'USDT'), amount: '0.5' },
        ],
      }),
    );
    expect(result.duplicate).toBe(false);
    expect(result.journalId).toMatch(/^[1-9][0-9]*$/);
    expect((await ledger.balances('201', 'real')).USDT?.available).toBe('899.5');
    expect((await ledger.balances('202', 'real')).USDT?.available).toBe('100');
    const after = await ledger.platformBalance('platform_fees', 'USDT');
    expect(after).toBe(new Money(before).add('0.5').toFixed());
    const [entry] = (await ledger.entriesFor('202', 'real', { types: ['trade_fee'] })).entries;
    expect(entry).toMatchObject({ referenceType: 'order', referenceId: '7', memo: 'test', amount: '100' });
    const receipt = await ledger.entriesFor('201', 'real', { reference: { type: 'order', id: '7' } });
    expect(receipt.entries.map((e) => [e.type, e.amount])).toEqual([['trade_fee', '-100.5']]);
  });

  it('posts whole units of each currency only: USDT cents, BTC 10⁻⁸ (ledger precision)', async () => {
    const move = (currency: string, amount: string) =>
      refusal(() =>
        rolledBack(db, (tx) =>
          ledger.transfer(tx, {
            type: 'transfer',
            legs: [
              { account: customerAccount('201', 'real', currency), amount: `-${amount}` },
              { account: customerAccount('202', 'real', currency), amount },
            ],
          }),
        ),
      );
    expect(await move('USDT', '0.01')).toBeUndefined();
    expect(await move('USDT', '0.001')).toBe('ledger: USDT amount -0.001 has more than 2 decimal places');
    expect(await move('USDT', '10.000000000000000001')).toMatch(/more than 2 decimal places/);
    await db.transaction((tx) => deposit(ledger, tx, '201', 'BTC', '1'));
    expect(await move('BTC', '0.00000001')).toBeUndefined();
    expect(await move('BTC', '0.000000001')).toMatch(/BTC amount .* more than 8 decimal places/);
  });

  it('releases a hold placed before ledger precision exactly, digits and all, and only such a hold', async () => {
    // A hold of 1.2345678 USDT as the ledger stored it before the rule: written directly, as history is.
    await db.transaction(async (tx) => {
      await ledger.openCustomerAccounts(tx, '203');
      await deposit(ledger, tx, '203', 'USDT', '10');
      const ids = await tx.execute(sql`
        select a.id, a.kind from ledger_accounts a
        where a.owner_user_id = 203 and a.mode = 'real' and a.currency = 'USDT'`);
      const id = (kind: string) =>
        (ids as unknown as { rows: { id: string; kind: string }[] }).rows.find((row) => row.kind === kind)!
          .id;
      await tx.execute(sql`
        with journal as (insert into ledger_journal_entries (type) values ('old_hold') returning id)
        insert into ledger_postings (journal_id, account_id, amount)
        select journal.id, v.account_id, v.amount from journal,
          (values (${id('customer_available')}::bigint, -1.2345678::numeric),
                  (${id('customer_held')}::bigint, 1.2345678::numeric)) as v(account_id, amount)`);
      await tx.execute(sql`
        update ledger_balances set balance = balance - 1.2345678 where account_id = ${id('customer_available')}`);
      await tx.execute(sql`
        update ledger_balances set balance = balance + 1.2345678 where account_id = ${id('customer_held')}`);
    });
    // Settling part of it and returning the rest: the other legs carry the old digits (nothing is rounded away).
    await db.transaction((tx) =>
      ledger.settleHeld(tx, {
        type: 'old_hold_settled',
        userId: '203',
        mode: 'real',
        currency: 'USDT',
        to: [
          { account: platformAccount('platform_fees', 'USDT'), amount: '0.5' },
          { account: customerAccount('203', 'real', 'USDT'), amount: '0.7345678' },
        ],
      }),
    );
    expect((await ledger.balances('203', 'real')).USDT).toEqual({ available: '9.5', held: '0' });
    expect(await ledger.check()).toEqual({ ok: true, problems: [] });
    // Without such a hold, the same digits are refused: held credits and available moves are whole cents.
    const code = await refusal(() =>
      rolledBack(db, (tx) =>
        ledger.hold(tx, { type: 'hold', userId: '203', mode: 'real', currency: 'USDT', amount: '1.2345678' }),
      ),
    );
    expect(code).toMatch(/USDT amount .* has more than 2 decimal places/);
  });

  it('refuses an overdraft with 10011 and changes nothing', async () => {
    const before = await ledger.balances('201', 'real');
    const code = await refusal(() =>
      db.transaction((tx) =>
        ledger.transfer(tx, {
          type: 'transfer',
          legs: [
            { account: customerAccount('201', 'real', 'USDT'), amount: '-5000' },
            { account: customerAccount('202', 'real', 'USDT'), amount: '5000' },
          ],
        }),
      ),
    );
    expect(code).toBe('10011');
    expect(await ledger.balances('201', 'real')).toEqual(before);
  });

  it.each([
    [
      'legs that do not balance',
      [
        ['201', '-1'],
        ['202', '2'],
      ],
    ],
    ['a single leg', [['201', '-1']]],
    [
      'a zero leg',
      [
        ['201', '0'],
        ['202', '0'],
      ],
    ],
    [
      'an amount with 19 decimals',
      [
        ['201', '-0.0000000000000000001'],
        ['202', '0.0000000000000000001'],
      ],
    ],
    [
      'an amount in exponent form',
      [
        ['201', '-1e2'],
        ['202', '1e2'],
      ],
    ],
  ])('refuses %s as a programming error', async (_name, legs) => {
    const message = await refusal(() =>
      db.transaction((tx) =>
        ledger.transfer(tx, {
          type: 'transfer',
          legs: legs.map(([user, amount]) => ({
            account: customerAccount(user!, 'real', 'USDT'),
            amount: amount!,
          })),
        }),
      ),
    );
    expect(message).toMatch(/^ledger: /);
  });

  it('refuses mixing demo and real money', async () => {
    const message = await refusal(() =>
      db.transaction((tx) =>
        ledger.transfer(tx, {
          type: 'transfer',
          legs: [
            { account: customerAccount('201', 'demo', 'USDT'), amount: '-1' },
            { account: customerAccount('201', 'real', 'USDT'), amount: '1' },
          ],
        }),
      ),
    );
    expect(message).toBe('ledger: an entry cannot mix demo and real accounts');
  });

  it('requires a reason on an entry made by staff', async () => {
    const legs = [
      { account: platformAccount('platform_fees', 'USDT'), amount: '-2' },
      { account: customerAccount('202', 'real', 'USDT'), amount: '2' },
    ];
    expect(
      await refusal(() =>
        db.transaction((tx) => ledger.transfer(tx, { type: 'correction', createdByStaffId: '1', legs })),
      ),
    ).toMatch(/reason/);
    await db.transaction((tx) =>
      ledger.transfer(tx, {
        type: 'correction',
        createdByStaffId: '1',
        memo: 'Fee charged twice on order 7',
        legs,
      }),
    );
    const [entry] = (await ledger.entriesFor('202', 'real', { types: ['correction'] })).entries;
    expect(entry).toMatchObject({ memo: 'Fee charged twice on order 7', amount: '2' });
  });

  it('posts an entry with a once key at most once', async () => {
    const request = {
      type: 'plan_payout',
      once: 'plan_payout:1:2026-01-01',
      legs: [
        { account: platformAccount('platform_plan_payouts', 'USDT'), amount: '-3' },
        { account: customerAccount('202', 'real', 'USDT'), amount: '3' },
      ],
    };
    const first = await db.transaction((tx) => ledger.transfer(tx, request));
    const balance = (await ledger.balances('202', 'real')).USDT?.available;
    const second = await db.transaction((tx) => ledger.transfer(tx, request));
    expect(second).toEqual({ journalId: first.journalId, duplicate: true });
    expect((await ledger.balances('202', 'real')).USDT?.available).toBe(balance);
  });

  it('posts a batch with once keys: a used key answers its earlier entry, the others post once', async () => {
    const payout = (key: string, amount: string) => ({
      type: 'plan_payout',
      once: key,
      legs: [
        { account: platformAccount('platform_plan_payouts', 'USDT'), amount: `-${amount}` },
        { account: customerAccount('202', 'real', 'USDT'), amount },
      ],
    });
    const earlier = await db.transaction((tx) => ledger.transfer(tx, payout('batch:used', '1')));
    const before = new Money((await ledger.balances('202', 'real')).USDT!.available);
    const outcomes = await db.transaction((tx) =>
      ledger.transferMany(tx, [
        payout('batch:new-1', '2'),
        payout('batch:used', '1'),
        payout('batch:new-2', '4'),
      ]),
    );
    expect(outcomes[1]).toEqual({ journalId: earlier.journalId, duplicate: true });
    expect(outcomes[0]).toMatchObject({ duplicate: false });
    expect(outcomes[2]).toMatchObject({ duplicate: false });
    expect((await ledger.balances('202', 'real')).USDT!.available).toBe(before.add(6).toFixed());
    // Again: every key is used now, nothing is posted.
    const again = await db.transaction((tx) =>
      ledger.transferMany(tx, [payout('batch:new-1', '2'), payout('batch:new-2', '4')]),
    );
    expect(again.every((o) => 'duplicate' in o && o.duplicate)).toBe(true);
    expect((await ledger.balances('202', 'real')).USDT!.available).toBe(before.add(6).toFixed());
    // One key twice in one batch is a caller's mistake: refused before anything is written.
    expect(
      await refusal(() =>
        db.transaction((tx) =>
          ledger.transferMany(tx, [payout('batch:twice', '1'), payout('batch:twice', '1')]),
        ),
      ),
    ).toMatch(/once key twice/);
    expect(await ledger.check()).toEqual({ ok: true, problems: [] });
  });
});

describe('held funds', () => {
  beforeAll(async () => {
    await db.transaction(async (tx) => {
      await ledger.openCustomerAccounts(tx, '301');
      await deposit(ledger, tx, '301', 'USDT', '500');
    });
  });
  const held = { userId: '301', mode: 'real' as const, currency: 'USDT' };

  it('holds, releases and settles', async () => {
    await db.transaction((tx) => ledger.hold(tx, { ...held, type: 'withdrawal_hold', amount: '202' }));
    expect((await ledger.balances('301', 'real')).USDT).toEqual({ available: '298', held: '202' });

    await db.transaction((tx) => ledger.release(tx, { ...held, type: 'withdrawal_release', amount: '101' }));
    expect((await ledger.balances('301', 'real')).USDT).toEqual({ available: '399', held: '101' });

    await db.transaction((tx) =>
      ledger.settleHeld(tx, {
        ...held,
        type: 'withdrawal',
        to: [
          { account: platformAccount('platform_external_custody', 'USDT'), amount: '100' },
          { account: platformAccount('platform_fees', 'USDT'), amount: '1' },
        ],
      }),
    );
    expect((await ledger.balances('301', 'real')).USDT).toEqual({ available: '399', held: '0' });
    expect(await ledger.check()).toEqual({ ok: true, problems: [] });
  });

  it('refuses holding more than is available (10011) and releasing more than is held (11020)', async () => {
    expect(
      await refusal(() => db.transaction((tx) => ledger.hold(tx, { ...held, type: 'bid', amount: '400' }))),
    ).toBe('10011');
    expect(
      await refusal(() =>
        db.transaction((tx) => ledger.release(tx, { ...held, type: 'bid_release', amount: '1' })),
      ),
    ).toBe('11020');
    expect(
      await refusal(() =>
        db.transaction((tx) =>
          ledger.settleHeld(tx, {
            ...held,
            type: 'nft_sale',
            to: [{ account: platformAccount('platform_charity', 'USDT'), amount: '1' }],
          }),
        ),
      ),
    ).toBe('11020');
    expect((await ledger.balances('301', 'real')).USDT).toEqual({ available: '399', held: '0' });
  });
});

describe('records', () => {
  it('pages a customer’s entries newest first and filters by currency', async () => {
    await db.transaction(async (tx) => {
      await ledger.openCustomerAccounts(tx, '401');
      for (let i = 1; i <= 5; i++) await deposit(ledger, tx, '401', 'USDT', String(i));
      await deposit(ledger, tx, '401', 'BTC', '0.5');
    });
    const first = await ledger.entriesFor('401', 'real', { limit: 3 });
    expect(first.entries.map((e) => e.amount)).toEqual(['0.5', '5', '4']);
    expect(first.nextBefore).toBe(first.entries[2]?.id);
    const second = await ledger.entriesFor('401', 'real', { limit: 3, before: first.nextBefore! });
    expect(second.entries.map((e) => e.amount)).toEqual(['3', '2', '1']);
    expect(second.nextBefore).toBeNull();
    const btc = await ledger.entriesFor('401', 'real', { currency: 'BTC' });
    expect(btc.entries).toHaveLength(1);
    expect(btc.entries[0]).toMatchObject({ type: 'deposit', currency: 'BTC', createdAt: expect.any(String) });
    expect((await ledger.entriesFor('401', 'demo')).entries.map((e) => e.type)).toEqual(['demo_grant']);
  });
});

describe('integrity', () => {
  beforeAll(async () => {
    await db.transaction(async (tx) => {
      await ledger.openCustomerAccounts(tx, '501');
      await deposit(ledger, tx, '501', 'USDT', '10');
    });
  });

  it('refuses to update, delete or truncate postings and journal entries', async () => {
    for (const statement of [
      sql`update ${ledgerPostings} set amount = amount * 2`,
      sql`delete from ${ledgerPostings}`,
      sql`truncate ${ledgerPostings} cascade`,
      sql`update ${ledgerJournalEntries} set memo = 'edited'`,
      sql`delete from ${ledgerJournalEntries}`,
      sql`truncate ${ledgerJournalEntries} cascade`,
    ]) {
      expect(await refusal(() => db.transaction((tx) => tx.execute(statement)))).toMatch(/append-only/);
    }
    expect(await ledger.check()).toEqual({ ok: true, problems: [] });
  });

  it('refuses a negative customer balance in the database itself', async () => {
    const message = await refusal(() =>
      db.transaction((tx) => tx.execute(sql`update ledger_balances set balance = balance - 1000000`)),
    );
    expect(message).toMatch(/ledger_balances_not_negative/);
  });

  it('reports every kind of broken invariant', async () => {
    const report = await rolledBack(db, async (tx) => {
      // An entry that does not balance, written around the service.
      const [journal] = await tx.insert(ledgerJournalEntries).values({ type: 'forged' }).returning();
      const [account] = await tx
        .execute<{ id: string }>(
          sql`select id from ledger_accounts where owner_user_id = 501 and mode = 'real' and kind = 'customer_available' and currency = 'USDT'`,
        )
        .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
      await tx
        .insert(ledgerPostings)
        .values({ journalId: journal!.id, accountId: BigInt(account!.id), amount: '5' });
      await tx.insert(ledgerJournalEntries).values({ type: 'empty' });
      return ledger.check(tx);
    });
    expect(report.ok).toBe(false);
    const text = report.problems.join('\n');
    expect(text).toMatch(/USDT \(real\): postings sum to 5, not 0/);
    expect(text).toMatch(/journal \d+: USDT postings sum to 5, not 0/);
    expect(text).toMatch(/journal \d+: 1 posting\(s\), needs at least 2/);
    expect(text).toMatch(/journal \d+: 0 posting\(s\), needs at least 2/);
    expect(text).toMatch(/account \d+: balance 10 differs from its postings' sum 15/);
    expect(await ledger.check()).toEqual({ ok: true, problems: [] });
  });
});
