import { createTestServer, type TestServer } from '../../test/harness';

/**
 * Customer routes authenticate before they validate (issue 12, item 4): a guest's malformed request to a
 * signed-in route answers 401, whatever its body, path or query, so nothing about the route's rules leaks to
 * someone who is not signed in.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const badRequests = [
  { method: 'POST', url: '/swx/customer/order/buyU', payload: { code: 42, lots: 'many', extra: true } },
  { method: 'POST', url: '/swx/customer/order/stopU', payload: { id: '99999999999999999999' } },
  { method: 'POST', url: '/swx/customer/user/withdrawal', payload: { method: 'pigeon', amount: '1e309' } },
  { method: 'GET', url: '/swx/customer/order/listUOrder?status=%00' },
] as const;

describe('customer routes authenticate before they validate', () => {
  it.each(badRequests)('$method $url without a valid token → 401', async (request) => {
    for (const authorization of [undefined, 'not-a-token', 'Bearer \u0000']) {
      const res = await server.app.inject({
        ...request,
        headers: authorization === undefined ? {} : { authorization },
      } as never);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: '401', message: expect.any(String), result: null });
    }
  });

  it('a body that cannot even be parsed answers 401 without a token', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/order/buyU',
      headers: { 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(res.statusCode).toBe(401);
  });
});
