import type { TestServer } from '../../test/harness';
import { createStaffTestServer, staffMember } from '../../staff/__tests__/helpers';
import { deposit } from './fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await createStaffTestServer();
});
afterAll(async () => server.close());

describe('GET /swx/admin/ledger/check', () => {
  it('answers staff with the ledger check', async () => {
    const { ledger } = server.services;
    await server.database.db.transaction(async (tx) => {
      await ledger.openCustomerAccounts(tx, '77');
      await deposit(ledger, tx, '77', 'USDT', '150');
    });
    const res = await server.app.inject({
      method: 'GET',
      url: '/swx/admin/ledger/check',
      // The ledger check is finance's; the start-up account is an admin only.
      headers: { authorization: (await staffMember(server, 'books', ['finance'])).token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '200', message: 'success', result: { ok: true, problems: [] } });
  });

  it('refuses anyone without a staff session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/swx/admin/ledger/check' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: '401', result: null });
  });
});
