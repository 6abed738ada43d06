import { createTestServer, type TestServer } from '../../test/harness';
import { isAppError } from '../../http/errors';
import type { AccountMode } from '@swx/shared/contract';
import { customerAccount, platformAccount } from '../../ledger/accounts';
import type { FeedTick } from '../../markets/feed/types';
import type { Customer } from '..';

/** A test server whose trading clock the test moves, and every published tick recorded. */
export interface TradingTestServer extends TestServer {
  clock: { now: number };
  published: FeedTick[];
  events: { userId: string; event: Record<string, unknown> }[];
  /** Publishes a tick through the markets feed path and waits until the engine has acted on it. */
  tick(code: string, price: string, time?: number): Promise<FeedTick>;
  /** A customer with ledger accounts (demo: 100,000 USDT) and, when asked, real USDT. */
  customer(mode?: AccountMode, realUsdt?: string): Promise<Customer>;
}

let nextUser = 7_000_000;

export async function tradingServer(
  options: Parameters<typeof createTestServer>[0] = {},
): Promise<TradingTestServer> {
  const server = await createTestServer(options);
  return withHelpers(server);
}

export function withHelpers(server: TestServer): TradingTestServer {
  // Sunday 2026-11-22 12:00 UTC is outside stock and forex sessions; crypto trades 24/7.
  const clock = { now: Date.UTC(2026, 10, 22, 12, 0, 0) };
  const trading = server.services.trading;
  trading.now = () => clock.now;
  const published: FeedTick[] = [];
  const events: { userId: string; event: Record<string, unknown> }[] = [];
  const live = server.services.live;
  const original = live.publishAccountEvent.bind(live);
  live.publishAccountEvent = (userId, event) => {
    events.push({ userId, event });
    original(userId, event);
  };
  return Object.assign(server, {
    clock,
    published,
    events,
    async tick(code: string, price: string, time?: number) {
      const tick = { code, price, time: time ?? clock.now, seq: server.services.markets.state.lastSeq() + 1 };
      published.push(tick);
      server.services.markets.ingest([tick]);
      await trading.engine.idle();
      return tick;
    },
    async customer(mode: AccountMode = 'demo', realUsdt?: string) {
      const userId = String(nextUser++);
      await server.database.db.transaction(async (tx) => {
        await server.services.ledger.openCustomerAccounts(tx, userId);
        if (realUsdt) {
          await server.services.ledger.transfer(tx, {
            type: 'deposit',
            reference: { type: 'test', id: userId },
            legs: [
              { account: platformAccount('platform_external_custody', 'USDT'), amount: `-${realUsdt}` },
              { account: customerAccount(userId, 'real', 'USDT'), amount: realUsdt },
            ],
          });
        }
      });
      return { userId, mode };
    },
  });
}

/** The catalogue code of a refusal, or undefined when `work` succeeds. */
export async function refusal(work: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await work();
    return undefined;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

export async function usdt(
  server: TestServer,
  customer: Customer,
): Promise<{ available: string; held: string }> {
  return (
    (await server.services.ledger.balances(customer.userId, customer.mode)).USDT ?? {
      available: '0',
      held: '0',
    }
  );
}
