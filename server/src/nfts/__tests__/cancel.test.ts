import { and, eq } from 'drizzle-orm';
import { staffMember } from '../../staff/__tests__/helpers';
import { auditLog } from '../../staff/tables';
import { MINUTE, nftServer, type NftTestServer } from './helpers';

let server: NftTestServer;
let reviewer: string;

beforeAll(async () => {
  server = await nftServer();
  reviewer = (await staffMember(server, 'nft_reviewer', ['reviewer'])).token;
});
afterAll(async () => server.close());

const staffCall = (token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  server.app
    .inject({
      method,
      url: `/swx/admin${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token === null ? {} : { authorization: token },
    })
    .then((res) => ({ status: res.statusCode, ...res.json() }));

describe('staff NFT listings', () => {
  it('lists every listing for staff, scheduled ones included', async () => {
    const id = await server.list({ startsInMinutes: 60 });
    const res = await staffCall(server.staff, 'GET', '/nfts');
    expect(res.status).toBe(200);
    expect(res.result.find((l: { id: string }) => l.id === id)).toMatchObject({
      status: 'upcoming',
      outcome: null,
      createdByStaffId: expect.any(String),
    });
  });

  it('cancels before the first bid: audited, hidden from customers, never settled, no bids accepted', async () => {
    const id = await server.list({ minutes: 30 });
    const res = await staffCall(server.staff, 'POST', `/nfts/${id}/cancel`, {
      reason: 'Artist withdrew the piece',
    });
    expect(res).toMatchObject({ status: 200, result: { id, outcome: 'cancelled', status: 'ended' } });
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `nft:${id}`), eq(auditLog.action, 'nft.cancel')));
    expect(audit.map((a) => [a.action, (a.details as { reason: string }).reason])).toEqual([
      ['nft.cancel', 'Artist withdrew the piece'],
    ]);
    const list = await server.call(null, 'GET', '/index/listNft');
    expect(list.result.items.map((i: { id: string }) => i.id)).not.toContain(id);
    expect((await server.call(null, 'GET', `/index/getNft/${id}`)).code).toBe('11140');
    const bidder = await server.funded('500');
    expect((await server.bid(bidder, id, '100')).code).toBe('11141');
    await server.clock.advance(31 * MINUTE);
    await server.scheduler.runDue();
    const after = await staffCall(server.staff, 'GET', '/nfts');
    expect(after.result.find((l: { id: string }) => l.id === id).outcome).toBe('cancelled');
    expect(await server.balance(bidder.userId)).toEqual({ available: '500', held: '0' });
  });

  it('refuses after a bid (11183), twice (11141), for an unknown id (11140) and without a reason (400)', async () => {
    const id = await server.list({ minutes: 30 });
    const bidder = await server.funded('500');
    expect((await server.bid(bidder, id, '100')).code).toBe('200');
    expect(await staffCall(server.staff, 'POST', `/nfts/${id}/cancel`, { reason: 'x' })).toMatchObject({
      status: 409,
      code: '11183',
    });
    const other = await server.list({ minutes: 30 });
    await staffCall(server.staff, 'POST', `/nfts/${other}/cancel`, { reason: 'x' });
    expect((await staffCall(server.staff, 'POST', `/nfts/${other}/cancel`, { reason: 'x' })).code).toBe(
      '11141',
    );
    expect((await staffCall(server.staff, 'POST', '/nfts/999999/cancel', { reason: 'x' })).code).toBe(
      '11140',
    );
    expect((await staffCall(server.staff, 'POST', `/nfts/${id}/cancel`, {})).code).toBe('400');
    expect((await server.call(null, 'GET', `/index/getNft/${id}`)).result.outcome).toBeNull();
  });

  it('answers 401 to customer tokens and 403 to members without the content role', async () => {
    const customer = await server.customer();
    for (const token of [customer.token, null]) {
      expect((await staffCall(token, 'GET', '/nfts')).status).toBe(401);
      expect((await staffCall(token, 'POST', '/nfts/1/cancel', { reason: 'x' })).status).toBe(401);
    }
    expect(await staffCall(reviewer, 'GET', '/nfts')).toMatchObject({ status: 403, code: '11160' });
    expect(await staffCall(reviewer, 'POST', '/nfts/1/cancel', { reason: 'x' })).toMatchObject({
      status: 403,
      code: '11160',
    });
  });
});
