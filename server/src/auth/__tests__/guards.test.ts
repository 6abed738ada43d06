import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../test/harness';
import { registerErrorHandling } from '../../http/errors-plugin';
import { validatorCompiler } from '../../http/validation';
import { AppError } from '../../http/errors';
import { customerAuth } from '../plugin';
import { verificationCodes } from '../tables';
import { submissionClaims } from '../../guards/tables';
import { stepUpByEmail } from '../../security/testing';
import { captureMail, signUpCustomer } from '../testing';

/** A response envelope; tests read whatever fields the result has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { code: string; message: string; result: any };

const base = '/swx/customer';

function poster(server: TestServer) {
  return async (
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
    remoteAddress = '127.0.0.1',
  ) => {
    const res = await server.app.inject({ method: 'POST', url: base + url, payload, headers, remoteAddress });
    return {
      status: res.statusCode,
      body: res.json() as Answer,
      headers: res.headers,
    };
  };
}

async function count(server: TestServer, table: typeof verificationCodes | typeof submissionClaims) {
  const [row] = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

describe('repeated submission (30000)', () => {
  let server: TestServer;
  let post: ReturnType<typeof poster>;
  let mail: ReturnType<typeof captureMail>;
  beforeAll(async () => {
    server = await createTestServer();
    post = poster(server);
    mail = captureMail(server);
  });
  afterAll(async () => server.close());
  afterEach(() => jest.restoreAllMocks());

  it('refuses the same form twice within 10 s with 409 and changes nothing', async () => {
    const form = { email: 'twice@example.com', scene: 'register' };
    expect((await post('/login/sendCode', form)).body.code).toBe('200');
    const mails = mail.sent.length;
    const codes = await count(server, verificationCodes);
    const again = await post('/login/sendCode', form);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: '30000', message: 'Do not submit repeatedly', result: null });
    expect(mail.sent.length).toBe(mails);
    expect(await count(server, verificationCodes)).toBe(codes);
    // Key order does not make another form.
    expect((await post('/login/sendCode', { scene: 'register', email: 'twice@example.com' })).body.code).toBe(
      '30000',
    );
  });

  it('lets the same form through after 10 s, and from another sender at once', async () => {
    const form = { email: 'window@example.com', scene: 'register' };
    expect((await post('/login/sendCode', form)).body.code).toBe('200');
    expect((await post('/login/sendCode', form, {}, '10.1.1.1')).body.code).toBe('200');
    jest.spyOn(server.services.submissionGuard.clock, 'now').mockReturnValue(new Date(Date.now() + 10_001));
    expect((await post('/login/sendCode', form)).body.code).toBe('200');
  });

  it('refuses a reused Idempotency-Key whatever the payload, per customer', async () => {
    const key = { 'idempotency-key': 'order-form-7f3a' };
    expect(
      (await post('/login/sendCode', { email: 'k1@example.com', scene: 'register' }, key)).body.code,
    ).toBe('200');
    const mails = mail.sent.length;
    const reused = await post('/login/sendCode', { email: 'k2@example.com', scene: 'register' }, key);
    expect(reused.body.code).toBe('30000');
    expect(mail.sent.length).toBe(mails);

    const alice = await signUpCustomer(server);
    const bob = await signUpCustomer(server);
    await stepUpByEmail(server, alice);
    await stepUpByEmail(server, bob);
    mail = captureMail(server);
    const change = (c: typeof alice) => ({
      oldPassword: c.password,
      password: 'changed-Kite-88',
      confirmPassword: 'changed-Kite-88',
    });
    const sameKey = { 'idempotency-key': 'k-shared' };
    expect(
      (await post('/user/repassword', change(alice), { authorization: alice.token, ...sameKey })).body.code,
    ).toBe('200');
    expect(
      (await post('/user/repassword', change(bob), { authorization: bob.token, ...sameKey })).body.code,
    ).toBe('200');
    const alice2 = { ...alice, password: 'changed-Kite-88' };
    const replay = await post('/user/repassword', change(alice2), { authorization: alice.token, ...sameKey });
    expect(replay.body.code).toBe('30000');
    // Kept for a day.
    jest
      .spyOn(server.services.submissionGuard.clock, 'now')
      .mockReturnValue(new Date(Date.now() + 23 * 3600_000));
    expect(
      (await post('/user/repassword', change(alice2), { authorization: alice.token, ...sameKey })).body.code,
    ).toBe('30000');
  });

  it('releases the claim of a failed request, so the corrected retry (or the same one) goes through', async () => {
    const ghost = { email: 'ghost@example.com', scene: 'reset' };
    expect((await post('/login/sendCode', ghost)).body.code).toBe('10009');
    expect((await post('/login/sendCode', ghost)).body.code).toBe('10009');

    const key = { 'idempotency-key': 'signup-1' };
    const fields = {
      username: 'retry_user',
      email: 'retry@example.com',
      password: 'retry-Kite-81',
      confirmPassword: 'retry-Kite-81',
    };
    expect((await post('/login/sendCode', { email: fields.email, scene: 'register' })).body.code).toBe('200');
    const code = mail.codeFor(fields.email);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await post('/login/register', { ...fields, code: wrong }, key)).body.code).toBe('10091');
    expect((await post('/login/register', { ...fields, code }, key)).body.code).toBe('200');
    // A guest's answer (it carries a session token) is not kept for a replay: the retry is refused.
    expect((await post('/login/register', { ...fields, code }, key)).body.code).toBe('30000');
  });

  it('lets exactly one of several simultaneous identical submissions through', async () => {
    const form = { email: 'burst@example.com', scene: 'register' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/login/sendCode', form)));
    expect(answers.map((a) => a.body.code).sort()).toEqual(['200', '30000', '30000', '30000', '30000']);
  });

  it('two simultaneous sign-ups for one username: one succeeds, the other gets 10006', async () => {
    const forms = ['race1@example.com', 'race2@example.com'].map((email) => ({
      username: 'racer',
      email,
      password: 'race-Kite-71',
      confirmPassword: 'race-Kite-71',
    }));
    const codes: string[] = [];
    for (const form of forms) {
      expect((await post('/login/sendCode', { email: form.email, scene: 'register' })).body.code).toBe('200');
      codes.push(mail.codeFor(form.email));
    }
    const answers = await Promise.all(
      forms.map((form, i) => post('/login/register', { ...form, code: codes[i] })),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual(['10006', '200']);
  });

  it('takes single claims many per statement: distinct keys all, a key asked twice at once only once', async () => {
    const guard = server.services.submissionGuard;
    const keys = ['batch:a', 'batch:b', 'batch:a', 'batch:c', 'batch:b'];
    const taken = await Promise.all(keys.map((key) => guard.claim([{ key, ttlMs: 10_000 }])));
    expect(taken).toEqual([true, true, false, true, false]);
    // Held: refused, alone or in a batch with a fresh key.
    expect(
      await Promise.all(['batch:a', 'batch:d'].map((key) => guard.claim([{ key, ttlMs: 10_000 }]))),
    ).toEqual([false, true]);
    // Expired: taken over.
    jest.spyOn(guard.clock, 'now').mockReturnValue(new Date(Date.now() + 11_000));
    expect(await guard.claim([{ key: 'batch:a', ttlMs: 10_000 }])).toBe(true);
    jest.restoreAllMocks();
  });

  it('expired claims are purged', async () => {
    await post('/login/sendCode', { email: 'purge@example.com', scene: 'register' });
    expect(await count(server, submissionClaims)).toBeGreaterThan(0);
    jest
      .spyOn(server.services.submissionGuard.clock, 'now')
      .mockReturnValue(new Date(Date.now() + 25 * 3600_000));
    await server.services.submissionGuard.purgeExpired();
    expect(await count(server, submissionClaims)).toBe(0);
  });
});

describe('authenticate and guardRepeat on another domain’s routes', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let failuresLeft = 0;
  beforeAll(async () => {
    server = await createTestServer();
    // A stand-in for another domain's plugin, mounted the way routes.ts mounts them.
    app = Fastify();
    app.decorate('services', server.services);
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandling(app);
    await app.register(
      async (customer) => {
        await customer.register(customerAuth);
        await customer.register(async (domain) => {
          domain.get('/whoami', { preHandler: domain.authenticate }, async (request) => request.customer);
          domain.get('/maybe', { preHandler: domain.authenticateOptional }, async (request) => ({
            customer: request.customer,
          }));
          domain.post(
            '/order',
            { preHandler: [domain.authenticate, domain.guardRepeat] },
            async (request) => {
              if (failuresLeft > 0) {
                failuresLeft -= 1;
                if (failuresLeft % 2 === 0) throw new Error('boom');
                throw new AppError('10011');
              }
              return { ok: true, body: request.body };
            },
          );
        });
      },
      { prefix: base },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await server.close();
  });

  it('sets request.customer with the mode from `virtually`, else the stored mode', async () => {
    const customer = await signUpCustomer(server);
    const who = async (headers: Record<string, string>) =>
      (
        await app.inject({
          method: 'GET',
          url: `${base}/whoami`,
          headers: { authorization: customer.token, ...headers },
        })
      ).json();
    expect(await who({})).toEqual({ userId: customer.userId, mode: 'demo' });
    expect(await who({ virtually: 'YES' })).toEqual({ userId: customer.userId, mode: 'real' });
    expect(await who({ virtually: 'NO' })).toEqual({ userId: customer.userId, mode: 'demo' });
    await server.services.auth.setAccountMode(customer.userId, 'real');
    expect(await who({})).toEqual({ userId: customer.userId, mode: 'real' });
    expect(await who({ virtually: 'NO' })).toEqual({ userId: customer.userId, mode: 'demo' });
    const anonymous = await app.inject({ method: 'GET', url: `${base}/whoami` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: '401', message: 'Unauthorised, please log in', result: null });
    const maybe = await app.inject({
      method: 'GET',
      url: `${base}/maybe`,
      headers: { authorization: 'bad' },
    });
    expect(maybe.json()).toEqual({ customer: null });
  });

  it('claims per customer and releases after a refusal or a crash', async () => {
    const customer = await signUpCustomer(server);
    const order = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `${base}/order`,
        payload,
        headers: { authorization: customer.token },
      });
    failuresLeft = 2;
    const refused = await order({ code: 'BTCUSDT', lots: '1' });
    expect(refused.json().code).toBe('10011');
    const crashed = await order({ code: 'BTCUSDT', lots: '1' });
    expect(crashed.statusCode).toBe(500);
    expect(crashed.body).not.toContain('boom');
    expect((await order({ code: 'BTCUSDT', lots: '1' })).json()).toMatchObject({ ok: true });
    const repeat = await order({ lots: '1', code: 'BTCUSDT' });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().code).toBe('30000');
    expect((await order({ code: 'BTCUSDT', lots: '2' })).statusCode).toBe(200);
  });
});

describe('rate limits (429)', () => {
  let server: TestServer;
  let post: ReturnType<typeof poster>;
  beforeAll(async () => {
    server = await createTestServer({
      env: {
        RATE_LOGIN_PER_IP_PER_MINUTE: '4',
        RATE_LOGIN_PER_ACCOUNT_PER_MINUTE: '2',
        RATE_SEND_CODE_PER_EMAIL_PER_10_MINUTES: '2',
        RATE_SEND_CODE_PER_IP_PER_HOUR: '3',
        RATE_REGISTER_PER_IP_PER_HOUR: '2',
      },
    });
    post = poster(server);
    captureMail(server);
  });
  afterAll(async () => server.close());

  function expectLimited(res: Awaited<ReturnType<typeof post>>) {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      code: '429',
      message: 'Too many requests, please try again later',
      result: null,
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('limits sign-in per account and address together, however the account is typed', async () => {
    const login = (account: string, ip: string) =>
      post('/login/login', { account, password: 'wrongpass1' }, {}, ip);
    expect((await login('target_user', '10.0.0.1')).body.code).toBe('10004');
    expect((await login('TARGET_USER', '10.0.0.1')).body.code).toBe('10004');
    expectLimited(await login(' target_user', '10.0.0.1'));
    // Another address is not locked out by those failures (sign-in-limits.test.ts has the owner's case).
    expect((await login('target_user', '10.0.0.2')).body.code).toBe('10004');
  });

  it('limits sign-in per address', async () => {
    for (let i = 0; i < 4; i++) {
      expect(
        (await post('/login/login', { account: `someone_${i}`, password: 'x' }, {}, '10.0.1.1')).body.code,
      ).toBe('10004');
    }
    expectLimited(await post('/login/login', { account: 'someone_5', password: 'x' }, {}, '10.0.1.1'));
    expect(
      (await post('/login/login', { account: 'someone_5', password: 'x' }, {}, '10.0.1.2')).body.code,
    ).toBe('10004');
  });

  it('limits codes per e-mail address and per sender address', async () => {
    const send = (email: string, ip: string) => post('/login/sendCode', { email, scene: 'register' }, {}, ip);
    expect((await send('flood@example.com', '10.0.2.1')).body.code).toBe('200');
    expect((await send('flood@example.com', '10.0.2.2')).body.code).toBe('200');
    expectLimited(await send('FLOOD@example.com', '10.0.2.3'));

    for (let i = 0; i < 3; i++)
      expect((await send(`spray${i}@example.com`, '10.0.3.1')).body.code).toBe('200');
    expectLimited(await send('spray9@example.com', '10.0.3.1'));
  });

  it('limits sign-ups per address', async () => {
    const form = {
      username: 'limited',
      email: 'limited@example.com',
      password: 'harbour-Gull-31',
      confirmPassword: 'harbour-Gull-31',
    };
    expect((await post('/login/register', { ...form, code: '000001' }, {}, '10.0.4.1')).body.code).toBe(
      '10091',
    );
    expect((await post('/login/register', { ...form, code: '000002' }, {}, '10.0.4.1')).body.code).toBe(
      '10091',
    );
    expectLimited(await post('/login/register', { ...form, code: '000003' }, {}, '10.0.4.1'));
  });
});
