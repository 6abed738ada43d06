import { and, eq } from 'drizzle-orm';
import type { SignedUpCustomer } from '../../../auth/testing';
import { walletLinks } from '../../../auth/tables';
import { auditLog } from '../../../staff/tables';
import { customerNotes } from '../../tables';
import { backOfficeServer, type BackOfficeServer } from './helpers';

let server: BackOfficeServer;
let reviewer: string;
let admin: string;
let content: string;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;

beforeAll(async () => {
  server = await backOfficeServer();
  [reviewer, admin, content] = await Promise.all([
    server.member(['reviewer']),
    server.member(['admin']),
    server.member(['content']),
  ]);
  alice = await server.customer({ username: `alice_${Date.now() % 100000}` });
  bob = await server.customer();
  await server.fund(alice.userId, 'USDT', '250.5');
  await server.database.db
    .insert(walletLinks)
    .values({ address: '0xabcdefabcdefabcdefabcdefabcdefabcdef0001', userId: BigInt(bob.userId) });
});
afterAll(async () => server.close());

const customerGet = (who: SignedUpCustomer, url: string, agent = 'TestBrowser/1.0') =>
  server.app.inject({
    method: 'GET',
    url: `/swx/customer${url}`,
    headers: { authorization: who.token, 'user-agent': agent, virtually: 'YES' },
  });

describe('customer routes refuse callers without a staff session or the role', () => {
  const routes: ['GET' | 'POST', string, unknown][] = [
    ['GET', '/customers', undefined],
    ['GET', '/customers/1', undefined],
    ['GET', '/customers/1/records?mode=real', undefined],
    ['GET', '/customers/1/sessions', undefined],
    ['POST', '/customers/1/sessions/0123456789abcdef/revoke', undefined],
    ['GET', '/customers/1/notes', undefined],
    ['POST', '/customers/1/notes', { text: 'x' }],
    ['POST', '/customers/1/disable', { reason: 'x' }],
    ['POST', '/customers/1/enable', { reason: 'x' }],
  ];

  it.each(routes)(
    '%s %s answers 401 to a customer token and to no token, before validating',
    async (method, url) => {
      for (const token of [alice.token, null]) {
        const res = await server.as(token, method, url, method === 'POST' ? { junk: true } : undefined);
        expect(res).toMatchObject({ status: 401, code: '401' });
      }
    },
  );

  it.each(routes)('%s %s answers 403 (role missing) to a content editor', async (method, url, payload) => {
    const res = await server.as(content, method, url, payload);
    expect(res).toMatchObject({ status: 403, code: '11160' });
  });

  it('keeps disabling and enabling for admins: a reviewer is refused and nothing changes', async () => {
    const res = await server.as(reviewer, 'POST', `/customers/${bob.userId}/disable`, { reason: 'fraud' });
    expect(res).toMatchObject({ status: 403, code: '11160' });
    expect((await customerGet(bob, '/user/records')).statusCode).not.toBe(401);
  });
});

describe('search', () => {
  it('finds by part of the username or e-mail, either case, by id and by wallet address', async () => {
    const byName = await server.as(
      reviewer,
      'GET',
      `/customers?q=${alice.username.slice(0, 8).toUpperCase()}`,
    );
    expect(byName.status).toBe(200);
    expect(byName.result.items.map((c: { id: string }) => c.id)).toContain(alice.userId);
    const byEmail = await server.as(reviewer, 'GET', `/customers?q=${encodeURIComponent(bob.email)}`);
    expect(byEmail.result.items.map((c: { id: string }) => c.id)).toEqual([bob.userId]);
    const byId = await server.as(reviewer, 'GET', `/customers?q=${alice.userId}`);
    expect(byId.result.items.map((c: { id: string }) => c.id)).toContain(alice.userId);
    const byWallet = await server.as(
      reviewer,
      'GET',
      '/customers?q=0xABCDEFabcdefabcdefabcdefabcdefabcdef0001',
    );
    expect(byWallet.result.items).toEqual([
      expect.objectContaining({ id: bob.userId, wallets: ['0xabcdefabcdefabcdefabcdefabcdefabcdef0001'] }),
    ]);
  });

  it('treats LIKE wildcards as text and pages the answer', async () => {
    const wildcard = await server.as(reviewer, 'GET', '/customers?q=%25');
    expect(wildcard.result).toMatchObject({ items: [], total: 0 });
    const page = await server.as(reviewer, 'GET', '/customers?pageSize=1&page=2');
    expect(page.result).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(page.result.items).toHaveLength(1);
  });

  it('refuses a bad query with 400', async () => {
    expect((await server.as(reviewer, 'GET', `/customers?q=${'x'.repeat(201)}`)).code).toBe('400');
    expect((await server.as(reviewer, 'GET', '/customers?pageSize=1000')).code).toBe('400');
    expect((await server.as(reviewer, 'GET', '/customers?q=a%00b')).code).toBe('400');
  });
});

describe('profile', () => {
  it('shows account facts, both account sets from the ledger, records as the customer sees them and sessions', async () => {
    await customerGet(alice, '/user/records');
    const res = await server.as(reviewer, 'GET', `/customers/${alice.userId}`);
    expect(res.status).toBe(200);
    const profile = res.result;
    expect(profile.account).toMatchObject({ id: alice.userId, username: alice.username, status: 'active' });
    expect(profile.real.balances.USDT).toEqual({ available: '250.5', held: '0' });
    expect(profile.demo.balances.USDT.available).not.toBe('0');
    expect(profile.real.recentRecords[0]).toMatchObject({ type: 'deposit' });
    const own = await customerGet(alice, '/user/records');
    expect(profile.real.recentRecords).toEqual(own.json().result.items);
    expect(profile.real).toMatchObject({ openPositions: [], pendingSpotOrders: [], openOptions: [] });
    expect(profile.sessions[0]).toMatchObject({ userAgent: 'TestBrowser/1.0', revokedAt: null });
    expect(profile.sessions[0].id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('pages records per mode', async () => {
    const demo = await server.as(reviewer, 'GET', `/customers/${alice.userId}/records?mode=demo`);
    expect(demo.result.items.map((r: { type: string }) => r.type)).toEqual(['demo_grant']);
    expect((await server.as(reviewer, 'GET', `/customers/${alice.userId}/records`)).code).toBe('400');
  });

  it('refuses malformed ids and modes on every read with 400, unknown customers with 10009', async () => {
    for (const url of ['/customers/abc/sessions', '/customers/abc/notes', '/customers/0/records?mode=real'])
      expect({ url, code: (await server.as(reviewer, 'GET', url)).code }).toEqual({ url, code: '400' });
    const badMode = await server.as(reviewer, 'GET', `/customers/${alice.userId}/records?mode=paper`);
    expect(badMode.code).toBe('400');
    for (const url of [
      '/customers/999999/sessions',
      '/customers/999999/notes',
      '/customers/999999/records?mode=real',
    ])
      expect({ url, code: (await server.as(reviewer, 'GET', url)).code }).toEqual({ url, code: '10009' });
  });

  it('audits every staff view of the profile, the records and the sessions: who, when, what', async () => {
    const views = () =>
      server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'customer.view'), eq(auditLog.target, `customer:${bob.userId}`)));
    expect(await views()).toHaveLength(0);
    await server.as(reviewer, 'GET', `/customers/${bob.userId}`);
    await server.as(reviewer, 'GET', `/customers/${bob.userId}/records?mode=real`);
    await server.as(admin, 'GET', `/customers/${bob.userId}/sessions`);
    const rows = await views();
    expect(rows.map((row) => (row.details as { what: string }).what)).toEqual([
      'profile',
      'records:real',
      'sessions',
    ]);
    expect(rows.every((row) => row.staffId !== null && row.createdAt instanceof Date)).toBe(true);
    // A refused read (unknown customer) is not a view.
    await server.as(reviewer, 'GET', '/customers/999999');
    expect(
      await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'customer.view'), eq(auditLog.target, 'customer:999999'))),
    ).toHaveLength(0);
  });

  it('answers 10009 for an unknown customer and 400 for a malformed id', async () => {
    expect(await server.as(reviewer, 'GET', '/customers/999999')).toMatchObject({
      status: 404,
      code: '10009',
    });
    expect((await server.as(reviewer, 'GET', '/customers/abc')).code).toBe('400');
  });
});

describe('notes', () => {
  it('adds a cleaned, bounded note with its author and time, audited', async () => {
    const added = await server.as(reviewer, 'POST', `/customers/${alice.userId}/notes`, {
      text: '  Called about the deposit.\nAll fine.  ',
    });
    expect(added.status).toBe(200);
    expect(added.result).toMatchObject({ text: 'Called about the deposit.\nAll fine.' });
    expect(added.result.staffUsername).toMatch(/^staff_/);
    const list = await server.as(admin, 'GET', `/customers/${alice.userId}/notes`);
    expect(list.result).toEqual([added.result]);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.note.add'), eq(auditLog.target, `customer:${alice.userId}`)));
    expect(audit).toHaveLength(1);
  });

  it('refuses unclean, blank or over-long text and stores nothing', async () => {
    const before = await server.database.db.select().from(customerNotes);
    for (const text of ['bad\u0000byte', '   ', 'x'.repeat(2001), 'hidden\u202Edirection']) {
      const res = await server.as(reviewer, 'POST', `/customers/${alice.userId}/notes`, { text });
      expect(res.code).toBe('400');
    }
    const unknown = await server.as(reviewer, 'POST', '/customers/999999/notes', { text: 'x' });
    expect(unknown.code).toBe('10009');
    expect(await server.database.db.select().from(customerNotes)).toHaveLength(before.length);
  });
});

describe('sessions', () => {
  it('revokes one session: its token stops working, the other keeps working', async () => {
    const second = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/login/login',
      payload: { account: bob.username, password: bob.password },
    });
    const other = { ...bob, token: second.json().result.token as string };
    await customerGet(other, '/user/records', 'OtherBrowser/2.0');
    const sessions = (await server.as(reviewer, 'GET', `/customers/${bob.userId}/sessions`)).result;
    const target = sessions.find((s: { userAgent: string }) => s.userAgent === 'OtherBrowser/2.0');
    const res = await server.as(reviewer, 'POST', `/customers/${bob.userId}/sessions/${target.id}/revoke`);
    expect(res.status).toBe(200);
    expect(res.result.find((s: { id: string }) => s.id === target.id).revokedAt).not.toBeNull();
    expect((await customerGet(other, '/user/records')).statusCode).toBe(401);
    expect((await customerGet(bob, '/user/records')).statusCode).toBe(200);
  });

  it('answers 11185 for a session that is not the customer’s or already revoked, 400 for a bad handle', async () => {
    const aliceSessions = (await server.as(reviewer, 'GET', `/customers/${alice.userId}/sessions`)).result;
    const foreign = await server.as(
      reviewer,
      'POST',
      `/customers/${bob.userId}/sessions/${aliceSessions[0].id}/revoke`,
    );
    expect(foreign).toMatchObject({ status: 404, code: '11185' });
    expect((await customerGet(alice, '/user/records')).statusCode).toBe(200);
    const bad = await server.as(reviewer, 'POST', `/customers/${bob.userId}/sessions/XYZ/revoke`);
    expect(bad.code).toBe('400');
  });
});

describe('disable and enable', () => {
  it('disables with a reason: sessions revoked, API calls 401, sign-in 10005; enabling restores sign-in', async () => {
    const carol = await server.customer();
    const disabled = await server.as(admin, 'POST', `/customers/${carol.userId}/disable`, {
      reason: 'Chargeback fraud',
    });
    expect(disabled).toMatchObject({ status: 200, result: { id: carol.userId, status: 'disabled' } });
    expect((await customerGet(carol, '/user/records')).json().code).toBe('401');
    const login = () =>
      server.app.inject({
        method: 'POST',
        url: '/swx/customer/login/login',
        payload: { account: carol.username, password: carol.password },
      });
    expect((await login()).json().code).toBe('10005');
    const sessions = (await server.as(admin, 'GET', `/customers/${carol.userId}/sessions`)).result;
    expect(sessions.every((s: { revokedAt: string | null }) => s.revokedAt !== null)).toBe(true);

    const again = await server.as(admin, 'POST', `/customers/${carol.userId}/disable`, { reason: 'again' });
    expect(again).toMatchObject({ status: 409, code: '11186' });

    const enabled = await server.as(admin, 'POST', `/customers/${carol.userId}/enable`, {
      reason: 'Resolved',
    });
    expect(enabled.result.status).toBe('active');
    expect((await login()).json().code).toBe('200');

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `customer:${carol.userId}`));
    const changes = audit.filter((a) => a.action !== 'customer.view');
    expect(changes.map((a) => [a.action, (a.details as { reason: string }).reason])).toEqual([
      ['customer.disable', 'Chargeback fraud'],
      ['customer.enable', 'Resolved'],
    ]);
  });

  it('requires a reason and a known customer', async () => {
    expect((await server.as(admin, 'POST', `/customers/${bob.userId}/disable`, {})).code).toBe('400');
    expect((await server.as(admin, 'POST', `/customers/${bob.userId}/disable`, { reason: ' ' })).code).toBe(
      '400',
    );
    expect((await server.as(admin, 'POST', '/customers/999999/disable', { reason: 'x' })).code).toBe('10009');
    expect(
      (await server.as(admin, 'POST', `/customers/${bob.userId}/enable`, { reason: 'x', extra: 1 })).code,
    ).toBe('400');
    expect((await server.as(admin, 'POST', `/customers/${bob.userId}/enable`, { reason: 'x' })).code).toBe(
      '11186',
    );
    expect((await customerGet(bob, '/user/records')).statusCode).toBe(200);
  });
});
