import { staffMember } from '../../staff/__tests__/helpers';
import { MINUTE, nftServer, type NftTestServer } from './helpers';

/**
 * Charity payouts (issue 28): donations land in the charity account when auctions settle; one finance member
 * records a payout with its payment reference, a different one approves it, and it is posted from the charity
 * account to the charity's external account. The public donations page shows raised, paid out and held, each
 * with ledger references.
 */
let server: NftTestServer;
let financeA: string;
let financeB: string;

beforeAll(async () => {
  server = await nftServer();
  financeA = (await staffMember(server, 'charitya', ['finance'])).token;
  financeB = (await staffMember(server, 'charityb', ['finance'])).token;
  const sold = await server.list({ minutes: 10, startingBid: '40' });
  const ann = await server.funded('500');
  expect((await server.bid(ann, sold, '250')).code).toBe('200');
  server.clock.jump(server.clock.now() + 20 * MINUTE);
  await server.scheduler.runDue();
}, 400_000);
afterEach(async () => server.check());
afterAll(async () => server.close());

const as = async (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await server.app.inject({
    method,
    url: `/swx/admin${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: token },
  });
  const body = res.json();
  return { status: res.statusCode, code: body.code as string, result: body.result };
};
const donations = async () => (await server.call(null, 'GET', '/index/nftDonations')).result;

describe('charity payouts', () => {
  it('start from what settled auctions raised, all of it held', async () => {
    const page = await donations();
    expect(page).toMatchObject({ raised: '250', paidOut: '0', held: '250', payouts: [] });
    expect(page.heldAsOf).toBe(page.items[0].ledgerReference);
    expect((await as(financeA, 'GET', '/charity/payouts')).result).toMatchObject({
      raised: '250',
      paidOut: '0',
      held: '250',
    });
  });

  it('refuse a payout above what is held (11405), counting payouts already waiting', async () => {
    const body = { amount: '250.01', reference: 'SEPA 2026-12-01 #4711', recipient: 'Test Charity' };
    expect((await as(financeA, 'POST', '/charity/payouts', body)).code).toBe('11405');
    // Finer than USDT's cent: refused by the ledger precision rule before anything is recorded.
    expect((await as(financeA, 'POST', '/charity/payouts', { ...body, amount: '1.005' })).code).toBe('11500');
    const first = await as(financeA, 'POST', '/charity/payouts', { ...body, amount: '200' });
    expect(first.result).toMatchObject({ status: 'pending', amount: '200', requestedByUsername: 'charitya' });
    expect((await as(financeA, 'POST', '/charity/payouts', { ...body, amount: '50.01' })).code).toBe('11405');
    // Nothing moved yet.
    expect(await donations()).toMatchObject({ paidOut: '0', held: '250' });
    // Rejected: the promise is released.
    const rejected = await as(financeB, 'POST', `/charity/payouts/${first.result.id}/reject`, {
      reason: 'Wrong bank reference',
    });
    expect(rejected.result).toMatchObject({ status: 'rejected', rejectReason: 'Wrong bank reference' });
  });

  it('need a second finance member, then post from the charity account to the external one', async () => {
    const asked = await as(financeA, 'POST', '/charity/payouts', {
      amount: '200',
      reference: '0x9f2c1e8a7d6b5c4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a09',
      recipient: 'Test Charity',
    });
    const id = asked.result.id as string;
    // Fixed with the request by the back office's four-eyes piece: one approval, not the requester's.
    const fixed = await server.services.fourEyes.requirementsOf('charity-payout', [id]);
    expect(fixed.get(id)).toMatchObject({ required: 1, requestedBy: asked.result.requestedBy });
    expect((await as(financeA, 'POST', `/charity/payouts/${id}/approve`)).code).toBe('11171');
    const approved = await as(financeB, 'POST', `/charity/payouts/${id}/approve`);
    expect(approved.result).toMatchObject({
      status: 'approved',
      decidedByUsername: 'charityb',
      journalId: expect.any(String),
    });
    expect((await as(financeB, 'POST', `/charity/payouts/${id}/approve`)).code).toBe('11043');
    expect(await server.services.ledger.platformBalance('platform_charity', 'USDT')).toBe('50');
    expect(await server.services.ledger.platformBalance('platform_charity_external', 'USDT')).toBe('200');
    const page = await donations();
    expect(page).toMatchObject({
      raised: '250',
      paidOut: '200',
      held: '50',
      heldAsOf: approved.result.journalId,
    });
    expect(page.payouts).toEqual([
      {
        amount: '200',
        recipient: 'Test Charity',
        reference: '0x9f2c1e8a7d6b5c4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a09',
        paidAt: expect.any(String),
        ledgerReference: approved.result.journalId,
      },
    ]);
  });

  it('are a finance duty: a customer token gets 401, a member without finance 403', async () => {
    const [reviewer] = [(await staffMember(server, 'charityr', ['reviewer'])).token];
    expect(
      (await as(reviewer, 'POST', '/charity/payouts', { amount: '1', reference: 'abc', recipient: 'Te' }))
        .status,
    ).toBe(403);
    const ann = await server.customer();
    expect((await as(ann.token, 'GET', '/charity/payouts')).status).toBe(401);
  });
});
