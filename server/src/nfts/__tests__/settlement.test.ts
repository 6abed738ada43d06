import { createTestServer, type TestServer } from '../../test/harness';
import { Money } from '../../ledger/accounts';
import { MINUTE, nftServer, schedulerFor, type NftTestServer } from './helpers';

let server: NftTestServer;
let restarted: TestServer | undefined;
beforeAll(async () => {
  server = await nftServer();
}, 400_000);
afterAll(async () => {
  await restarted?.close();
  await server.close();
});

describe('settlement', () => {
  it('settles once across a crash and a restart, caught up after downtime', async () => {
    const sold = await server.list({ minutes: 20, startingBid: '40' });
    const unsold = await server.list({ minutes: 20, startingBid: '40' });
    const ann = await server.funded('500');
    const ben = await server.funded('500');
    expect((await server.bid(ann, sold, '40')).code).toBe('200');
    expect((await server.bid(ben, sold, '60')).code).toBe('200');

    // Downtime: the end passes while nothing runs.
    server.clock.jump(server.clock.now() + 60 * MINUTE);
    // The first attempt dies half way (the donation is posted, then the process fails): all of it rolls back.
    const ledger = server.services.ledger;
    const settleHeld = ledger.settleHeld.bind(ledger);
    let failures = 0;
    ledger.settleHeld = async (tx, request) => {
      const result = await settleHeld(tx, request);
      if (failures++ === 0) throw new Error('crash after the donation posting');
      return result;
    };
    await server.scheduler.runDue();
    expect(failures).toBe(1);
    expect(await server.services.nfts.totalDonated()).toBe('0');
    expect(await server.balance(ben.userId)).toEqual({ available: '440', held: '60' });

    // The crashed instance is gone (its leadership released); a new one on the same database catches up
    // once the back-off has passed.
    await server.scheduler.lifecycle.stop();
    restarted = await createTestServer({ shareDatabaseWith: server });
    restarted.services.nfts.now = () => server.clock.now();
    const pushedByRestart: { userId: string; kind: unknown }[] = [];
    restarted.services.live.publishAccountEvent = (userId, event) => {
      if (event.type === 'notification') pushedByRestart.push({ userId, kind: event.kind });
    };
    const publicByRestart: Record<string, unknown>[] = [];
    restarted.services.live.publishPublicEvent = (event) => publicByRestart.push(event);
    server.clock.jump(server.clock.now() + 10 * MINUTE);
    const after = schedulerFor(restarted as never, server.clock);
    expect((await after.runDue()).done).toBeGreaterThanOrEqual(1);
    // Run again (a second pass, a duplicate job): nothing more is paid.
    await after.runDue();

    const detail = (await server.call(null, 'GET', `/index/getNft/${sold}`)).result;
    expect(detail).toMatchObject({ status: 'ended', outcome: 'sold', donated: '60' });
    expect((await server.call(null, 'GET', `/index/getNft/${unsold}`)).result).toMatchObject({
      outcome: 'unsold',
      donated: '0',
    });
    expect(await server.balance(ben.userId)).toEqual({ available: '440', held: '0' });
    expect(await server.balance(ann.userId)).toEqual({ available: '500', held: '0' });
    expect(await server.services.ledger.platformBalance('platform_charity', 'USDT')).toBe('60');

    // The settlement's notifications reach the customers once pushed from the outbox.
    const won = await server.call(ben, 'GET', '/user/notifications');
    expect(won.result.items.map((n: { kind: string }) => n.kind)).toContain('nft.won');
    const lost = await server.call(ann, 'GET', '/user/notifications');
    expect(lost.result.items.map((n: { kind: string }) => n.kind)).toContain('nft.lost');
    // The outbox pushes them (and the public settled event) after the commit, on the leader's next pass.
    await server.clock.advance(5_000);
    await after.runDue();
    expect(pushedByRestart).toContainEqual({ userId: ben.userId, kind: 'nft.won' });
    expect(pushedByRestart).toContainEqual({ userId: ann.userId, kind: 'nft.lost' });
    expect(publicByRestart).toContainEqual(
      expect.objectContaining({ type: 'nft.settled', nftId: sold, outcome: 'sold' }),
    );
    await after.lifecycle.stop();
    await server.check();
  });

  it('makes the donation total the sum of the winning bids, from the ledger', async () => {
    const ids = [
      await server.list({ minutes: 5 }),
      await server.list({ minutes: 5 }),
      await server.list({ minutes: 5 }),
    ];
    const bidders = [await server.funded('1000'), await server.funded('1000')];
    const winning = ['100', '157.5', '210'];
    for (const [i, id] of ids.entries()) {
      const amounts = i === 0 ? ['100'] : i === 1 ? ['150', '157.5'] : ['200', '210'];
      for (const [j, amount] of amounts.entries()) {
        expect((await server.bid(bidders[j % 2]!, id, amount)).code).toBe('200');
      }
    }
    server.clock.jump(server.clock.now() + 6 * MINUTE);
    await server.scheduler.runDue();
    const list = await server.call(null, 'GET', '/index/nftDonations');
    const sold = await server.call(null, 'GET', '/index/listNft?status=ended');
    const prices = sold.result.items
      .filter((n: { outcome: string }) => n.outcome === 'sold')
      .reduce((sum: Money, n: { currentBid: string }) => sum.plus(n.currentBid), new Money(0));
    expect(list.result.total).toBe(prices.toFixed());
    expect(list.result.total).toBe(await server.services.ledger.platformBalance('platform_charity', 'USDT'));
    expect(sold.result.totalDonated).toBe(list.result.total);
    for (const [i, id] of ids.entries()) {
      const item = list.result.items.find((d: { nftId: string }) => d.nftId === id);
      expect(item).toMatchObject({ amount: winning[i], winner: expect.stringContaining('***') });
      expect(item.ledgerReference).toMatch(/^[0-9]+$/);
    }
    await server.check();
  });
});
