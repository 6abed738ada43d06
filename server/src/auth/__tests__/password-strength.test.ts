import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../test/harness';
import { stepUpByEmail } from '../../security/testing';
import { captureMail, signUpCustomer } from '../testing';
import { tooGuessable } from '../../guards/password-strength';
import { users } from '../tables';

/** Issue 12 item 5: common, breached-list and self-describing passwords are refused with 11012 everywhere. */
const base = '/swx/customer';
let server: TestServer;
let mail: ReturnType<typeof captureMail>;
beforeAll(async () => {
  server = await createTestServer();
  mail = captureMail(server);
});
afterAll(async () => server.close());

const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
  const res = await server.app.inject({ method: 'POST', url: base + url, payload, headers });
  return { status: res.statusCode, body: res.json() as { code: string; message: string } };
};

const common = ['password1', 'qwerty123', 'iloveyou1', 'Passw0rd1', 'abc123456', 'zaq12wsx'];

describe('the strength rule', () => {
  it.each(common)('finds %s too guessable', (password) => {
    expect(tooGuessable(password, {})).toBe(true);
  });

  it("finds the customer's own username or e-mail too guessable", () => {
    const user = { username: 'marigold_77', email: 'june.harper@example.com' };
    expect(tooGuessable('june.harper1', user)).toBe(true);
    // The same strings are fine for someone else: they are only weak as the owner's own words.
    expect(tooGuessable('marigold_77a', user)).toBe(true);
    expect(tooGuessable('june.harper1', { username: 'someone', email: 'x@y.org' })).toBe(false);
  });

  it('accepts long random passwords', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{6}-[A-Z][a-z]{5}-[0-9]{3}$/), (password) => {
        expect(tooGuessable(password, { username: 'alice_01' })).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});

describe('sign-up, reset and change refuse weak passwords (11012) and change nothing', () => {
  it.each(['password1', 'qwerty123'])('sign-up with %s', async (password) => {
    const username = `weak_${password}`.slice(0, 20);
    const email = `${username}@example.com`;
    await post('/login/sendCode', { email, scene: 'register' });
    const res = await post('/login/register', {
      username,
      email,
      password,
      confirmPassword: password,
      code: mail.codeFor(email),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: '11012', result: null });
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // The code was not used up: the customer can choose a better password with it.
    const retry = await post('/login/register', {
      username,
      email,
      password: 'Granite-otter-58',
      confirmPassword: 'Granite-otter-58',
      code: mail.codeFor(email),
    });
    expect(retry.body.code).toBe('200');
  });

  it('sign-up with a password built from the username', async () => {
    const email = 'tangerine_fox@example.com';
    await post('/login/sendCode', { email, scene: 'register' });
    const password = 'tangerine_fox1';
    const res = await post('/login/register', {
      username: 'Tangerine_Fox',
      email,
      password,
      confirmPassword: password,
      code: mail.codeFor(email),
    });
    expect(res.body.code).toBe('11012');
  });

  it.each(['password1', 'qwerty123'])('reset to %s', async (password) => {
    const customer = await signUpCustomer(server);
    // signUpCustomer captures mail itself; capture again to read the reset code.
    const mail = captureMail(server);
    await post('/login/sendCode', { email: customer.email, scene: 'reset' });
    const res = await post('/user/repassword', {
      email: customer.email,
      code: mail.codeFor(customer.email),
      password,
      confirmPassword: password,
    });
    expect(res.body.code).toBe('11012');
    expect(
      (await post('/login/login', { account: customer.email, password: customer.password })).body.code,
    ).toBe('200');
  });

  it.each(['password1', 'qwerty123'])('change to %s', async (password) => {
    const customer = await signUpCustomer(server);
    // A password change is a sensitive action: the strength rule is reached after a step-up.
    await stepUpByEmail(server, customer);
    const res = await post(
      '/user/repassword',
      { oldPassword: customer.password, password, confirmPassword: password },
      { authorization: customer.token },
    );
    expect(res.body.code).toBe('11012');
    expect((await post('/login/login', { account: customer.email, password })).body.code).toBe('10004');
  });
});
