import fc from 'fast-check';
import { Money } from '../../ledger/accounts';
import type { SignedUpCustomer } from '../../auth/testing';
import { MINUTE, nftServer, type NftTestServer } from './helpers';
import { propertyRuns } from '../../test/property-runs';

/**
 * Any sequence of bids and clock moves on an auction leaves exactly one hold for it while it lives (the
 * highest bid, held by its bidder) and none once it is settled.
 */
let server: NftTestServer;
let pool: SignedUpCustomer[];
beforeAll(async () => {
  server = await nftServer();
  pool = [await server.funded('1000000'), await server.funded('1000000'), await server.funded('1000000')];
}, 400_000);
afterAll(async () => {
  await server.close();
});

const step = fc.oneof(
  fc.record({
    kind: fc.constant('bid' as const),
    who: fc.integer({ min: 0, max: 2 }),
    raise: fc.integer({ min: 0, max: 30 }),
  }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 8 }) }),
);

async function heldByPool(): Promise<Money[]> {
  return Promise.all(pool.map(async (c) => new Money((await server.balance(c.userId)).held)));
}

it('keeps one hold per live auction, equal to the highest bid, and none after settlement', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
      const nftId = await server.list({ minutes: 15, startingBid: '10' });
      for (const s of steps) {
        if (s.kind === 'wait') {
          await server.clock.advance(s.minutes * MINUTE);
          await server.scheduler.runDue();
        } else {
          const detail = (await server.call(null, 'GET', `/index/getNft/${nftId}`)).result;
          const amount = new Money(detail.nextMinimumBid).plus(s.raise).toFixed();
          await server.bid(pool[s.who]!, nftId, amount);
        }
        const detail = (await server.call(null, 'GET', `/index/getNft/${nftId}`)).result;
        const held = await heldByPool();
        const holders = held.filter((h) => h.gt(0));
        if (detail.outcome === null && detail.currentBid !== null) {
          expect(holders).toHaveLength(1);
          expect(holders[0]!.toFixed()).toBe(detail.currentBid);
        } else {
          expect(holders).toHaveLength(0);
        }
      }
      // Past any extension: settled, nothing held.
      await server.clock.advance(3 * 60 * MINUTE);
      await server.scheduler.runDue();
      const settled = (await server.call(null, 'GET', `/index/getNft/${nftId}`)).result;
      expect(settled.status).toBe('ended');
      expect(settled.outcome).not.toBeNull();
      for (const h of await heldByPool()) expect(h.toFixed()).toBe('0');
    }),
    { numRuns: propertyRuns(12) },
  );
  await server.check();
});
