import { and, eq } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { captureMail } from '../../auth/testing';
import { auditLog, staff as staffTable, staffRecoveryCodes } from '../tables';
import {
  chosenPassword,
  createStaffTestServer,
  memberPassword,
  nextCodeStep,
  recoveryCodesOf,
  staffMember,
  staffToken,
  totpCode,
  totpSecretOf,
} from './helpers';

/**
 * A staff member's credentials over their life (issue 26, item 4): the forced first change of a temporary
 * password, the member's own change, an admin's reset by a one-time e-mailed link, recovery codes, and
 * re-enrolment after a two-factor reset, which needs the password and an e-mailed code.
 */
let server: TestServer;
let chief: string;
let mail: ReturnType<typeof captureMail>;
beforeAll(async () => {
  server = await createStaffTestServer();
  mail = captureMail(server);
  chief = await staffToken(server);
});
afterAll(async () => server.close());

type Answer = { status: number; code: string; result: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object): Promise<Answer> =>
  server.app
    .inject({
      method,
      url: `/swx/admin${url}`,
      ...(token ? { headers: { authorization: token } } : {}),
      ...(payload ? { payload } : {}),
    })
    .then((res) => ({ status: res.statusCode, code: res.json().code, result: res.json().result }));
const login = (username: string, password: string) =>
  call('POST', '/login', undefined, { username, password });
const auditCount = async (action: string, target: string) =>
  (
    await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
  ).length;

/** Creates a member through the back office (as an admin does): temporary password, forced change. */
async function created(username: string, roles = ['reviewer']): Promise<string> {
  const answer = await call('POST', '/staff', chief, {
    username,
    password: memberPassword,
    email: `${username}@staff.swx.test`,
    roles,
  });
  expect(answer.status).toBe(200);
  return answer.result.staffId;
}

describe('first sign-in', () => {
  it('forces a new password before anything else, with the zxcvbn rule', async () => {
    const id = await created('frank');
    const first = await login('frank', memberPassword);
    expect(first.result).toMatchObject({ passwordChangeRequired: true, totpEnabled: false });
    const token = first.result.token as string;
    expect((await call('GET', '/me', token)).result).toMatchObject({
      passwordChangeRequired: true,
      email: 'frank@staff.swx.test',
    });
    // Nothing else answers, enrolment included.
    expect((await call('POST', '/totp/enrol', token)).code).toBe('11303');
    expect((await call('GET', '/reviews?kind=deposit', token)).code).toBe('11303');
    expect((await call('GET', '/sessions', token)).code).toBe('11303');
    const change = (currentPassword: string, newPassword: string) =>
      call('POST', '/password', token, { currentPassword, newPassword });
    expect((await change('Wrong-password-1', chosenPassword('frank'))).code).toBe('10004');
    expect((await change(memberPassword, memberPassword)).code).toBe('11305');
    expect((await change(memberPassword, 'Password123')).code).toBe('11012');
    expect((await change(memberPassword, 'frank-frank-1')).code).toBe('11012');
    expect((await change(memberPassword, 'short1')).code).toBe('11304');
    expect((await call('GET', '/me', token)).result.passwordChangeRequired).toBe(true);
    const changed = await change(memberPassword, chosenPassword('frank'));
    expect(changed.result).toMatchObject({ passwordChangeRequired: false, totpEnabled: false });
    expect(await auditCount('staff.password_first_change', `staff:${id}`)).toBe(1);
    // Now enrolment; the temporary password no longer signs in.
    expect((await call('POST', '/totp/enrol', token)).status).toBe(200);
    expect((await login('frank', memberPassword)).code).toBe('11042');
    expect((await login('frank', chosenPassword('frank'))).status).toBe(200);
  });

  it('ends the other sessions of the member on a change (the admin who knew the password is out)', async () => {
    await created('greta');
    const theirs = (await login('greta', memberPassword)).result.token as string;
    const admins = (await login('greta', memberPassword)).result.token as string;
    await call('POST', '/password', theirs, {
      currentPassword: memberPassword,
      newPassword: chosenPassword('greta'),
    });
    expect((await call('GET', '/me', admins)).status).toBe(401);
    expect((await call('GET', '/me', theirs)).status).toBe(200);
  });
});

describe('an admin reset by one-time link', () => {
  it('e-mails a link that sets a new password once, within 24 hours, and ends every session', async () => {
    const member = await staffMember(server, 'hana', ['reviewer']);
    const sent = await call('POST', `/staff/${member.staffId}/password/reset`, chief);
    expect(sent.result).toMatchObject({ staffId: member.staffId, sentTo: 'h•••@staff.swx.test' });
    const letter = mail.sent.at(-1)!;
    expect(letter.to).toBe('hana@staff.swx.test');
    const token = /#token=([A-Za-z0-9_-]+)/.exec(letter.text)![1]!;
    expect(letter.text).toContain('/staff/reset-password#token=');
    // The admin's answer and the audit row carry no token.
    expect(JSON.stringify(sent.result)).not.toContain(token);
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.password_reset_sent'));
    expect(JSON.stringify(row!.details)).not.toContain(token);
    // Until the link is used, the old password still works.
    expect((await login('hana', memberPassword)).status).toBe(200);
    const complete = (newPassword: string, withToken = token) =>
      call('POST', '/password/reset', undefined, { token: withToken, newPassword });
    expect((await complete('hana-hana-99')).code).toBe('11012');
    expect((await complete('Unknown-token-1', 'x'.repeat(43))).code).toBe('11306');
    expect((await complete('Granite-hana-orchid-41')).status).toBe(200);
    expect((await call('GET', '/me', member.token)).status).toBe(401);
    expect((await login('hana', memberPassword)).code).toBe('11042');
    expect((await login('hana', 'Granite-hana-orchid-41')).status).toBe(200);
    // Single use.
    expect((await complete('Another-hana-pebble-52')).code).toBe('11306');
  });

  it('refuses a link after 24 hours, and an earlier link once a new one is sent', async () => {
    const member = await staffMember(server, 'ivan', ['reviewer']);
    await call('POST', `/staff/${member.staffId}/password/reset`, chief);
    const first = /#token=([A-Za-z0-9_-]+)/.exec(mail.sent.at(-1)!.text)![1]!;
    await call('POST', `/staff/${member.staffId}/password/reset`, chief);
    const second = /#token=([A-Za-z0-9_-]+)/.exec(mail.sent.at(-1)!.text)![1]!;
    const complete = (token: string) =>
      call('POST', '/password/reset', undefined, { token, newPassword: 'Walnut-ivan-harbor-63' });
    expect((await complete(first)).code).toBe('11306');
    const clock = server.services.staff.now;
    server.services.staff.now = () => clock() + 24 * 3_600_000 + 1_000;
    try {
      expect((await complete(second)).code).toBe('11306');
    } finally {
      server.services.staff.now = clock;
    }
    expect((await complete(second)).status).toBe(200);
  });

  it('refuses a member without an e-mail address or an unknown member', async () => {
    const bare = await server.database.db.transaction((tx) =>
      server.services.staff.create(tx, 'noemail', memberPassword, null, ['content']),
    );
    expect((await call('POST', `/staff/${bare.staffId}/password/reset`, chief)).code).toBe('11309');
    expect((await call('POST', `/staff/${bare.staffId}/totp/reset`, chief)).code).toBe('11309');
    expect((await call('POST', '/staff/999999/password/reset', chief)).code).toBe('11172');
  });
});

describe('recovery codes', () => {
  it('are ten, hashed, single use, and sign in instead of the app', async () => {
    const member = await staffMember(server, 'jade', ['finance']);
    const codes = recoveryCodesOf(server, 'jade');
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    const stored = await server.database.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, BigInt(member.staffId)));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes).not.toContain(row.codeHash);
    expect((await call('GET', '/me', member.token)).result.recoveryCodesLeft).toBe(10);

    const ticket = async () => (await login('jade', memberPassword)).result.ticket as string;
    const used = await call('POST', '/login/recovery', undefined, {
      ticket: await ticket(),
      recoveryCode: codes[0]!.toUpperCase().replace(/-/g, ''),
    });
    expect(used.result).toMatchObject({ totpEnabled: true, passwordChangeRequired: false });
    expect((await call('GET', '/me', used.result.token)).result.recoveryCodesLeft).toBe(9);
    // Replayed: refused, the ticket still good for another try.
    const again = await ticket();
    expect(
      (await call('POST', '/login/recovery', undefined, { ticket: again, recoveryCode: codes[0] })).code,
    ).toBe('11307');
    expect(
      (await call('POST', '/login/recovery', undefined, { ticket: again, recoveryCode: codes[1] })).status,
    ).toBe(200);
    expect(await auditCount('staff.recovery_code_used', `staff:${member.staffId}`)).toBe(2);
  });

  it('are replaced by ten new ones for a code from the app', async () => {
    const member = await staffMember(server, 'kurt', ['reviewer']);
    const old = recoveryCodesOf(server, 'kurt');
    nextCodeStep(server);
    const secret = totpSecretOf(server, 'kurt')!;
    expect((await call('POST', '/totp/recovery-codes', member.token, { code: '000000' })).code).toBe('11162');
    const fresh = await call('POST', '/totp/recovery-codes', member.token, {
      code: totpCode(server, secret),
    });
    expect(fresh.result.recoveryCodes).toHaveLength(10);
    expect(fresh.result.recoveryCodes).not.toContain(old[0]);
    const ticket = (await login('kurt', memberPassword)).result.ticket as string;
    expect((await call('POST', '/login/recovery', undefined, { ticket, recoveryCode: old[0] })).code).toBe(
      '11307',
    );
  });
});

describe('re-enrolment after an admin reset two-factor', () => {
  it('needs the password and the e-mailed code, not the session alone', async () => {
    const member = await staffMember(server, 'lena', ['reviewer']);
    expect((await call('POST', `/staff/${member.staffId}/totp/reset`, chief)).result.totpEnabled).toBe(false);
    expect((await call('GET', '/me', member.token)).status).toBe(401);
    const [row] = await server.database.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, BigInt(member.staffId)));
    expect(row).toBeUndefined();
    const token = (await login('lena', memberPassword)).result.token as string;
    expect((await call('GET', '/me', token)).result).toMatchObject({
      totpReenrolment: true,
      totpEnabled: false,
    });
    // The session alone, or the password alone, is not enough.
    expect((await call('POST', '/totp/enrol', token)).code).toBe('11310');
    expect((await call('POST', '/totp/enrol', token, { password: memberPassword })).code).toBe('11310');
    expect(
      (await call('POST', '/totp/enrol', token, { password: memberPassword, emailCode: '123456' })).code,
    ).toBe('11308');
    const sent = await call('POST', '/totp/enrol/code', token);
    expect(sent.result.sentTo).toBe('l•••@staff.swx.test');
    const code = mail.codeFor('lena@staff.swx.test');
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      (await call('POST', '/totp/enrol', token, { password: memberPassword, emailCode: wrongCode })).code,
    ).toBe('11308');
    expect(
      (await call('POST', '/totp/enrol', token, { password: 'Wrong-password-9', emailCode: code })).code,
    ).toBe('10004');
    const enrolment = await call('POST', '/totp/enrol', token, { password: memberPassword, emailCode: code });
    expect(enrolment.status).toBe(200);
    // The code is spent.
    expect(
      (await call('POST', '/totp/enrol', token, { password: memberPassword, emailCode: code })).code,
    ).toBe('11308');
    const confirmed = await call('POST', '/totp/confirm', token, {
      code: totpCode(server, enrolment.result.secret),
    });
    expect(confirmed.result).toMatchObject({ totpEnabled: true, totpReenrolment: false });
    expect(confirmed.result.recoveryCodes).toHaveLength(10);
    const [after] = await server.database.db
      .select()
      .from(staffTable)
      .where(eq(staffTable.id, BigInt(member.staffId)));
    expect(after!.totpResetAt).toBeNull();
  });

  it('kills an e-mailed code after five wrong tries', async () => {
    const member = await staffMember(server, 'milo', ['reviewer']);
    await call('POST', `/staff/${member.staffId}/totp/reset`, chief);
    const token = (await login('milo', memberPassword)).result.token as string;
    await call('POST', '/totp/enrol/code', token);
    const code = mail.codeFor('milo@staff.swx.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect(
        (await call('POST', '/totp/enrol', token, { password: memberPassword, emailCode: wrong })).code,
      ).toBe('11308');
    expect(
      (await call('POST', '/totp/enrol', token, { password: memberPassword, emailCode: code })).code,
    ).toBe('11308');
  });

  it('sends no code for a first enrolment', async () => {
    await created('nina');
    const token = (await login('nina', memberPassword)).result.token as string;
    await call('POST', '/password', token, {
      currentPassword: memberPassword,
      newPassword: chosenPassword('nina'),
    });
    expect((await call('POST', '/totp/enrol/code', token)).code).toBe('400');
  });
});
