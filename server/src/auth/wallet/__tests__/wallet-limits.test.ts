import { createTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    env: { RATE_LOGIN_PER_IP_PER_MINUTE: '3', RATE_REGISTER_PER_IP_PER_HOUR: '2' },
  });
});
afterAll(async () => server.close());

async function hit(method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = '203.0.113.7') {
  const res = await server.app.inject({
    method,
    url: `/swx/customer${url}`,
    remoteAddress,
    ...(payload ? { payload } : {}),
  });
  return {
    status: res.statusCode,
    code: (res.json() as { code: string }).code,
    retryAfter: res.headers['retry-after'],
  };
}

const garbage = { message: 'not a sign-in message', signature: `0x${'00'.repeat(65)}` };
const signUp = { ticket: 'x', username: 'someone', email: 'someone@example.com', code: '000000' };

describe('wallet endpoints are rate limited per address (429 with Retry-After)', () => {
  it.each([
    ['nonce', 'GET', '/login/dappNonce', undefined, 3],
    ['sign-in', 'POST', '/login/loginByDapp', garbage, 3],
    ['sign-up', 'POST', '/login/registerByDapp', signUp, 2],
  ] as const)('%s', async (_name, method, url, payload, limit) => {
    for (let i = 0; i < limit; i++) expect((await hit(method, url, payload)).status).not.toBe(429);
    const refused = await hit(method, url, payload);
    expect(refused).toMatchObject({ status: 429, code: '429' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await hit(method, url, payload, '203.0.113.8')).status).not.toBe(429);
  });
});
