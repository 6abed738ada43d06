import { createTestServer, type TestServer } from '../../test/harness';
import { captureMail, signUpCustomer } from '../../auth/testing';
import { customerTotp, customerRecoveryCodes } from '../tables';
import { advanceSecurityClock, authenticatorCode, customerCall, enableTotp, stepUpByEmail } from '../testing';

// Two-factor sign-in with an authenticator app (TOTP) and recovery codes, through the real endpoints.
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const post = (url: string, payload?: object, token = '') => customerCall(server, token, 'POST', url, payload);
const login = (customer: { username: string; password: string }) =>
  post('/login/login', { account: customer.username, password: customer.password });

it('turns on with a first code, then asks every password sign-in for a code', async () => {
  const customer = await signUpCustomer(server);
  const enrolment = await post('/user/security/totp/enrol', undefined, customer.token);
  expect(enrolment.result.otpauthUri).toMatch(/^otpauth:\/\/totp\/SWX:/);
  expect(enrolment.result.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  // The stored secret is sealed: not the secret, not its base32 either.
  const [stored] = await server.database.db.select().from(customerTotp);
  expect(stored!.secret).not.toContain(enrolment.result.secret);
  expect((await post('/user/security/totp/confirm', { code: '000000' }, customer.token)).code).toBe('11201');
  const confirmed = await post(
    '/user/security/totp/confirm',
    { code: authenticatorCode(server, enrolment.result.secret) },
    customer.token,
  );
  expect(confirmed.result.recoveryCodes).toHaveLength(10);
  expect(new Set(confirmed.result.recoveryCodes).size).toBe(10);
  // Only argon2 hashes are kept.
  const hashes = await server.database.db.select().from(customerRecoveryCodes);
  expect(hashes.every((row) => row.codeHash.startsWith('$argon2id$'))).toBe(true);
  expect((await post('/user/security/totp/enrol', undefined, customer.token)).code).toBe('11203');

  const first = await login(customer);
  expect(first.result.token).toBeUndefined();
  expect(first.result.secondFactor).toMatchObject({ methods: ['totp', 'recovery'] });
  const ticket = first.result.secondFactor.ticket;
  advanceSecurityClock(server, 30_000);
  const done = await post('/login/secondFactor', {
    ticket,
    method: 'totp',
    code: authenticatorCode(server, enrolment.result.secret),
  });
  expect(done.code).toBe('200');
  // The ticket is single use.
  expect(
    (
      await post('/login/secondFactor', {
        ticket,
        method: 'totp',
        code: authenticatorCode(server, enrolment.result.secret),
      })
    ).code,
  ).toBe('11202');
});

it('refuses a code used once within its window (replay), and records the refusal in the history', async () => {
  const customer = await signUpCustomer(server);
  const { secret } = await enableTotp(server, customer.token);
  const code = authenticatorCode(server, secret);
  const one = await login(customer);
  expect(
    (await post('/login/secondFactor', { ticket: one.result.secondFactor.ticket, method: 'totp', code }))
      .code,
  ).toBe('200');
  const two = await login(customer);
  const replayed = await post('/login/secondFactor', {
    ticket: two.result.secondFactor.ticket,
    method: 'totp',
    code,
  });
  expect(replayed.code).toBe('11201');
  // An earlier step's code is spent too.
  const earlier = authenticatorCode(server, secret, -30);
  expect(
    (
      await post('/login/secondFactor', {
        ticket: two.result.secondFactor.ticket,
        method: 'totp',
        code: earlier,
      })
    ).code,
  ).toBe('11201');
  const history = await customerCall(server, customer.token, 'GET', '/user/security/history');
  expect(history.result.map((e: { result: string }) => e.result).slice(0, 3)).toEqual([
    'secondFactorWrong',
    'secondFactorWrong',
    'succeeded',
  ]);
});

it('accepts each recovery code once; new codes retire the old set', async () => {
  const customer = await signUpCustomer(server);
  const { secret, recoveryCodes } = await enableTotp(server, customer.token);
  const first = await login(customer);
  const typed = recoveryCodes[0]!.toLowerCase().replace(/-/g, ' ');
  expect(
    (
      await post('/login/secondFactor', {
        ticket: first.result.secondFactor.ticket,
        method: 'recovery',
        code: typed,
      })
    ).code,
  ).toBe('200');
  const second = await login(customer);
  expect(
    (
      await post('/login/secondFactor', {
        ticket: second.result.secondFactor.ticket,
        method: 'recovery',
        code: recoveryCodes[0],
      })
    ).code,
  ).toBe('11201');
  const overview = await customerCall(server, customer.token, 'GET', '/user/security');
  expect(overview.result.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 9 });

  // Turning two-factor on proved a factor for this session; once that proof is old, new codes need another.
  advanceSecurityClock(server, 5 * 60_000 + 1);
  expect((await post('/user/security/recoveryCodes', undefined, customer.token)).code).toBe('11200');
  await post(
    '/user/security/stepUp',
    { method: 'totp', code: authenticatorCode(server, secret) },
    customer.token,
  );
  const fresh = await post('/user/security/recoveryCodes', undefined, customer.token);
  expect(fresh.result.recoveryCodes).toHaveLength(10);
  const third = await login(customer);
  expect(
    (
      await post('/login/secondFactor', {
        ticket: third.result.secondFactor.ticket,
        method: 'recovery',
        code: recoveryCodes[1],
      })
    ).code,
  ).toBe('11201');
});

it('throttles wrong codes per account (429 with Retry-After), whatever the ticket', async () => {
  const limited = await createTestServer({ env: { RATE_LOGIN_PER_ACCOUNT_PER_MINUTE: '3' } });
  try {
    const customer = await signUpCustomer(limited);
    await enableTotp(limited, customer.token);
    const answers: { code: string; status: number }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const first = await customerCall(limited, '', 'POST', '/login/login', {
        account: customer.username,
        password: customer.password,
      });
      answers.push(
        await customerCall(limited, '', 'POST', '/login/secondFactor', {
          ticket: first.result.secondFactor.ticket,
          method: 'totp',
          code: '123456',
        }),
      );
    }
    expect(answers.map((a) => a.code)).toEqual(['11201', '11201', '11201', '429', '429']);
  } finally {
    await limited.close();
  }
});

it('turns off only with a current code; withdrawals then lock and the customer is told', async () => {
  const customer = await signUpCustomer(server);
  const { secret } = await enableTotp(server, customer.token);
  const mail = captureMail(server);
  expect((await post('/user/security/totp/disable', { code: '111111' }, customer.token)).code).toBe('11201');
  const off = await post(
    '/user/security/totp/disable',
    { code: authenticatorCode(server, secret) },
    customer.token,
  );
  expect(off.code).toBe('200');
  const overview = await customerCall(server, customer.token, 'GET', '/user/security');
  expect(overview.result.twoFactor.enabled).toBe(false);
  expect(overview.result.lock).toMatchObject({ reason: 'twoFactorOff' });
  const notice = mail.sent.find((m) => m.to === customer.email);
  expect(notice?.text).toContain('Two-factor sign-in was turned off');
  expect(notice?.text).toContain('Withdrawals are locked until');
  expect((await login(customer)).result.token).toBeDefined();
});

it('asks a wallet-less, provider-less customer for an e-mailed code to step up, never a factor they lack', async () => {
  const customer = await signUpCustomer(server);
  const status = await customerCall(server, customer.token, 'GET', '/user/security/stepUp');
  expect(status.result).toMatchObject({ methods: ['email'], validUntil: null, windowMinutes: 5 });
  expect((await post('/user/security/stepUp', { method: 'totp', code: '123456' }, customer.token)).code).toBe(
    '11210',
  );
  expect((await post('/user/security/stepUp/start', { method: 'passkey' }, customer.token)).code).toBe(
    '11210',
  );
  await stepUpByEmail(server, customer);
  const after = await customerCall(server, customer.token, 'GET', '/user/security/stepUp');
  expect(after.result.validUntil).not.toBeNull();
  // The proof lasts `step_up_minutes`, then the action asks again.
  advanceSecurityClock(server, 5 * 60_000 + 1);
  expect((await post('/user/security/recoveryCodes', undefined, customer.token)).code).toBe('11200');
});
