import { createTestServer, type TestServer } from '../../test/harness';
import { captureMail, signUpCustomer } from '../../auth/testing';
import { sessions } from '../../auth/tables';
import { customerCall, stepUpByEmail } from '../testing';

// Sessions and their devices, sign-in history, the new-device e-mail and notice with "this was not me",
// the anti-phishing code in every e-mail, and the sign-in limit held in the database across instances.
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ env: { PUBLIC_URL: 'https://swx.example' } });
});
afterAll(() => server.close());

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in from a browser (its User-Agent and device cookie, if it has one); answers the token and cookie. */
async function signIn(customer: { username: string; password: string }, agent: string, device?: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/swx/customer/login/login',
    payload: { account: customer.username, password: customer.password },
    headers: { 'user-agent': agent, 'accept-language': 'de-DE,de;q=0.9' },
    remoteAddress: '203.0.113.57',
    ...(device ? { cookies: { swx_device: device } } : {}),
  });
  const cookie = (
    res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }[]
  ).find((c) => c.name === 'swx_device');
  return { token: res.json().result.token as string, cookie, body: res.json() };
}

it('lists sessions with their browser, system and truncated address; signs out one or all others', async () => {
  const customer = await signUpCustomer(server);
  const desktop = await signIn(customer, CHROME);
  expect(desktop.cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/swx/customer' });
  const phone = await signIn(customer, IPHONE);
  // The session keeps the browser that last used it: the desktop asks with its own User-Agent.
  const listed = await customerCall(server, desktop.token, 'GET', '/user/security/sessions', undefined, {
    'user-agent': CHROME,
  });
  expect(listed.result).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        browser: 'Chrome 126',
        os: 'Windows 10',
        address: '203.0.113.x',
        current: true,
      }),
      expect.objectContaining({ browser: 'Safari 17', os: 'iOS', address: '203.0.113.x', current: false }),
    ]),
  );
  // The full address is never stored.
  const stored = await server.database.db.select({ address: sessions.address }).from(sessions);
  expect(stored.map((row) => row.address)).not.toContain('203.0.113.57');

  const phoneSession = listed.result.find((s: { os: string }) => s.os === 'iOS');
  const after = await customerCall(
    server,
    desktop.token,
    'POST',
    '/user/security/sessions/revoke',
    { id: phoneSession.id },
    { 'user-agent': CHROME },
  );
  expect(after.result.some((s: { id: string }) => s.id === phoneSession.id)).toBe(false);
  expect((await customerCall(server, phone.token, 'GET', '/user/security')).code).toBe('401');
  const rest = await customerCall(server, desktop.token, 'POST', '/user/security/sessions/revokeOthers');
  expect(rest.result.map((s: { current: boolean }) => s.current)).toEqual([true]);
  expect((await customerCall(server, customer.token, 'GET', '/user/security')).code).toBe('401');
});

it('mails and notifies a sign-in from a new device, whose link signs out everywhere and locks withdrawals', async () => {
  const customer = await signUpCustomer(server);
  const mail = captureMail(server);
  const first = await signIn(customer, CHROME);
  const newDevice = mail.sent.find((m) => m.to === customer.email);
  expect(newDevice?.subject).toBe('Neue Anmeldung bei Ihrem SWX-Konto');
  expect(newDevice?.text).toContain('Chrome 126 · Windows 10');
  expect(newDevice?.text).toContain('203.0.113.x');
  const link = /https:\/\/swx\.example\/pass\/not-me\?token=([A-Za-z0-9_-]{43})/.exec(newDevice!.text);
  expect(link).not.toBeNull();
  expect(newDevice?.html).toContain(`<a href="${link![0]}">`);

  // The same browser again (its cookie) is known: no second mail.
  mail.sent.length = 0;
  await signIn(customer, CHROME, first.cookie!.value);
  expect(mail.sent).toHaveLength(0);

  const notices = await customerCall(server, first.token, 'GET', '/user/notifications');
  expect(notices.result.items[0]).toMatchObject({
    kind: 'security.new_device',
    params: { device: 'Chrome 126 · Windows 10', address: '203.0.113.x' },
  });
  const history = await customerCall(server, first.token, 'GET', '/user/security/history');
  expect(history.result.slice(0, 2)).toEqual([
    expect.objectContaining({ method: 'password', result: 'succeeded', newDevice: false }),
    expect.objectContaining({
      method: 'password',
      result: 'succeeded',
      newDevice: true,
      browser: 'Chrome 126',
    }),
  ]);

  const notMe = await customerCall(server, '', 'POST', '/login/notMe', { token: link![1] });
  expect(notMe.code).toBe('200');
  expect((await customerCall(server, first.token, 'GET', '/user/security')).code).toBe('401');
  expect((await customerCall(server, '', 'POST', '/login/notMe', { token: link![1] })).code).toBe('11218');
  const again = await signIn(customer, CHROME, first.cookie!.value);
  const overview = await customerCall(server, again.token, 'GET', '/user/security');
  expect(overview.result.lock).toMatchObject({ reason: 'notMe' });
});

it('puts the anti-phishing code at the top of every e-mail to the customer, in its language', async () => {
  const customer = await signUpCustomer(server);
  expect(
    (
      await customerCall(server, customer.token, 'POST', '/user/security/antiPhishing', {
        code: 'Blue Heron 7',
      })
    ).code,
  ).toBe('11200');
  await stepUpByEmail(server, customer);
  for (const bad of ['abc', 'a<script>', 'x'.repeat(21), 'two  spaces\u200b']) {
    const refused = await customerCall(server, customer.token, 'POST', '/user/security/antiPhishing', {
      code: bad,
    });
    expect({ bad, code: refused.code }).toEqual({ bad, code: expect.stringMatching(/^(11216)$/) });
  }
  const set = await customerCall(server, customer.token, 'POST', '/user/security/antiPhishing', {
    code: ' Blue   Heron 7 ',
  });
  expect(set.result.antiPhishingCode).toBe('Blue Heron 7');
  const mail = captureMail(server);
  await customerCall(
    server,
    '',
    'POST',
    '/login/sendCode',
    { email: customer.email, scene: 'reset' },
    {
      'accept-language': 'ja',
    },
  );
  const reset = mail.sent.at(-1)!;
  expect(reset.text.split('\n')[0]).toBe('あなたのフィッシング対策コード: Blue Heron 7');
  expect(reset.html).toContain('data-anti-phishing');
  expect(reset.html).toContain('<strong>Blue Heron 7</strong>');
  // Another address gets no code.
  await customerCall(server, '', 'POST', '/login/sendCode', {
    email: 'someone-new@example.com',
    scene: 'register',
  });
  expect(mail.sent.at(-1)!.text).not.toContain('Blue Heron 7');
});

it('changes the e-mail address with a code sent to the new one; both hear of it, withdrawals lock', async () => {
  const customer = await signUpCustomer(server);
  await stepUpByEmail(server, customer);
  const mail = captureMail(server);
  const newEmail = `moved_${customer.username.toLowerCase()}@example.com`;
  expect(
    (await customerCall(server, customer.token, 'POST', '/user/security/email/sendCode', { email: newEmail }))
      .code,
  ).toBe('200');
  const changed = await customerCall(server, customer.token, 'POST', '/user/security/email', {
    email: newEmail,
    code: mail.codeFor(newEmail),
  });
  expect(changed.result.email).toBe(newEmail);
  expect(
    mail.sent
      .filter((m) => m.subject === 'Security change on your SWX account')
      .map((m) => m.to)
      .sort(),
  ).toEqual([customer.email, newEmail].sort());
  const overview = await customerCall(server, customer.token, 'GET', '/user/security');
  expect(overview.result.lock).toMatchObject({ reason: 'emailChange' });
});

it('counts wrong passwords per account in the database, across instances', async () => {
  const limits = { RATE_LOGIN_PER_ACCOUNT_PER_MINUTE: '3' };
  const first = await createTestServer({ env: limits });
  const second = await createTestServer({ env: limits, shareDatabaseWith: first });
  try {
    const customer = await signUpCustomer(first);
    const answers: string[] = [];
    for (const instance of [first, second, first, second, first]) {
      const res = await instance.app.inject({
        method: 'POST',
        url: '/swx/customer/login/login',
        payload: { account: customer.email.toUpperCase(), password: 'wrong-password-1' },
      });
      answers.push(res.json().code);
    }
    // Three free tries over the two instances, then both make the pair wait.
    expect(answers).toEqual(['10004', '10004', '10004', '429', '429']);
  } finally {
    await second.close();
    await first.close();
  }
});
