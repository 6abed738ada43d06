import fc from 'fast-check';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { customerAccount, platformAccount } from '../../ledger/accounts';
import { csvCell } from '../service';

let server: CashierTestServer;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;

beforeAll(async () => {
  server = await cashierServer();
  alice = await server.customer();
  bob = await server.customer();
  await server.fund(alice.userId, 'USDT', '500');
  await server.fund(alice.userId, 'BTC', '0.5');
  await server.fund(bob.userId, 'USDT', '7');
  // A memo a spreadsheet would run as a formula, with quotes and a comma.
  await server.database.db.transaction((tx) =>
    server.services.ledger.transfer(tx, {
      type: 'correction',
      memo: '=HYPERLINK("http://evil", "click"), really',
      reference: { type: 'case', id: '1' },
      createdByStaffId: '1',
      legs: [
        { account: platformAccount('platform_fees', 'USDT', 'real'), amount: '-1.5' },
        { account: customerAccount(alice.userId, 'real', 'USDT'), amount: '1.5' },
      ],
    }),
  );
});
afterEach(async () => server.check());
afterAll(async () => server.close());

describe('transaction records', () => {
  it('lists the active mode’s entries with the balance after each, newest first', async () => {
    const res = await server.call(alice, 'GET', '/user/records');
    expect(res.code).toBe('200');
    const usdt = res.result.items.filter((r: { currency: string }) => r.currency === 'USDT');
    expect(usdt.map((r: { amount: string; balanceAfter: string }) => [r.amount, r.balanceAfter])).toEqual([
      ['1.5', '501.5'],
      ['500', '500'],
    ]);
    expect(usdt[0]).toMatchObject({ type: 'correction', account: 'available', referenceType: 'case' });
    const demo = await server.call(alice, 'GET', '/user/records', undefined, 'NO');
    expect(demo.result.items).toHaveLength(1);
    expect(demo.result.items[0]).toMatchObject({
      type: 'demo_grant',
      amount: '100000',
      balanceAfter: '100000',
    });
  });

  it('filters by type, currency and time, and pages', async () => {
    const btc = await server.call(alice, 'GET', '/user/records?currency=BTC');
    expect(btc.result.items.map((r: { amount: string }) => r.amount)).toEqual(['0.5']);
    const types = await server.call(alice, 'GET', '/user/records?type=correction&type=nothing');
    expect(types.result.items).toHaveLength(1);
    // A type filter does not change the running balance.
    expect(types.result.items[0].balanceAfter).toBe('501.5');
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await server.call(alice, 'GET', `/user/records?from=${future}`)).result.items).toHaveLength(0);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const to = encodeURIComponent(future);
    expect(
      (await server.call(alice, 'GET', `/user/records?from=${encodeURIComponent(past)}&to=${to}`)).result
        .items,
    ).toHaveLength(3);
    const page = await server.call(alice, 'GET', '/user/records?pageSize=2&page=2');
    expect(page.result).toMatchObject({ page: 2, pageSize: 2, hasMore: false });
    expect(page.result.items).toHaveLength(1);
    expect(
      (await server.call(alice, 'GET', `/user/records?from=${future}&to=${encodeURIComponent(past)}`)).code,
    ).toBe('400');
  });

  it('never shows another customer’s entries', async () => {
    const res = await server.call(bob, 'GET', '/user/records');
    expect(res.result.items.map((r: { amount: string }) => r.amount)).toEqual(['7']);
  });

  it('exports CSV with the same filters, quoted and formula-safe', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/swx/customer/user/records.csv?currency=USDT',
      headers: { authorization: alice.token, virtually: 'YES' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,type,currency,account,amount,balance_after,reference,memo');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',correction,USDT,available,1.5,501.5,case:1,');
    expect(lines[1]!.endsWith(`"'=HYPERLINK(""http://evil"", ""click""), really"`)).toBe(true);
  });

  it('escapes every cell so it parses back to the same text, never starting a formula', () => {
    const parse = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const cell = csvCell(text);
        const back = parse(cell);
        if (/^[=+\-@\t\r]/.test(text)) expect(back).toBe(`'${text}`);
        else expect(back).toBe(text);
        expect(/^[=+\-@]/.test(back)).toBe(false);
        if (!cell.startsWith('"')) expect(/[",\r\n]/.test(cell)).toBe(false);
      }),
    );
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,b')).toBe('"a,b"');
  });

  it('refuses bad filters', async () => {
    expect((await server.call(alice, 'GET', '/user/records?currency=usdt')).code).toBe('400');
    expect((await server.call(alice, 'GET', '/user/records?from=yesterday')).code).toBe('400');
    expect((await server.call(alice, 'GET', '/user/records?page=0')).code).toBe('400');
    expect((await server.call(null, 'GET', '/user/records')).status).toBe(401);
  });
});
