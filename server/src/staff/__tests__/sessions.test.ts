import { createTestServer, type TestServer } from '../../test/harness';
import { createStaffTestServer, memberPassword, staffCredentials, staffMember, staffToken } from './helpers';

/**
 * Staff sessions (issue 26, item 4): 30 minutes idle, 12 hours at most, listed and revocable by their member
 * and by an admin; failed sign-in steps counted per member in the database, so two instances count the same
 * tries.
 */
let server: TestServer;
let chief: string;
beforeAll(async () => {
  server = await createStaffTestServer({ RATE_LOGIN_PER_ACCOUNT_PER_MINUTE: '3' });
  chief = await staffToken(server);
});
afterAll(async () => server.close());

type Answer = { status: number; code: string; result: any; retryAfter?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (target: TestServer, method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  target.app
    .inject({
      method,
      url: `/swx/admin${url}`,
      headers: { 'user-agent': 'jest staff browser', ...(token ? { authorization: token } : {}) },
      ...(payload ? { payload } : {}),
    })
    .then((res): Answer => ({
      status: res.statusCode,
      code: res.json().code,
      result: res.json().result,
      retryAfter: res.headers['retry-after']?.toString(),
    }));

/** Moves the staff clock on by `ms` for the rest of the test. */
function advance(ms: number): () => void {
  const clock = server.services.staff.now;
  server.services.staff.now = () => clock() + ms;
  return () => {
    server.services.staff.now = clock;
  };
}

describe('staff sessions', () => {
  it('end after 30 minutes without a call; each call keeps them alive', async () => {
    const member = await staffMember(server, 'olga', ['reviewer']);
    const back = [advance(29 * 60_000)];
    try {
      expect((await call(server, 'GET', '/me', member.token)).status).toBe(200);
      back.push(advance(29 * 60_000));
      expect((await call(server, 'GET', '/me', member.token)).status).toBe(200);
      back.push(advance(31 * 60_000));
      expect((await call(server, 'GET', '/me', member.token)).status).toBe(401);
    } finally {
      for (const undo of back.reverse()) undo();
    }
  });

  it('end 12 hours after sign-in even when used all along', async () => {
    const member = await staffMember(server, 'piet', ['reviewer']);
    const back: (() => void)[] = [];
    try {
      // A call every 29 minutes: alive at 24 × 29 = 696 minutes, over at 25 × 29 = 725 (> 720).
      for (let step = 1; step <= 25; step += 1) {
        back.push(advance(29 * 60_000));
        expect((await call(server, 'GET', '/me', member.token)).status).toBe(step <= 24 ? 200 : 401);
      }
    } finally {
      for (const undo of back.reverse()) undo();
    }
  });

  it('are listed and revocable by their member', async () => {
    const member = await staffMember(server, 'quinn', ['reviewer']);
    const second = await staffToken(server, { username: 'quinn', password: memberPassword });
    const list = await call(server, 'GET', '/sessions', member.token);
    expect(list.result).toHaveLength(2);
    const mine = list.result.find((s: { current: boolean }) => s.current);
    const other = list.result.find((s: { current: boolean }) => !s.current);
    expect(mine).toMatchObject({ userAgent: 'lightMyRequest', address: '127.0.0.1' });
    expect(Date.parse(other.expiresAt) - Date.parse(other.createdAt)).toBe(12 * 3_600_000);
    expect(Date.parse(other.idleExpiresAt) - Date.parse(other.lastSeenAt)).toBe(30 * 60_000);
    expect((await call(server, 'POST', `/sessions/${other.id}/revoke`, member.token)).result).toEqual({
      revoked: 1,
    });
    expect((await call(server, 'GET', '/me', second)).status).toBe(401);
    // Another member's session, or one already over, is not found.
    expect((await call(server, 'POST', `/sessions/${other.id}/revoke`, member.token)).code).toBe('11185');
    const chiefs = await call(server, 'GET', '/sessions', chief);
    expect((await call(server, 'POST', `/sessions/${chiefs.result[0].id}/revoke`, member.token)).code).toBe(
      '11185',
    );
  });

  it('are listed and ended by an admin', async () => {
    const member = await staffMember(server, 'rosa', ['reviewer']);
    const listed = await call(server, 'GET', `/staff/${member.staffId}/sessions`, chief);
    expect(listed.result).toHaveLength(1);
    expect(listed.result[0].current).toBe(false);
    expect((await call(server, 'POST', `/staff/${member.staffId}/sessions/revoke`, chief)).result).toEqual({
      revoked: 1,
    });
    expect((await call(server, 'GET', '/me', member.token)).status).toBe(401);
    expect((await call(server, 'GET', `/staff/${member.staffId}/sessions`, member.token)).status).toBe(401);
  });
});

describe('sign-in attempts per member', () => {
  it('are counted in the database: wrong passwords on two instances add up, from any address', async () => {
    const other = await createTestServer({
      shareDatabaseWith: server,
      env: { RATE_LOGIN_PER_ACCOUNT_PER_MINUTE: '3' },
    });
    try {
      const wrong = { username: staffCredentials.username, password: 'Wrong-password-1' };
      const answers: Answer[] = [];
      for (const target of [server, other, server])
        answers.push(await call(target, 'POST', '/login', undefined, wrong));
      expect(answers.map((a) => a.code)).toEqual(['11042', '11042', '11042']);
      // The fourth try, on either instance and with the right password, waits.
      const refused = await call(other, 'POST', '/login', undefined, staffCredentials);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect((await call(server, 'POST', '/login', undefined, staffCredentials)).status).toBe(429);
      // Once the wait is over, the right password signs in and clears the count.
      const back = advance(61_000);
      try {
        const staffOther = other.services.staff;
        const otherClock = staffOther.now;
        staffOther.now = server.services.staff.now;
        try {
          expect((await call(other, 'POST', '/login', undefined, staffCredentials)).status).toBe(200);
        } finally {
          staffOther.now = otherClock;
        }
      } finally {
        back();
      }
    } finally {
      await other.close();
    }
  });
});
