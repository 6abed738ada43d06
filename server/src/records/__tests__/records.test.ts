import fc from 'fast-check';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { customerAccount, platformAccount } from '../../ledger/accounts';
import { textCell } from '../../http/csv';

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
  const { ledger } = server.services;
  const held = { userId: alice.userId, mode: 'real' as const, currency: 'USDT' };
  await server.database.db.transaction(async (tx) => {
    // A spot buy: 101.23 USDT held, then the fill pays 100 USDT and a 1.23 fee from the hold
    // and credits 0.001 BTC (three postings on the customer, two currencies, one event).
    await ledger.hold(tx, {
      ...held,
      amount: '101.23',
      type: 'spot_order_hold',
      reference: { type: 'spot_order', id: '9' },
    });
    await ledger.transfer(tx, {
      type: 'spot_trade',
      reference: { type: 'spot_order', id: '9' },
      legs: [
        { account: customerAccount(alice.userId, 'real', 'USDT', 'customer_held'), amount: '-101.23' },
        { account: platformAccount('platform_trading', 'USDT'), amount: '100' },
        { account: platformAccount('platform_fees', 'USDT'), amount: '1.23' },
        { account: platformAccount('platform_trading', 'BTC'), amount: '-0.001' },
        { account: customerAccount(alice.userId, 'real', 'BTC'), amount: '0.001' },
      ],
    });
  });
  // A memo a spreadsheet would run as a formula, with quotes and a comma.
  await server.database.db.transaction((tx) =>
    ledger.transfer(tx, {
      type: 'correction',
      memo: '=HYPERLINK("http://evil", "click"), really',
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

type Movement = {
  currency: string;
  available: string;
  held: string;
  net: string;
  availableAfter: string;
  heldAfter: string;
};
type Row = { id: string; type: string; movements: Movement[]; referenceType: string | null };

describe('transaction records', () => {
  it('shows one row per business event, available and held side by side, newest first', async () => {
    const res = await server.call(alice, 'GET', '/user/records');
    expect(res.code).toBe('200');
    const items = res.result.items as Row[];
    expect(items.map((r) => r.type)).toEqual([
      'correction',
      'spot_trade',
      'spot_order_hold',
      'deposit',
      'deposit',
    ]);
    const [correction, trade, hold] = items;
    expect(correction!.movements).toEqual([
      {
        currency: 'USDT',
        available: '1.5',
        held: '0',
        net: '1.5',
        availableAfter: '400.27',
        heldAfter: '0',
      },
    ]);
    // The hold moved money between the customer's own funds: one row, net zero, not two postings.
    expect(hold).toMatchObject({ referenceType: 'spot_order', referenceId: '9' });
    expect(hold!.movements).toEqual([
      {
        currency: 'USDT',
        available: '-101.23',
        held: '101.23',
        net: '0',
        availableAfter: '398.77',
        heldAfter: '101.23',
      },
    ]);
    // The fill touched two currencies: still one event.
    expect(trade!.movements).toEqual([
      {
        currency: 'BTC',
        available: '0.001',
        held: '0',
        net: '0.001',
        availableAfter: '0.501',
        heldAfter: '0',
      },
      {
        currency: 'USDT',
        available: '0',
        held: '-101.23',
        net: '-101.23',
        availableAfter: '398.77',
        heldAfter: '0',
      },
    ]);
    const demo = await server.call(alice, 'GET', '/user/records', undefined, 'NO');
    expect(demo.result.items).toHaveLength(1);
    expect(demo.result.items[0]).toMatchObject({
      type: 'demo_grant',
      movements: [{ currency: 'USDT', available: '100000', availableAfter: '100000', net: '100000' }],
    });
  });

  it('filters by type, currency and time, and pages by event', async () => {
    const btc = await server.call(alice, 'GET', '/user/records?currency=BTC');
    expect((btc.result.items as Row[]).map((r) => [r.type, r.movements.map((m) => m.currency)])).toEqual([
      ['spot_trade', ['BTC']],
      ['deposit', ['BTC']],
    ]);
    const types = await server.call(alice, 'GET', '/user/records?type=correction&type=nothing');
    expect(types.result.items).toHaveLength(1);
    // A type filter does not change the running balance.
    expect(types.result.items[0].movements[0].availableAfter).toBe('400.27');
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await server.call(alice, 'GET', `/user/records?from=${future}`)).result.items).toHaveLength(0);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const to = encodeURIComponent(future);
    expect(
      (await server.call(alice, 'GET', `/user/records?from=${encodeURIComponent(past)}&to=${to}`)).result
        .items,
    ).toHaveLength(5);
    const page = await server.call(alice, 'GET', '/user/records?pageSize=2&page=2');
    expect(page.result).toMatchObject({ page: 2, pageSize: 2, hasMore: true });
    expect((page.result.items as Row[]).map((r) => r.type)).toEqual(['spot_order_hold', 'deposit']);
    expect(
      (await server.call(alice, 'GET', `/user/records?from=${future}&to=${encodeURIComponent(past)}`)).code,
    ).toBe('400');
  });

  it('never shows another customer’s entries', async () => {
    const res = await server.call(bob, 'GET', '/user/records');
    expect((res.result.items as Row[]).map((r) => r.movements[0]!.net)).toEqual(['7']);
  });

  it('exports CSV in the customer’s language, amounts as real numbers, text formula-safe', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/swx/customer/user/records.csv?currency=USDT&lang=de',
      headers: { authorization: alice.token, virtually: 'YES' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Zeit,Art,Währung,Änderung verfügbar,Änderung reserviert,Nettoänderung,Verfügbar danach,Reserviert danach,Bezug,Notiz',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(',Korrektur durch Mitarbeitende,USDT,1.5,0,1.5,400.27,0,,');
    expect(lines[1]!.endsWith(`"'=HYPERLINK(""http://evil"", ""click""), really"`)).toBe(true);
    // Negative amounts are numbers, never text: no apostrophe, no quotes.
    expect(lines[2]).toContain(',Spot-Handel,USDT,0,-101.23,-101.23,398.77,0,Spot-Order #9,');
    expect(lines[3]).toContain(',-101.23,101.23,0,');
    expect(res.body).not.toContain("'-");
  });

  it('takes the CSV language from Accept-Language, English when it is none of ours', async () => {
    const header = async (acceptLanguage: string) => {
      const res = await server.app.inject({
        method: 'GET',
        url: '/swx/customer/user/records.csv',
        headers: { authorization: alice.token, virtually: 'YES', 'accept-language': acceptLanguage },
      });
      return res.body.slice(1).split('\r\n')[0];
    };
    expect(await header('ar-EG,ar;q=0.9')).toMatch(/^الوقت,النوع,/);
    expect(await header('zh-TW')).toMatch(/^時間,類型,/);
    expect(await header('xx')).toMatch(/^Time,Type,Currency,Available change,/);
  });

  it('escapes text so it never starts a formula', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const cell = textCell(text);
        if (/^[=+\-@\t\r]/.test(text)) expect(cell).toBe(`'${text}`);
        else expect(cell).toBe(text);
        expect(/^[=+\-@]/.test(cell)).toBe(false);
      }),
    );
    expect(textCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('refuses bad filters', async () => {
    expect((await server.call(alice, 'GET', '/user/records?currency=usdt')).code).toBe('400');
    expect((await server.call(alice, 'GET', '/user/records?from=yesterday')).code).toBe('400');
    expect((await server.call(alice, 'GET', '/user/records?page=0')).code).toBe('400');
    expect((await server.call(alice, 'GET', '/user/records.csv?lang=%3Cscript')).code).toBe('400');
    expect((await server.call(null, 'GET', '/user/records')).status).toBe(401);
  });
});
