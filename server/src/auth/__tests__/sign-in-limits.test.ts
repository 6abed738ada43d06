import { createTestServer, type TestServer } from '../../test/harness';
import { createStaffTestServer, staffCredentials } from '../../staff/__tests__/helpers';
import { stepUpByEmail } from '../../security/testing';
import { signUpCustomer, type SignedUpCustomer } from '../testing';

/**
 * Issue 12 item 5: sign-in limits count by account AND address together, so a stranger's wrong tries slow the
 * stranger down and never lock the owner out; every spelling of an account shares one counter; old-password
 * guesses through change-password are limited per session.
 */
const base = '/swx/customer';
const freeFailures = 3;

let server: TestServer;
let owner: SignedUpCustomer;
beforeAll(async () => {
  server = await createTestServer({ env: { RATE_LOGIN_PER_ACCOUNT_PER_MINUTE: String(freeFailures) } });
  owner = await signUpCustomer(server, { username: 'Limit_Owner', email: 'limit.owner@example.com' });
});
afterAll(async () => server.close());

async function login(account: string, password: string, address: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: `${base}/login/login`,
    payload: { account, password },
    remoteAddress: address,
  });
  return { status: res.statusCode, code: res.json().code as string, retryAfter: res.headers['retry-after'] };
}

describe('customer sign-in limits', () => {
  it('five wrong tries from address A do not stop the owner signing in from address B', async () => {
    for (let i = 0; i < 5; i++) await login(owner.username, 'not-the-password9', '10.9.0.1');
    const attacker = await login(owner.username, owner.password, '10.9.0.1');
    expect(attacker.status).toBe(429);
    expect(Number(attacker.retryAfter)).toBeGreaterThan(0);
    const fromB = await login(owner.username, owner.password, '10.9.0.2');
    expect(fromB).toMatchObject({ status: 200, code: '200' });
  });

  it('counts the username, its other cases and the e-mail address on one counter', async () => {
    const spellings = ['limit_owner', 'LIMIT.OWNER@example.com', ' Limit_Owner'];
    for (const spelling of spellings) {
      expect((await login(spelling, 'wrong-guess-77', '10.9.1.1')).code).toBe('10004');
    }
    // The fourth try is refused whichever spelling it uses, even with the right password.
    expect((await login('LIMIT_OWNER', owner.password, '10.9.1.1')).status).toBe(429);
    expect((await login('limit.owner@example.com', owner.password, '10.9.1.1')).status).toBe(429);
  });

  it('waits longer after every further failure, and a success starts the pair again from nothing', async () => {
    const address = '10.9.2.1';
    for (let i = 0; i < freeFailures; i++) await login(owner.email, 'wrong-guess-78', address);
    const first = Number((await login(owner.email, 'wrong-guess-78', address)).retryAfter);
    expect(first).toBeGreaterThanOrEqual(59);
    // A right password from a fresh address signs in and leaves the other pair's wait as it was.
    expect((await login(owner.email, owner.password, '10.9.2.2')).status).toBe(200);
    expect((await login(owner.email, owner.password, address)).status).toBe(429);
    // Wrong, then right, then wrong again on a fresh pair: the success cleared the count.
    const fresh = '10.9.2.3';
    for (let i = 0; i < freeFailures - 1; i++) await login(owner.username, 'wrong-guess-79', fresh);
    expect((await login(owner.username, owner.password, fresh)).status).toBe(200);
    for (let i = 0; i < freeFailures; i++) {
      expect((await login(owner.username, 'wrong-guess-79', fresh)).code).toBe('10004');
    }
  });

  it('counts unknown accounts per spelling and address without revealing they do not exist', async () => {
    for (let i = 0; i < freeFailures; i++) {
      expect((await login('Nobody_Here', 'whatever-pass1', '10.9.3.1')).code).toBe('10004');
    }
    expect((await login('nobody_here', 'whatever-pass1', '10.9.3.1')).status).toBe(429);
  });

  it('counts guesses sent in parallel before judging any of them', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => login(owner.username, 'parallel-guess-1', '10.9.4.1')),
    );
    expect(answers.filter((a) => a.code === '10004')).toHaveLength(freeFailures);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(8 - freeFailures);
  });
});

describe('change-password old-password guesses', () => {
  it('limits guesses per session; the owner in another session is not slowed', async () => {
    const victim = await signUpCustomer(server);
    const stolen = await login(victim.username, victim.password, '10.9.5.1');
    const ownSession = await server.app.inject({
      method: 'POST',
      url: `${base}/login/login`,
      payload: { account: victim.username, password: victim.password },
      remoteAddress: '10.9.5.2',
    });
    const stolenToken = (
      await server.app.inject({
        method: 'POST',
        url: `${base}/login/login`,
        payload: { account: victim.username, password: victim.password },
        remoteAddress: '10.9.5.1',
      })
    ).json().result.token as string;
    expect(stolen.status).toBe(200);
    // A change needs a fresh second factor first; even past it, old-password guesses are limited.
    await stepUpByEmail(server, { token: stolenToken, email: victim.email });
    await stepUpByEmail(server, { token: ownSession.json().result.token, email: victim.email });
    const change = (token: string, oldPassword: string, password: string) =>
      server.app.inject({
        method: 'POST',
        url: `${base}/user/repassword`,
        headers: { authorization: token },
        payload: { oldPassword, password, confirmPassword: password },
      });
    for (let i = 0; i < freeFailures; i++) {
      expect((await change(stolenToken, `guess-number-${i}x`, 'Harbour-lamp-42')).json().code).toBe('10004');
    }
    const refused = await change(stolenToken, victim.password, 'Harbour-lamp-42');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right old password is refused while the session waits: nothing was changed.
    expect((await login(victim.username, victim.password, '10.9.5.3')).status).toBe(200);
    const mine = await change(ownSession.json().result.token, victim.password, 'Harbour-lamp-42');
    expect(mine.json()).toMatchObject({ code: '200', message: '20005' });
  });
});

describe('staff sign-in limits', () => {
  let staffServer: TestServer;
  beforeAll(async () => {
    staffServer = await createStaffTestServer({ RATE_LOGIN_PER_ACCOUNT_PER_MINUTE: String(freeFailures) });
  });
  afterAll(async () => staffServer.close());

  const staffLogin = (password: string, address: string, username = staffCredentials.username) =>
    staffServer.app.inject({
      method: 'POST',
      url: '/swx/admin/login',
      payload: { username, password },
      remoteAddress: address,
    });

  it('wrong tries are counted per member, whatever the address (in the database, across instances)', async () => {
    for (let i = 0; i < freeFailures; i++)
      expect((await staffLogin('Wrong-password-1', `10.8.0.${i + 1}`)).statusCode).toBe(401);
    const refused = await staffLogin(staffCredentials.password, '10.8.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // From another address too: a guesser spreading tries over addresses is slowed all the same.
    expect((await staffLogin(staffCredentials.password, '10.8.9.9')).statusCode).toBe(429);
    // Another spelling of the username shares the counter.
    expect((await staffLogin('Wrong-password-1', '10.8.0.1', 'CHIEF')).statusCode).toBe(429);
    // After the wait, the right password signs in and clears the count.
    const clock = staffServer.services.staff.now;
    staffServer.services.staff.now = () => clock() + 16 * 60_000;
    try {
      expect((await staffLogin(staffCredentials.password, '10.8.0.2')).statusCode).toBe(200);
    } finally {
      staffServer.services.staff.now = clock;
    }
  });

  it('a success clears the count', async () => {
    for (let i = 0; i < freeFailures - 1; i++) await staffLogin('Wrong-password-1', '10.8.1.1');
    expect((await staffLogin(staffCredentials.password, '10.8.1.1')).statusCode).toBe(200);
    for (let i = 0; i < freeFailures; i++)
      expect((await staffLogin('Wrong-password-1', '10.8.1.1')).statusCode).toBe(401);
  });
});
