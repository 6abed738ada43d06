import type { TestServer } from '../../test/harness';
import { createStaffTestServer, staffToken } from './helpers';

/**
 * Staff routes authenticate before they validate (issue 12, item 4): without a valid staff token every
 * admin route answers 401 whatever the body, path or query — routes of every domain under /swx/admin, not
 * only the admin folder's own. With a token, the same bad request answers 400.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createStaffTestServer();
  token = await staffToken(server);
});
afterAll(async () => server.close());

const badRequests = [
  { method: 'POST', url: '/swx/admin/reviews/deposit/1/reject', payload: { reason: 42, extra: true } },
  { method: 'POST', url: '/swx/admin/reviews/deposit/9223372036854775808/approve', payload: {} },
  { method: 'POST', url: '/swx/admin/reviews/NOT_A_KIND/1/approve', payload: [] },
  { method: 'GET', url: '/swx/admin/reviews?kind=%00&status=%E2%80%AE' },
  { method: 'GET', url: '/swx/admin/audit?page=-1&pageSize=1e309' },
  { method: 'PUT', url: '/swx/admin/params/x', payload: { value: { nested: [1] }, nope: 1 } },
  { method: 'POST', url: '/swx/admin/withdrawals/99999999999999999999/complete', payload: { reference: '' } },
  { method: 'POST', url: '/swx/admin/markets/BTCUSDT/optionTerms', payload: { periods: 'many' } },
] as const;

describe('staff routes authenticate before they validate', () => {
  it.each(badRequests)('$method $url without a token → 401', async (request) => {
    for (const authorization of [undefined, 'not-a-token', 'Bearer \u0000']) {
      const res = await server.app.inject({
        ...request,
        headers: authorization === undefined ? {} : { authorization },
      } as never);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: '401', message: expect.any(String), result: null });
    }
  });

  it.each(badRequests)('$method $url with a staff token → 400-range refusal, never 5xx', async (request) => {
    const res = await server.app.inject({ ...request, headers: { authorization: token } } as never);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).not.toBe(401);
  });

  it('a body that cannot even be parsed answers 401 without a token', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/swx/admin/reviews/deposit/1/reject',
      headers: { 'content-type': 'application/json' },
      payload: '{"reason":',
    });
    expect(res.statusCode).toBe(401);
  });

  it('the staff login itself refuses text PostgreSQL cannot store with 400, not 500', async () => {
    for (const username of ['chief\u0000', '\ud800', 'chi\u202eef']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/swx/admin/login',
        payload: { username, password: 'whatever-1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('400');
    }
  });
});
