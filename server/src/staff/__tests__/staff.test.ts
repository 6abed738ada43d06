import { eq } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { auditLog, staffSessions } from '../tables';
import { createStaffTestServer, staffCredentials, staffToken } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createStaffTestServer();
});
afterAll(async () => server.close());

const login = (payload: object) => server.app.inject({ method: 'POST', url: '/swx/admin/login', payload });

describe('staff sign-in', () => {
  it('creates the first staff account from ADMIN_USERNAME / ADMIN_PASSWORD, audited', async () => {
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.staffId).toBeNull();
    // An admin only (segregation of duties): finance and reviewer members are created in the back office.
    expect(rows[0]!.details).toEqual({
      username: staffCredentials.username,
      roles: ['admin'],
      email: null,
      passwordChangeRequired: false,
    });
  });

  it('bootstrapping again leaves the existing account alone', async () => {
    await server.services.staff.bootstrap(staffCredentials.username, 'Another-password-99');
    expect((await login(staffCredentials)).statusCode).toBe(200);
  });

  it('gives an opaque token stored only as a hash', async () => {
    const res = await login(staffCredentials);
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json().result;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const sessions = await server.database.db.select().from(staffSessions);
    expect(sessions.some((s) => s.tokenHash === token)).toBe(false);
  });

  it('refuses a wrong password and an unknown username alike', async () => {
    for (const payload of [
      { ...staffCredentials, password: 'Wrong-password-1' },
      { username: 'nobody', password: staffCredentials.password },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: '11042', result: null });
    }
    const failures = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.login_failed'));
    expect(failures.map((f) => f.details)).toEqual([{ username: 'chief' }, { username: 'nobody' }]);
    expect(failures.map((f) => f.target)).toEqual([expect.stringMatching(/^staff:\d+$/), 'staff:unknown']);
  });

  it('refuses malformed bodies', async () => {
    expect((await login({ username: 'chief' })).json().code).toBe('400');
    expect((await login({ ...staffCredentials, extra: 1 })).json().code).toBe('400');
  });

  it('requires a live staff token on staff routes; a customer-style garbage token is 401', async () => {
    for (const headers of [{}, { authorization: 'nonsense' }, { authorization: 'Bearer ' }]) {
      const res = await server.app.inject({ method: 'GET', url: '/swx/admin/audit', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: '401', result: null });
    }
    const token = await staffToken(server);
    expect(
      (await server.app.inject({ method: 'GET', url: '/swx/admin/audit', headers: { authorization: token } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/swx/admin/audit',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('ends a session on logout', async () => {
    const token = await staffToken(server);
    const out = await server.app.inject({
      method: 'POST',
      url: '/swx/admin/logout',
      headers: { authorization: token },
    });
    expect(out.statusCode).toBe(200);
    const after = await server.app.inject({
      method: 'GET',
      url: '/swx/admin/audit',
      headers: { authorization: token },
    });
    expect(after.statusCode).toBe(401);
  });

  it('pages the audit log newest first', async () => {
    const token = await staffToken(server);
    const res = await server.app.inject({
      method: 'GET',
      url: '/swx/admin/audit?page=1&pageSize=2&action=staff.login',
      headers: { authorization: token },
    });
    const page = res.json().result;
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items[0].staffUsername).toBe(staffCredentials.username);
    expect(BigInt(page.items[0].id)).toBeGreaterThan(BigInt(page.items[1].id));
  });

  it('refuses a weak staff password', async () => {
    await expect(
      server.database.db.transaction((tx) =>
        server.services.staff.create(tx, 'helper', 'short', null, ['reviewer']),
      ),
    ).rejects.toMatchObject({ code: '11304' });
  });
});

describe('staff sign-in throttling', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await createStaffTestServer({ RATE_LOGIN_PER_ACCOUNT_PER_MINUTE: '3' });
  });
  afterAll(async () => limited.close());

  it('answers 429 after too many attempts on one username', async () => {
    const attempt = () =>
      limited.app.inject({
        method: 'POST',
        url: '/swx/admin/login',
        payload: { ...staffCredentials, password: 'Wrong-password-1' },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
