import { eq, sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../test/harness';
import { sessions, users, verificationCodes } from '../tables';
import { stepUpByEmail } from '../../security/testing';
import { captureMail, signUpCustomer } from '../testing';
import { CODE_VALID_MINUTES } from '../service';

/** A response envelope; tests read whatever fields the result has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { code: string; message: string; result: any };

let server: TestServer;
let mail: ReturnType<typeof captureMail>;

beforeAll(async () => {
  server = await createTestServer();
  mail = captureMail(server);
});
afterAll(async () => server.close());
afterEach(() => jest.restoreAllMocks());

const base = '/swx/customer';

async function post(url: string, payload?: object, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'POST', url: base + url, payload, headers });
  return {
    status: res.statusCode,
    body: res.json() as Answer,
    headers: res.headers,
  };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'GET', url: base + url, headers });
  return { status: res.statusCode, body: res.json() as Answer };
}

let serial = 0;
/** A fresh, valid set of sign-up fields. */
function newcomer() {
  serial += 1;
  const username = `new_${Date.now().toString(36)}_${serial}`;
  return {
    username,
    email: `${username}@Example.com`,
    password: 'harbour-Gull-31',
    confirmPassword: 'harbour-Gull-31',
  };
}

async function codeFor(
  email: string,
  scene: 'register' | 'reset' = 'register',
  headers: Record<string, string> = {},
) {
  const res = await post('/login/sendCode', { email, scene }, headers);
  expect(res.body).toEqual({ code: '200', message: 'success', result: null });
  return mail.codeFor(email);
}

async function registerNew(overrides: Record<string, unknown> = {}) {
  const fields = { ...newcomer(), ...overrides } as ReturnType<typeof newcomer>;
  const code = await codeFor(fields.email);
  return { fields, res: await post('/login/register', { ...fields, code }) };
}

describe('sign-up', () => {
  it('registers, signs in and opens the real and demo accounts with the demo grant', async () => {
    const { fields, res } = await registerNew();
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('200');
    const { token, userInfo } = res.body.result;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(userInfo).toEqual({
      id: expect.stringMatching(/^[1-9][0-9]*$/),
      username: fields.username,
      email: fields.email.toLowerCase(),
      kycStatus: 'unverified',
      inviteCode: expect.stringMatching(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/),
      virtualStatus: '1',
      accountMode: 'demo',
      oneClickTrading: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const demo = await server.services.ledger.balances(userInfo.id, 'demo');
    expect(demo.USDT).toEqual({ available: '100000', held: '0' });
    const real = await server.services.ledger.balances(userInfo.id, 'real');
    expect(real.USDT).toEqual({ available: '0', held: '0' });

    const me = await post('/user/getUserInfo', undefined, { authorization: token });
    expect(me.body.result).toEqual(userInfo);
  });

  it('stores an argon2id hash and only the hash of the session token', async () => {
    const { res } = await registerNew();
    const id = BigInt(res.body.result.userInfo.id);
    const [user] = await server.database.db.select().from(users).where(eq(users.id, id));
    expect(user!.passwordHash?.startsWith('$argon2id$')).toBe(true);
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(res.body.result.token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('mails the code in the customer language followed by English', async () => {
    const { email } = newcomer();
    await codeFor(email, 'register', { 'accept-language': 'de-CH,de;q=0.9,en;q=0.5' });
    const sent = mail.sent[mail.sent.length - 1]!;
    expect(sent.to).toBe(email.toLowerCase());
    expect(sent.subject).toBe('Ihr SWX-Registrierungscode');
    expect(sent.text).toContain('Bestätigungscode');
    expect(sent.text).toContain('Your verification code is');
    expect(sent.html).toContain('<strong');
    expect(sent.text).toContain(`${CODE_VALID_MINUTES} minutes`);
  });

  it('refuses a taken username, also in another case or as full-width look-alikes (10006)', async () => {
    const { fields } = await registerNew({ username: `Taken_${serial + 1}` });
    for (const username of [fields.username, fields.username.toLowerCase(), toFullWidth(fields.username)]) {
      const other = newcomer();
      const code = await codeFor(other.email);
      const res = await post('/login/register', { ...other, username, code });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: '10006', result: null });
    }
  });

  it('refuses a registered e-mail in any case (10007), at sendCode and at register', async () => {
    const { fields } = await registerNew();
    const sent = await post('/login/sendCode', { email: fields.email.toUpperCase(), scene: 'register' });
    expect(sent.body.code).toBe('10007');
    const other = newcomer();
    const code = await codeFor(other.email);
    const res = await post('/login/register', { ...other, email: fields.email.toUpperCase(), code });
    expect(res.body.code).toBe('10007');
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(21)],
    ['a space', 'bad name'],
    ['a hyphen', 'bad-name'],
    ['a zero-width joiner', 'ali\u200dce'],
    ['a zero-width space', 'ali\u200bce'],
    ['a right-to-left override', 'ali\u202ece'],
    ['a control character', 'ali\u0007ce'],
    ['a Cyrillic look-alike', 'аlice'],
    ['emoji', 'alice😀'],
  ])('refuses a username with %s (10003)', async (_what, username) => {
    const other = newcomer();
    const res = await post('/login/register', { ...other, username, code: '123456' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10003');
  });

  it.each([['plain'], ['a@b'], ['a b@example.com'], ['ålice@example.com'], ['x'.repeat(250) + '@e.com']])(
    'refuses the e-mail %s (10002)',
    async (email) => {
      expect((await post('/login/sendCode', { email, scene: 'register' })).body.code).toBe('10002');
      const res = await post('/login/register', { ...newcomer(), email, code: '123456' });
      expect(res.body.code).toBe('10002');
    },
  );

  it.each([['short1'], ['lettersonly'], ['12345678'], ['a1'.repeat(33)], ['pass\u200bword1']])(
    'refuses the password %s (11004)',
    async (password) => {
      const res = await post('/login/register', {
        ...newcomer(),
        password,
        confirmPassword: password,
        code: '123456',
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('11004');
    },
  );

  it('refuses a confirmation that differs (11003)', async () => {
    const res = await post('/login/register', {
      ...newcomer(),
      confirmPassword: 'different1',
      code: '123456',
    });
    expect(res.body.code).toBe('11003');
  });

  it('refuses a wrong or never-sent code (10091) and keeps nothing', async () => {
    const other = newcomer();
    expect((await post('/login/register', { ...other, code: '123456' })).body.code).toBe('10091');
    const code = await codeFor(other.email);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await post('/login/register', { ...other, code: wrong })).body.code).toBe('10091');
    const [row] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.username, other.username));
    expect(row!.n).toBe(0);
    expect((await post('/login/register', { ...other, code })).body.code).toBe('200');
  });

  it('links the inviter for a valid invite code in any case, refuses an unknown one (11005)', async () => {
    const inviter = await signUpCustomer(server);
    mail = captureMail(server);
    const unknown = await registerNew({ inviteCode: 'ZZZZZZZZ' });
    expect(unknown.res.body.code).toBe('11005');
    const malformed = await registerNew({ inviteCode: '<script>' });
    expect(malformed.res.body.code).toBe('11005');
    const { res } = await registerNew({ inviteCode: ` ${inviter.inviteCode.toLowerCase()} ` });
    expect(res.body.code).toBe('200');
    const [friend] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(res.body.result.userInfo.id)));
    expect(String(friend!.invitedBy)).toBe(inviter.userId);
    const none = await registerNew({ inviteCode: '' });
    expect(none.res.body.code).toBe('200');
  });

  it('refuses sign-up fields it does not know (400)', async () => {
    const res = await post('/login/register', { ...newcomer(), code: '123456', isAdmin: true });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('400');
  });
});

describe('verification codes', () => {
  it('expire after 10 minutes (11001)', async () => {
    const other = newcomer();
    const code = await codeFor(other.email);
    const later = new Date(Date.now() + CODE_VALID_MINUTES * 60_000 + 1000);
    jest.spyOn(server.services.auth.clock, 'now').mockReturnValue(later);
    expect((await post('/login/register', { ...other, code })).body.code).toBe('11001');
  });

  it('allow 5 tries: the fifth wrong one and every later one answer 11002', async () => {
    const other = newcomer();
    const code = await codeFor(other.email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 1; i <= 4; i++)
      expect((await post('/login/register', { ...other, code: wrong })).body.code).toBe('10091');
    const fifth = await post('/login/register', { ...other, code: wrong });
    expect(fifth.body.code).toBe('11002');
    expect(fifth.status).toBe(429);
    expect((await post('/login/register', { ...other, code })).body.code).toBe('11002');
    // A new code starts afresh.
    passRepeatWindow();
    const fresh = await codeFor(other.email);
    expect((await post('/login/register', { ...other, code: fresh })).body.code).toBe('200');
  });

  it('are single use and replaced by a newer code', async () => {
    const customer = await signUpCustomer(server);
    mail = captureMail(server);
    const first = await codeFor(customer.email, 'reset');
    passRepeatWindow();
    const second = await codeFor(customer.email, 'reset');
    const form = { email: customer.email, password: 'orchid-Vale-22', confirmPassword: 'orchid-Vale-22' };
    if (first !== second)
      expect((await post('/user/repassword', { ...form, code: first })).body.code).toBe('10091');
    const ok = await post('/user/repassword', { ...form, code: second });
    expect(ok.body).toEqual({ code: '200', message: '20005', result: null });
    const again = await post('/user/repassword', {
      ...form,
      password: 'orchid-Vale-33',
      confirmPassword: 'orchid-Vale-33',
      code: second,
    });
    expect(again.body.code).toBe('10091');
  });

  it('are stored hashed', async () => {
    const other = newcomer();
    const code = await codeFor(other.email);
    const rows = await server.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, other.email.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
  });

  it('refuses a reset code for an unknown address (10009)', async () => {
    expect((await post('/login/sendCode', { email: 'nobody@example.com', scene: 'reset' })).body.code).toBe(
      '10009',
    );
  });
});

describe('sign-in', () => {
  it('signs in by username in any case and by e-mail in any case', async () => {
    const customer = await signUpCustomer(server, { username: `Mixed_${Date.now().toString(36)}` });
    for (const account of [
      customer.username,
      customer.username.toUpperCase(),
      customer.email.toUpperCase(),
    ]) {
      const res = await post('/login/login', { account, password: customer.password });
      expect(res.body.code).toBe('200');
      expect(res.body.result.userInfo.id).toBe(customer.userId);
      expect(res.body.result.token).not.toBe(customer.token);
    }
  });

  it('answers 10004 for a wrong password and for an unknown account alike', async () => {
    const customer = await signUpCustomer(server);
    const wrong = await post('/login/login', { account: customer.username, password: 'wrongpass1' });
    const unknown = await post('/login/login', { account: 'nobody_here', password: 'wrongpass1' });
    const unknownMail = await post('/login/login', { account: 'nobody@example.com', password: 'wrongpass1' });
    for (const res of [wrong, unknown, unknownMail]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: '10004', message: 'Password incorrect', result: null });
    }
  });

  it('asks for the account when it is missing (10001) and the password when missing (10004)', async () => {
    expect((await post('/login/login', { password: 'x' })).body.code).toBe('10001');
    expect((await post('/login/login', { account: '', password: 'x' })).body.code).toBe('10001');
    expect((await post('/login/login', { account: 'someone' })).body.code).toBe('10004');
  });

  it('refuses a disabled customer with the right password (10005), and their sessions stop working', async () => {
    const customer = await signUpCustomer(server);
    await server.database.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.id, BigInt(customer.userId)));
    const res = await post('/login/login', { account: customer.username, password: customer.password });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('10005');
    expect((await post('/user/getUserInfo', undefined, { authorization: customer.token })).status).toBe(401);
  });
});

describe('availability', () => {
  it('answers whether a username or e-mail is free', async () => {
    const customer = await signUpCustomer(server);
    const q = (query: string) => get(`/login/checkUserNameOrPhone?${query}`);
    expect((await q(`username=${customer.username.toUpperCase()}`)).body).toEqual({
      code: '200',
      message: 'success',
      result: { available: false },
    });
    expect((await q('username=free_name_42')).body.result).toEqual({ available: true });
    expect((await q(`email=${encodeURIComponent(customer.email.toUpperCase())}`)).body.result).toEqual({
      available: false,
    });
    expect((await q('email=free%40example.com')).body.result).toEqual({ available: true });
    expect((await q('username=a%E2%80%8Db')).body.code).toBe('10003');
    expect((await q('email=nope')).body.code).toBe('10002');
    expect((await q('')).body.code).toBe('10001');
    expect((await q('username=abc&email=a%40b.co')).body.code).toBe('400');
    expect((await q('phone=123')).body.code).toBe('400');
  });
});

describe('sessions', () => {
  it('accepts the token bare or with a Bearer prefix; refuses none or a bad one with 401', async () => {
    const customer = await signUpCustomer(server);
    for (const authorization of [customer.token, `Bearer ${customer.token}`, `bearer ${customer.token}`]) {
      expect((await post('/user/getUserInfo', undefined, { authorization })).body.code).toBe('200');
    }
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'nonsense' },
      { authorization: `Bearer ${'A'.repeat(43)}` },
    ]) {
      const res = await post('/user/getUserInfo', undefined, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: '401', message: 'Unauthorised, please log in', result: null });
    }
  });

  it('logout revokes only that session', async () => {
    const customer = await signUpCustomer(server);
    const other = (await post('/login/login', { account: customer.username, password: customer.password }))
      .body.result.token as string;
    expect((await post('/login/logout', undefined, { authorization: customer.token })).body.code).toBe('200');
    expect((await post('/user/getUserInfo', undefined, { authorization: customer.token })).status).toBe(401);
    expect((await post('/login/logout', undefined, { authorization: customer.token })).status).toBe(401);
    expect((await post('/user/getUserInfo', undefined, { authorization: other })).body.code).toBe('200');
  });

  it('verifyToken names the owner of a live token and nothing else', async () => {
    const customer = await signUpCustomer(server);
    await expect(server.services.auth.verifyToken(customer.token)).resolves.toEqual({
      userId: customer.userId,
      session: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    await expect(server.services.auth.verifyToken('garbage')).resolves.toBeNull();
    await post('/login/logout', undefined, { authorization: customer.token });
    await expect(server.services.auth.verifyToken(customer.token)).resolves.toBeNull();
  });

  it('a session idle for more than 30 days stops working', async () => {
    const customer = await signUpCustomer(server);
    jest.spyOn(server.services.auth.clock, 'now').mockReturnValue(new Date(Date.now() + 31 * 24 * 3600_000));
    await expect(server.services.auth.verifyToken(customer.token)).resolves.toBeNull();
  });
});

describe('passwords', () => {
  it('change: needs the old password, keeps this session, signs out the others', async () => {
    const customer = await signUpCustomer(server);
    const other = (await post('/login/login', { account: customer.username, password: customer.password }))
      .body.result.token as string;
    const auth = { authorization: customer.token };
    // A change is a sensitive action: a fresh second factor (here the e-mailed code) first.
    const unconfirmed = await post(
      '/user/repassword',
      { oldPassword: customer.password, password: 'copper-Finch-99', confirmPassword: 'copper-Finch-99' },
      auth,
    );
    expect(unconfirmed.body.code).toBe('11200');
    await stepUpByEmail(server, customer);
    const wrong = await post(
      '/user/repassword',
      { oldPassword: 'wrongpass1', password: 'copper-Finch-99', confirmPassword: 'copper-Finch-99' },
      auth,
    );
    expect(wrong.body.code).toBe('10004');
    expect(wrong.status).toBe(400);
    const weak = await post(
      '/user/repassword',
      { oldPassword: customer.password, password: 'weak', confirmPassword: 'weak' },
      auth,
    );
    expect(weak.body.code).toBe('11004');
    const mismatch = await post(
      '/user/repassword',
      { oldPassword: customer.password, password: 'copper-Finch-99', confirmPassword: 'copper-Finch-98' },
      auth,
    );
    expect(mismatch.body.code).toBe('11003');

    const res = await post(
      '/user/repassword',
      { oldPassword: customer.password, password: 'copper-Finch-99', confirmPassword: 'copper-Finch-99' },
      auth,
    );
    expect(res.body).toEqual({ code: '200', message: '20005', result: null });
    expect((await post('/user/getUserInfo', undefined, auth)).body.code).toBe('200');
    expect((await post('/user/getUserInfo', undefined, { authorization: other })).status).toBe(401);
    expect(
      (await post('/login/login', { account: customer.username, password: customer.password })).body.code,
    ).toBe('10004');
    expect(
      (await post('/login/login', { account: customer.username, password: 'copper-Finch-99' })).body.code,
    ).toBe('200');
  });

  it('change without a session answers 401; mixing both forms answers 400', async () => {
    const customer = await signUpCustomer(server);
    const form = {
      oldPassword: customer.password,
      password: 'copper-Finch-99',
      confirmPassword: 'copper-Finch-99',
    };
    expect((await post('/user/repassword', form)).status).toBe(401);
    const mixed = await post(
      '/user/repassword',
      { ...form, email: customer.email },
      { authorization: customer.token },
    );
    expect(mixed.body.code).toBe('400');
  });

  it('reset: the e-mailed code sets a new password and signs out every session', async () => {
    const customer = await signUpCustomer(server);
    mail = captureMail(server);
    const code = await codeFor(customer.email, 'reset');
    const form = {
      email: customer.email.toUpperCase(),
      password: 'resetpass7',
      confirmPassword: 'resetpass7',
    };
    expect(
      (await post('/user/repassword', { ...form, code: code === '000000' ? '000001' : '000000' })).body.code,
    ).toBe('10091');
    expect((await post('/user/repassword', { ...form, code })).body.message).toBe('20005');
    expect((await post('/user/getUserInfo', undefined, { authorization: customer.token })).status).toBe(401);
    expect((await post('/login/login', { account: customer.email, password: 'resetpass7' })).body.code).toBe(
      '200',
    );
  });

  it('reset: refuses an unknown address (10009), a missing address (10001) or code (10091)', async () => {
    const form = { password: 'resetpass7', confirmPassword: 'resetpass7' };
    expect(
      (await post('/user/repassword', { ...form, email: 'ghost@example.com', code: '123456' })).body.code,
    ).toBe('10009');
    expect((await post('/user/repassword', { ...form, code: '123456' })).body.code).toBe('10001');
    expect((await post('/user/repassword', { ...form, email: 'ghost@example.com' })).body.code).toBe('10091');
  });
});

describe('account mode', () => {
  it('stores the mode and reports it as accountMode and virtualStatus', async () => {
    const customer = await signUpCustomer(server);
    const auth = { authorization: customer.token };
    const res = await post('/user/accountMode', { mode: 'real' }, auth);
    expect(res.body).toMatchObject({
      code: '200',
      message: '20005',
      result: { accountMode: 'real', virtualStatus: '0' },
    });
    expect((await post('/user/getUserInfo', undefined, auth)).body.result.accountMode).toBe('real');
    expect((await post('/user/accountMode', { mode: 'demo' }, auth)).body.result.virtualStatus).toBe('1');
    expect((await post('/user/accountMode', { mode: 'paper' }, auth)).body.code).toBe('400');
    expect((await post('/user/accountMode', { mode: 'real' })).status).toBe(401);
  });
});

describe('trading preferences', () => {
  it('keeps one-click trading off until the customer turns it on, and stores the choice', async () => {
    const customer = await signUpCustomer(server);
    const auth = { authorization: customer.token };
    expect((await post('/user/getUserInfo', undefined, auth)).body.result.oneClickTrading).toBe(false);
    const on = await post('/user/preferences', { oneClickTrading: true }, auth);
    expect(on.body).toMatchObject({ code: '200', result: { oneClickTrading: true } });
    expect((await post('/user/getUserInfo', undefined, auth)).body.result.oneClickTrading).toBe(true);
    const off = await post('/user/preferences', { oneClickTrading: false }, auth);
    expect(off.body.result.oneClickTrading).toBe(false);
  });

  it('authenticates before it validates, and refuses anything but a boolean', async () => {
    const customer = await signUpCustomer(server);
    const auth = { authorization: customer.token };
    expect((await post('/user/preferences', { oneClickTrading: 'yes' })).status).toBe(401);
    expect((await post('/user/preferences', { oneClickTrading: 'yes' }, auth)).body.code).toBe('400');
    expect((await post('/user/preferences', {}, auth)).body.code).toBe('400');
    expect((await post('/user/getUserInfo', undefined, auth)).body.result.oneClickTrading).toBe(false);
  });
});

/** Lets the same form be sent again: the repeated-submission window is 10 s. */
function passRepeatWindow() {
  jest.spyOn(server.services.submissionGuard.clock, 'now').mockReturnValue(new Date(Date.now() + 11_000));
}

function toFullWidth(text: string): string {
  return [...text].map((c) => (c === '_' ? '＿' : String.fromCharCode(c.charCodeAt(0) + 0xfee0))).join('');
}
