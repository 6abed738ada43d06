import { and, eq } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { auditLog } from '../tables';
import { createStaffTestServer, memberPassword, staffMember, staffToken } from './helpers';

let server: TestServer;
let chief: string;
let chiefId: string;
beforeAll(async () => {
  server = await createStaffTestServer();
  chief = await staffToken(server);
  chiefId = (await server.services.staff.findByUsername('chief'))!.staffId;
});
afterAll(async () => server.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  server.app.inject({
    method,
    url: `/swx/admin${url}`,
    headers: { authorization: token },
    ...(payload ? { payload } : {}),
  });

const auditOf = (target: string, action: string) =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, target), eq(auditLog.action, action)));

describe('staff management', () => {
  it('creates a member with roles, lists them, and audits it', async () => {
    const created = await call('POST', '/staff', chief, {
      username: 'ruth',
      password: memberPassword,
      roles: ['reviewer', 'content'],
    });
    expect(created.json().result).toMatchObject({
      username: 'ruth',
      roles: ['reviewer', 'content'],
      totpEnabled: false,
      disabled: false,
    });
    const id = created.json().result.staffId;
    const list = await call('GET', '/staff', chief);
    expect(list.json().result.map((m: { username: string }) => m.username)).toEqual(['chief', 'ruth']);
    expect(await auditOf(`staff:${id}`, 'staff.create')).toHaveLength(1);
    // The new member signs in with the temporary password and has to enrol first.
    const login = await server.app.inject({
      method: 'POST',
      url: '/swx/admin/login',
      payload: { username: 'ruth', password: memberPassword },
    });
    expect(login.json().result.totpEnabled).toBe(false);
  });

  it('refuses unknown or empty roles, taken usernames and weak passwords, creating nothing', async () => {
    const bad = [
      { username: 'sam', password: memberPassword, roles: ['janitor'] },
      { username: 'sam', password: memberPassword, roles: [] },
      { username: 'sam', password: memberPassword, roles: ['admin', 'admin'] },
      { username: 'ruth', password: memberPassword, roles: ['admin'] },
      { username: 'sam', password: 'onlyletters-long', roles: ['admin'] },
    ];
    for (const payload of bad)
      expect((await call('POST', '/staff', chief, payload)).statusCode).not.toBe(200);
    expect(await server.services.staff.findByUsername('sam')).toBeUndefined();
  });

  it('changes roles, audited with before and after', async () => {
    const member = await staffMember(server, 'rolf', ['reviewer']);
    const changed = await call('PUT', `/staff/${member.staffId}/roles`, chief, { roles: ['finance'] });
    expect(changed.json().result.roles).toEqual(['finance']);
    const [row] = await auditOf(`staff:${member.staffId}`, 'staff.roles');
    expect(row!.details).toMatchObject({ from: ['reviewer'], to: ['finance'] });
    // The session follows the change at once.
    expect((await call('GET', '/ledger/check', member.token)).statusCode).toBe(200);
    expect((await call('GET', '/reviews?kind=deposit', member.token)).json().code).toBe('11160');
  });

  it('disabling ends the sessions; enabling lets the member sign in again', async () => {
    const member = await staffMember(server, 'dora', ['reviewer']);
    expect((await call('POST', `/staff/${member.staffId}/disable`, chief)).json().result.disabled).toBe(true);
    expect((await call('GET', '/me', member.token)).statusCode).toBe(401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/swx/admin/login',
      payload: { username: 'dora', password: memberPassword },
    });
    expect(login.json().code).toBe('11042');
    expect((await call('POST', `/staff/${member.staffId}/enable`, chief)).json().result.disabled).toBe(false);
    expect(await staffToken(server, { username: 'dora', password: memberPassword })).toBeTruthy();
    expect(await auditOf(`staff:${member.staffId}`, 'staff.disable')).toHaveLength(1);
    expect(await auditOf(`staff:${member.staffId}`, 'staff.enable')).toHaveLength(1);
  });

  it('nobody disables themselves or drops their own admin role', async () => {
    expect((await call('POST', `/staff/${chiefId}/disable`, chief)).json().code).toBe('11166');
    expect((await call('PUT', `/staff/${chiefId}/roles`, chief, { roles: ['finance'] })).json().code).toBe(
      '11166',
    );
  });

  it('keeps the last enabled admin', async () => {
    const deputy = await staffMember(server, 'deputy', ['admin']);
    const keeper = await staffMember(server, 'keeper', ['admin']);
    // Three admins: the deputy demotes the chief and disables the keeper, and is then the last admin.
    expect(
      (await call('PUT', `/staff/${chiefId}/roles`, deputy.token, { roles: ['finance'] })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/staff/${keeper.staffId}/disable`, deputy.token)).statusCode).toBe(200);
    const someone = { staffId: chiefId, username: 'chief', roles: ['admin' as const] };
    await expect(
      server.services.staffManagement.setRoles(someone, deputy.staffId, ['finance']),
    ).rejects.toMatchObject({ code: '11167' });
    await expect(server.services.staffManagement.disable(someone, deputy.staffId)).rejects.toMatchObject({
      code: '11167',
    });
    // Enabling a disabled admin again makes a second one: now the deputy may be demoted.
    expect((await call('POST', `/staff/${keeper.staffId}/enable`, deputy.token)).statusCode).toBe(200);
    const restored = await call('PUT', `/staff/${chiefId}/roles`, deputy.token, {
      roles: ['reviewer', 'finance', 'admin', 'content'],
    });
    expect(restored.statusCode).toBe(200);
    expect(
      (await call('PUT', `/staff/${deputy.staffId}/roles`, chief, { roles: ['finance'] })).statusCode,
    ).toBe(200);
  });

  it('resets two-factor: sessions end and the member enrols again', async () => {
    const member = await staffMember(server, 'pat', ['finance']);
    const reset = await call('POST', `/staff/${member.staffId}/totp/reset`, chief);
    expect(reset.json().result.totpEnabled).toBe(false);
    expect((await call('GET', '/me', member.token)).statusCode).toBe(401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/swx/admin/login',
      payload: { username: 'pat', password: memberPassword },
    });
    expect(login.json().result).toMatchObject({ totpEnabled: false });
    expect((await call('GET', '/ledger/check', login.json().result.token)).json().code).toBe('11161');
  });

  it('answers 11172 for an unknown member', async () => {
    expect((await call('POST', '/staff/999999/enable', chief)).json().code).toBe('11172');
  });
});
