import { errors } from '@swx/shared/contract';
import { Money } from '../../ledger/accounts';
import { nftServer, type NftTestServer } from './helpers';

/**
 * 50 bids on one NFT at once. On PostgreSQL (TEST_DATABASE_URL) they truly race; on PGlite they queue. Either
 * way: accepted bids rise by at least the increment in the order they were taken (one winner per price
 * level), only the highest bid is held, and every customer's money is still all there.
 */
let server: NftTestServer;
beforeAll(async () => {
  server = await nftServer();
}, 400_000);
afterAll(async () => {
  await server.close();
});

it('takes 50 parallel bids: one winner per price level, only the highest held, nothing lost', async () => {
  const nftId = await server.list({ minutes: 120, startingBid: '100' });
  const customers = [];
  for (let i = 0; i < 50; i += 1) customers.push(await server.funded('10000'));
  // Ten price levels, five bidders on each: at most one bid per level can be accepted.
  const levels = Array.from({ length: 10 }, (_, i) =>
    new Money(100).times(new Money(1.05).pow(i)).toDecimalPlaces(2, Money.ROUND_UP),
  );
  const answers = await Promise.all(
    customers.map((customer, i) => server.bid(customer, nftId, levels[i % 10]!.toFixed())),
  );
  for (const answer of answers) expect(['200', errors.nftBidTooLow]).toContain(answer.code);
  const accepted = answers.filter((a) => a.code === '200').map((a) => a.result.bid);
  const amounts = accepted.map((bid) => bid.amount as string);
  expect(new Set(amounts).size).toBe(amounts.length);

  const detail = (await server.call(null, 'GET', `/index/getNft/${nftId}`)).result;
  expect(detail.bidCount).toBe(accepted.length);
  // In the order they were taken (bid ids), each beats the previous by the increment.
  const taken = [...detail.bids].sort((a, b) => Number(a.id) - Number(b.id));
  for (let i = 1; i < taken.length; i += 1) {
    expect(new Money(taken[i].amount).gte(new Money(taken[i - 1].amount).times('1.05'))).toBe(true);
  }
  let held = new Money(0);
  let total = new Money(0);
  for (const customer of customers) {
    const balance = await server.balance(customer.userId);
    held = held.plus(balance.held);
    total = total.plus(balance.available).plus(balance.held);
  }
  expect(held.toFixed()).toBe(detail.currentBid);
  expect(total.toFixed()).toBe('500000');
  await server.check();
});
