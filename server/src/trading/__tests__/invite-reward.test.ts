import { sql } from 'drizzle-orm';
import { signUpCustomer } from '../../auth/testing';
import { customerAccount, platformAccount } from '../../ledger/accounts';
import { tradingServer, type TradingTestServer } from './helpers';

// The inviter earns the invite_reward_rate (10 %) share of a friend's trading fees, paid from the platform
// fees account in the fee's own transaction, on real accounts only, once per fee.
let server: TradingTestServer;
beforeAll(async () => {
  server = await tradingServer();
  await server.tick('BTCUSDT', '100000.00');
});
afterAll(async () => server.close());

async function fundReal(userId: string, amount: string) {
  await server.database.db.transaction((tx) =>
    server.services.ledger.transfer(tx, {
      type: 'deposit',
      reference: { type: 'test', id: userId },
      legs: [
        { account: platformAccount('platform_external_custody', 'USDT'), amount: `-${amount}` },
        { account: customerAccount(userId, 'real', 'USDT'), amount },
      ],
    }),
  );
}

const realUsdt = async (userId: string) =>
  (await server.services.ledger.balances(userId, 'real')).USDT?.available ?? '0';

it('pays the inviter a share of a real spot fee and of a margin position’s opening and closing fees', async () => {
  const inviter = await signUpCustomer(server);
  const friend = await signUpCustomer(server, { inviteCode: inviter.inviteCode });
  await fundReal(friend.userId, '20000');
  const trading = server.services.trading;
  const real = { userId: friend.userId, mode: 'real' as const };

  // 0.1 BTC at 100,000 = 10,000 USDT traded; fee 0.1 % = 10; reward 10 % of it = 1.
  await trading.spot.submit(real, { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '0.1' });
  expect(await realUsdt(inviter.userId)).toBe('1');

  // A margin position pays its fee twice (open and close), and the reward follows each.
  const position = await trading.margin.buy(real, {
    code: 'BTCUSDT',
    direction: 'long',
    lots: '0.05',
    leverage: 2,
    orderType: 'market',
  });
  const afterOpen = await realUsdt(inviter.userId);
  expect(Number(afterOpen)).toBeGreaterThan(1);
  await trading.margin.close(real, position.id);
  expect(Number(await realUsdt(inviter.userId))).toBeGreaterThan(Number(afterOpen));
  expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
});

it('pays nothing for demo trading or for a customer nobody invited', async () => {
  const inviter = await signUpCustomer(server);
  const friend = await signUpCustomer(server, { inviteCode: inviter.inviteCode });
  const loner = await signUpCustomer(server);
  await fundReal(loner.userId, '20000');
  const trading = server.services.trading;
  await trading.spot.submit(
    { userId: friend.userId, mode: 'demo' },
    { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '0.1' },
  );
  await trading.spot.submit(
    { userId: loner.userId, mode: 'real' },
    { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '0.1' },
  );
  expect(await realUsdt(inviter.userId)).toBe('0');
  expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
});

it('pays each reward once when friends’ market orders are filled together in one batch', async () => {
  const inviter = await signUpCustomer(server);
  const friends = [];
  for (let i = 0; i < 3; i++) {
    const friend = await signUpCustomer(server, { inviteCode: inviter.inviteCode });
    await fundReal(friend.userId, '20000');
    friends.push({ userId: friend.userId, mode: 'real' as const });
  }
  const loner = await signUpCustomer(server);
  await fundReal(loner.userId, '20000');
  const trading = server.services.trading;
  const rewards = jest.spyOn(server.services.invites, 'rewardForFees');
  // Six orders at once: each friend buys spot (fee 10) and opens a margin position (fee 0.1 % of 5,000 = 5).
  const orders = [...friends, { userId: loner.userId, mode: 'real' as const }].flatMap((customer) => [
    trading.spot.submit(customer, { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '0.1' }),
    trading.margin.buy(customer, {
      code: 'BTCUSDT',
      direction: 'long',
      lots: '0.05',
      leverage: 2,
      orderType: 'market',
    }),
  ]);
  const filled = await Promise.all(orders);
  expect(filled).toHaveLength(8);
  // They were rewarded together, not one query round per order.
  expect(rewards.mock.calls.some((call) => (call[1] as unknown[]).length > 1)).toBe(true);
  rewards.mockRestore();
  // 3 friends × (1 + 0.5): the loner's fees earn nothing.
  expect(await realUsdt(inviter.userId)).toBe('4.5');
  const result = await server.database.db.execute(
    sql`select count(*)::int as count from invite_rewards where inviter_user_id = ${inviter.userId}::bigint`,
  );
  const { count } = (result as unknown as { rows: { count: number }[] }).rows[0]!;
  expect(count).toBe(6);
  expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
});
