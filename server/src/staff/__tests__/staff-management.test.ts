import { and, eq, sql } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { auditLog, staff } from '../tables';
import { createStaffTestServer, memberPassword, staffMember, staffToken } from './helpers';

/**
 * Staff management under segregation of duties (issue 26): members are created with an e-mail address and
 * a temporary password; roles change only through a pending change a second admin approves; nobody holds
 * admin and finance; nobody approves a change of their own roles or of a member they created in the last
 * 24 hours; the last admin keeps the role.
 */
let server: TestServer;
let chief: string;
let chiefId: string;
let deputy: { staffId: string; token: string };
beforeAll(async () => {
  server = await createStaffTestServer();
  chief = await staffToken(server);
  chiefId = (await server.services.staff.findByUsername('chief'))!.staffId;
});
afterAll(async () => server.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  server.app
    .inject({
      method,
      url: `/swx/admin${url}`,
      headers: { authorization: token },
      ...(payload ? { payload } : {}),
    })
    .then((res) => ({ status: res.statusCode, code: res.json().code as string, result: res.json().result }));

const auditOf = (target: string, action: string) =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, target), eq(auditLog.action, action)));

const rolesOf = async (id: string) =>
  (
    await server.database.db
      .select({ roles: staff.roles })
      .from(staff)
      .where(eq(staff.id, BigInt(id)))
  )[0]!.roles;

/** Asks for a member's roles through the API: the answer is the pending change. */
const askRoles = (token: string, id: string, roles: string[], reason = 'duty change') =>
  call('PUT', `/staff/${id}/roles`, token, { roles, reason });

describe('creating members', () => {
  it('the sole admin names the second admin directly; after that, admins come from approved role changes', async () => {
    const created = await call('POST', '/staff', chief, {
      username: 'deputy',
      password: memberPassword,
      email: 'Deputy@Staff.swx.test',
      roles: ['admin'],
    });
    expect(created.status).toBe(200);
    expect(created.result).toMatchObject({
      username: 'deputy',
      roles: ['admin'],
      email: 'deputy@staff.swx.test',
      createdBy: chiefId,
      passwordChangeRequired: true,
      totpEnabled: false,
      sessions: 0,
    });
    deputy = {
      staffId: created.result.staffId,
      token: await staffToken(server, { username: 'deputy', password: memberPassword }),
    };
    // Two admins now: a third is refused in one step, whoever asks.
    for (const token of [chief, deputy.token]) {
      const third = await call('POST', '/staff', token, {
        username: 'thirdadmin',
        password: memberPassword,
        email: 'third@staff.swx.test',
        roles: ['admin', 'content'],
      });
      expect(third.code).toBe('11313');
    }
    expect(await server.services.staff.findByUsername('thirdadmin')).toBeUndefined();
  });

  it('refuses admin with finance, unknown roles, missing or taken e-mail, taken usernames, weak passwords', async () => {
    const bad: [object, string][] = [
      [
        { username: 'sam', password: memberPassword, email: 's@x.test', roles: ['finance', 'admin'] },
        '11300',
      ],
      [{ username: 'sam', password: memberPassword, email: 's@x.test', roles: ['janitor'] }, '400'],
      [{ username: 'sam', password: memberPassword, email: 's@x.test', roles: [] }, '400'],
      [{ username: 'sam', password: memberPassword, roles: ['reviewer'] }, '10002'],
      [
        { username: 'sam', password: memberPassword, email: 'deputy@staff.swx.test', roles: ['reviewer'] },
        '10007',
      ],
      [{ username: 'deputy', password: memberPassword, email: 's@x.test', roles: ['reviewer'] }, '10006'],
      [{ username: 'sam', password: 'onlyletters-long', email: 's@x.test', roles: ['reviewer'] }, '11304'],
    ];
    for (const [payload, code] of bad) expect((await call('POST', '/staff', chief, payload)).code).toBe(code);
    expect(await server.services.staff.findByUsername('sam')).toBeUndefined();
  });

  it('holds the rule in the database too: no row may carry admin and finance', async () => {
    await expect(
      server.database.db.execute(sql`update staff set roles = '{admin,finance}' where id = ${chiefId}`),
    ).rejects.toThrow();
    expect(await rolesOf(chiefId)).toEqual(['admin']);
  });

  it('lists members with their e-mail, creator, password state and live sessions', async () => {
    const list = await call('GET', '/staff', chief);
    const byName = Object.fromEntries(list.result.map((m: { username: string }) => [m.username, m]));
    expect(byName.chief).toMatchObject({ roles: ['admin'], createdBy: null, passwordChangeRequired: false });
    expect(byName.deputy).toMatchObject({ createdBy: chiefId, passwordChangeRequired: false });
    expect(byName.deputy.sessions).toBeGreaterThanOrEqual(1);
  });
});

describe('role changes are maker-checker', () => {
  it('records a request; the requester cannot approve it; a second admin applies it with both reasons audited', async () => {
    const member = await staffMember(server, 'rolf', ['reviewer']);
    const asked = await askRoles(chief, member.staffId, ['finance'], 'moves to the payments desk');
    expect(asked.status).toBe(200);
    expect(asked.result).toMatchObject({
      kind: 'staff-roles',
      target: `staff:${member.staffId}`,
      status: 'pending',
      summary: { before: ['reviewer'], after: ['finance'] },
      requestedByUsername: 'chief',
    });
    expect(await rolesOf(member.staffId)).toEqual(['reviewer']);
    // One pending change per member at a time.
    expect((await askRoles(deputy.token, member.staffId, ['content'])).code).toBe('11311');
    const id = asked.result.id;
    expect((await call('POST', `/changes/${id}/approve`, chief, { reason: 'mine' })).code).toBe('11171');
    expect((await call('POST', `/changes/${id}/approve`, member.token, { reason: 'x' })).code).toBe('11160');
    const approved = await call('POST', `/changes/${id}/approve`, deputy.token, { reason: 'agreed with HR' });
    expect(approved.result).toMatchObject({ status: 'approved', decidedByUsername: 'deputy' });
    expect(await rolesOf(member.staffId)).toEqual(['finance']);
    const [row] = await auditOf(`staff:${member.staffId}`, 'staff.roles');
    expect(row!.staffId).toBe(BigInt(deputy.staffId));
    expect(row!.details).toMatchObject({
      from: ['reviewer'],
      to: ['finance'],
      requestedBy: chiefId,
      reason: 'moves to the payments desk',
      approvalReason: 'agreed with HR',
    });
    const [decision] = await auditOf(`staff:${member.staffId}`, 'change.staff-roles.approve');
    expect(decision!.details).toMatchObject({
      requestReason: 'moves to the payments desk',
      decisionReason: 'agreed with HR',
    });
    // The session follows the change at once.
    expect((await call('GET', '/ledger/check', member.token)).status).toBe(200);
    expect((await call('GET', '/reviews?kind=deposit', member.token)).code).toBe('11160');
    // Decided once: a second decision is refused.
    expect((await call('POST', `/changes/${id}/reject`, deputy.token, { reason: 'late' })).code).toBe(
      '11043',
    );
  });

  it('refuses admin with finance when asked, and again when approved', async () => {
    const member = await staffMember(server, 'fina', ['finance']);
    expect((await askRoles(chief, member.staffId, ['finance', 'admin'])).code).toBe('11300');
    expect((await askRoles(chief, member.staffId, ['finance', 'finance'])).status).toBe(400);
  });

  it('nobody approves a change of their own roles', async () => {
    const asked = await askRoles(chief, deputy.staffId, ['admin', 'content'], 'runs the content desk too');
    const refused = await call('POST', `/changes/${asked.result.id}/approve`, deputy.token, {
      reason: 'yes',
    });
    expect(refused.code).toBe('11301');
    expect(await rolesOf(deputy.staffId)).toEqual(['admin']);
    expect(
      (await call('POST', `/changes/${asked.result.id}/reject`, chief, { reason: 'withdrawn' })).result,
    ).toMatchObject({
      status: 'rejected',
    });
    expect(await auditOf(`staff:${deputy.staffId}`, 'change.staff-roles.withdraw')).toHaveLength(1);
  });

  it('nobody approves a role change of a member they created in the last 24 hours', async () => {
    const created = await call('POST', '/staff', deputy.token, {
      username: 'newbie',
      password: memberPassword,
      email: 'newbie@staff.swx.test',
      roles: ['reviewer'],
    });
    const id = created.result.staffId;
    const asked = await askRoles(chief, id, ['reviewer', 'content'], 'helps with the FAQ');
    expect(
      (await call('POST', `/changes/${asked.result.id}/approve`, deputy.token, { reason: 'ok' })).code,
    ).toBe('11302');
    expect(await rolesOf(id)).toEqual(['reviewer']);
    // A day later the creator may (the service is called directly: a day later the session has ended).
    const clock = server.services.staff.now;
    server.services.staff.now = () => clock() + 24 * 3_600_000 + 60_000;
    try {
      const deputyNow = (await server.services.staff.findByUsername('deputy'))!;
      const approved = await server.services.changes.approve(asked.result.id, deputyNow, 'ok');
      expect(approved.status).toBe('approved');
    } finally {
      server.services.staff.now = clock;
    }
    expect(await rolesOf(id)).toEqual(['reviewer', 'content']);
  });

  it('nobody asks to drop their own admin role; the last enabled admin keeps it', async () => {
    expect((await askRoles(chief, chiefId, ['reviewer'])).code).toBe('11166');
    expect((await call('POST', `/staff/${chiefId}/disable`, chief)).code).toBe('11166');
    // The deputy is demoted by the chief's request and an approval by... nobody else: ask a third admin in.
    const keeper = await staffMember(server, 'keeper', ['reviewer']);
    const promote = await askRoles(chief, keeper.staffId, ['admin'], 'second pair of eyes');
    expect(
      (await call('POST', `/changes/${promote.result.id}/approve`, deputy.token, { reason: 'ok' })).status,
    ).toBe(200);
    const keeperToken = keeper.token;
    // Chief and keeper demote the deputy; then the chief and keeper are the admins left.
    const demote = await askRoles(chief, deputy.staffId, ['content'], 'leaves the admin team');
    expect(
      (await call('POST', `/changes/${demote.result.id}/approve`, keeperToken, { reason: 'ok' })).status,
    ).toBe(200);
    expect(await rolesOf(deputy.staffId)).toEqual(['content']);
    // Disabling the keeper leaves the chief the last admin, who cannot be demoted or disabled.
    expect((await call('POST', `/staff/${keeper.staffId}/disable`, chief)).status).toBe(200);
    const someone = { staffId: keeper.staffId, username: 'keeper', roles: ['admin' as const] };
    await expect(server.services.staffManagement.disable(someone, chiefId)).rejects.toMatchObject({
      code: '11167',
    });
    // Enabled again, the keeper makes two admins.
    expect((await call('POST', `/staff/${keeper.staffId}/enable`, chief)).status).toBe(200);
  });

  it('answers 11172 for an unknown member and 11312 for an unknown change', async () => {
    expect((await call('POST', '/staff/999999/enable', chief)).code).toBe('11172');
    expect((await askRoles(chief, '999999', ['reviewer'])).code).toBe('11172');
    expect((await call('POST', '/changes/999999/approve', chief, { reason: 'x' })).code).toBe('11312');
  });
});

describe('disabling', () => {
  it('ends the sessions; enabling lets the member sign in again', async () => {
    const member = await staffMember(server, 'dora', ['reviewer']);
    expect((await call('POST', `/staff/${member.staffId}/disable`, chief)).result.disabled).toBe(true);
    expect((await call('GET', '/me', member.token)).status).toBe(401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/swx/admin/login',
      payload: { username: 'dora', password: memberPassword },
    });
    expect(login.json().code).toBe('11042');
    expect((await call('POST', `/staff/${member.staffId}/enable`, chief)).result.disabled).toBe(false);
    expect(await staffToken(server, { username: 'dora', password: memberPassword })).toBeTruthy();
    expect(await auditOf(`staff:${member.staffId}`, 'staff.disable')).toHaveLength(1);
    expect(await auditOf(`staff:${member.staffId}`, 'staff.enable')).toHaveLength(1);
  });
});
