import { errors } from '@swx/shared/contract';
import { MINUTE, nftServer, type NftTestServer } from './helpers';

let server: NftTestServer;
beforeAll(async () => {
  server = await nftServer();
}, 400_000);
afterAll(async () => {
  await server.close();
});

describe('bidding', () => {
  it('authenticates before it validates, and serves the public lists and artwork to guests', async () => {
    const guest = await server.call(null, 'POST', '/user/buyNft', { nftId: 'x', amount: '-1', extra: 1 });
    expect(guest.status).toBe(401);
    expect((await server.call(null, 'GET', '/user/listNft')).status).toBe(401);
    const list = await server.call(null, 'GET', '/index/listNft?lang=de');
    expect(list.result.items.filter((n: { shipped: boolean }) => n.shipped)).toHaveLength(4);
    expect(list.result.rules).toMatchObject({ incrementRate: '0.05', extensionWindowSeconds: 300 });
    const shipped = list.result.items.find((n: { shipped: boolean }) => n.shipped);
    expect(shipped.description).not.toBe('');
    const image = await server.app.inject({ method: 'GET', url: `/swx/customer${shipped.imageUrl}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await server.call(null, 'GET', '/index/getNft/999999')).code).toBe(errors.nftNotFound);
  });

  it('takes two bidders, enforces the increment, releases the outbid hold with a notification', async () => {
    const nftId = await server.list({ startingBid: '100' });
    const alice = await server.funded('1000');
    const bob = await server.funded('1000');

    expect((await server.bid(alice, nftId, '99.99')).code).toBe(errors.nftBidTooLow);
    const first = await server.bid(alice, nftId, '100');
    expect(first.code).toBe('200');
    expect(first.result.heldNow).toBe('100');
    expect(first.result.nft.nextMinimumBid).toBe('105');
    expect(await server.balance(alice.userId)).toEqual({ available: '900', held: '100' });

    // 5 % above 100 is 105: 104.99 is refused and changes nothing.
    expect((await server.bid(bob, nftId, '104.99')).code).toBe(errors.nftBidTooLow);
    expect(await server.balance(bob.userId)).toEqual({ available: '1000', held: '0' });

    expect((await server.bid(bob, nftId, '105')).code).toBe('200');
    expect(await server.balance(bob.userId)).toEqual({ available: '895', held: '105' });
    // Alice's hold came back in the same transaction, and she was told.
    expect(await server.balance(alice.userId)).toEqual({ available: '1000', held: '0' });
    const notes = await server.call(alice, 'GET', '/user/notifications');
    expect(notes.result.items[0]).toMatchObject({ kind: 'nft.outbid', referenceId: nftId });
    expect(server.publicEvents.at(-1)).toMatchObject({
      type: 'nft.bid',
      nftId,
      currentBid: '105',
      bidCount: 2,
    });

    const detail = await server.call(null, 'GET', `/index/getNft/${nftId}`);
    expect(detail.result.currentBid).toBe('105');
    expect(detail.result.nextMinimumBid).toBe('110.25');
    expect(detail.result.bids.map((b: { amount: string }) => b.amount)).toEqual(['105', '100']);
    expect(detail.result.bids[0].bidder).toContain('***');
    expect(detail.result.custody).toMatchObject({ custodial: true, onChainWithdrawal: false });
    await server.check();
  });

  it('lets the leader raise, holding only the difference', async () => {
    const nftId = await server.list({ startingBid: '10' });
    const carol = await server.funded('100');
    expect((await server.bid(carol, nftId, '10')).code).toBe('200');
    const raise = await server.bid(carol, nftId, '20');
    expect(raise.code).toBe('200');
    expect(raise.result).toMatchObject({ held: '20', heldNow: '10' });
    expect(await server.balance(carol.userId)).toEqual({ available: '80', held: '20' });
    const mine = await server.call(carol, 'GET', '/user/listNft');
    expect(mine.result.bids[0]).toMatchObject({ status: 'winning', myHighestBid: '20', held: '20' });
  });

  it('refuses demo, closed and upcoming auctions, missing funds and a repeat, changing nothing', async () => {
    const nftId = await server.list({ minutes: 30, startingBid: '50' });
    const dave = await server.funded('60');
    const demo = await server.call(dave, 'POST', '/user/buyNft', { nftId, amount: '50' }, 'NO');
    expect(demo.code).toBe(errors.demoNotAllowed);
    expect((await server.bid(dave, nftId, '70')).code).toBe(errors.insufficientBalance);
    expect((await server.bid(dave, '999999', '50')).code).toBe(errors.nftNotFound);
    expect((await server.bid(dave, nftId, '50.001')).code).toBe(errors.amountIncorrect);
    expect(await server.balance(dave.userId)).toEqual({ available: '60', held: '0' });

    const [once, again] = await Promise.all([server.bid(dave, nftId, '50'), server.bid(dave, nftId, '50')]);
    expect([once.code, again.code].sort()).toEqual(['200', errors.repeatedSubmission].sort());
    expect(await server.balance(dave.userId)).toEqual({ available: '10', held: '50' });

    const upcoming = await server.list({ startsInMinutes: 10 });
    expect((await server.bid(dave, upcoming, '100')).code).toBe(errors.nftAuctionNotOpen);

    await server.clock.advance(31 * MINUTE);
    const eve = await server.funded('500');
    expect((await server.bid(eve, nftId, '100')).code).toBe(errors.nftAuctionNotOpen);
    expect(await server.balance(eve.userId)).toEqual({ available: '500', held: '0' });
  });

  it('extends a late bid to five minutes after it, capped, and settles only at the extended end', async () => {
    await server.services.params.set('nft_max_extension_seconds', '300', {
      staffId: '1',
      reason: 'test cap',
    });
    const nftId = await server.list({ minutes: 10, startingBid: '10' });
    const frank = await server.funded('1000');
    const grace = await server.funded('1000');
    const end0 = Date.parse((await server.call(null, 'GET', `/index/getNft/${nftId}`)).result.endsAt);

    await server.clock.advance(6 * MINUTE); // 4 minutes left: a bid now extends to 5 minutes after it
    const late = await server.bid(frank, nftId, '10');
    expect(late.result.extended).toBe(true);
    const end1 = Date.parse(late.result.nft.endsAt);
    expect(end1).toBe(server.clock.now() + 5 * MINUTE);

    await server.clock.advance(4 * MINUTE + 30_000); // the original end has passed: its job must do nothing
    await server.scheduler.runDue();
    expect((await server.call(null, 'GET', `/index/getNft/${nftId}`)).result.status).toBe('live');

    const capped = await server.bid(grace, nftId, '20');
    // 5 minutes after the bid would pass original end + 5 minutes: the cap wins.
    expect(Date.parse(capped.result.nft.endsAt)).toBe(end0 + 5 * MINUTE);

    await server.clock.advance(5 * MINUTE);
    await server.scheduler.runDue();
    const settled = (await server.call(null, 'GET', `/index/getNft/${nftId}`)).result;
    expect(settled).toMatchObject({ status: 'ended', outcome: 'sold', donated: '20' });
    expect(await server.balance(grace.userId)).toEqual({ available: '980', held: '0' });
    expect(await server.balance(frank.userId)).toEqual({ available: '1000', held: '0' });
    const mine = await server.call(grace, 'GET', '/user/listNft');
    expect(mine.result.owned.map((o: { nft: { id: string } }) => o.nft.id)).toContain(nftId);
    const lost = await server.call(frank, 'GET', '/user/listNft');
    expect(lost.result.bids.find((b: { nft: { id: string } }) => b.nft.id === nftId).status).toBe('lost');
    await server.services.params.set('nft_max_extension_seconds', '3600', { staffId: '1', reason: 'reset' });
    await server.check();
  });
});
