/**
 * The server half of the crash test (crash.test.ts): a full service graph with its lifecycles running on the
 * database given in the environment, a feed publishing ETHUSDT and BTCUSDT ticks every 10 ms, and orders
 * placed as fast as they are acknowledged. Each acknowledged order is printed as `ACK <kind> <id>` the moment
 * its transaction committed; the test kills this process with SIGKILL while they flow.
 */
import pino from 'pino';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createServices } from '../../services';
import { isAppError } from '../../http/errors';
import type { FeedTick, MarketFeed } from '../../markets/feed/types';

class SteadyFeed implements MarketFeed {
  readonly kind = 'simulated' as const;
  private listeners = new Set<(ticks: FeedTick[]) => void>();
  private timer: NodeJS.Timeout | undefined;
  onTicks(listener: (ticks: FeedTick[]) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  start({ lastSeq }: { lastSeq: number }) {
    let seq = lastSeq;
    let step = 0;
    this.timer = setInterval(() => {
      step++;
      // Prices cycle through a small range so options win, lose and tie and stops are reached.
      const eth = (3000 + ((step * 7) % 11) - 5).toFixed(2);
      const btc = (100000 + ((step * 13) % 41) * 100 - 2000).toFixed(2);
      const now = Date.now();
      const ticks = [
        { code: 'ETHUSDT', price: eth, time: now, seq: ++seq },
        { code: 'BTCUSDT', price: btc, time: now, seq: ++seq },
      ];
      for (const listener of this.listeners) listener(ticks);
    }, 10);
  }
  stop() {
    clearInterval(this.timer);
  }
}

async function main() {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const services = await createServices(config, database, pino({ level: 'silent' }));
  services.markets.useFeed(new SteadyFeed());
  for (const part of services.lifecycle) await part.start();
  while (!services.markets.latestTick('BTCUSDT')) await new Promise((r) => setTimeout(r, 10));
  const users = ['5100001', '5100002', '5100003'];
  await database.db.transaction(async (tx) => {
    for (const user of users) await services.ledger.openCustomerAccounts(tx, user);
  });
  process.stdout.write('READY\n');
  const t = services.trading;
  let n = 0;
  const worker = async (userId: string) => {
    const customer = { userId, mode: 'demo' as const };
    for (;;) {
      n++;
      try {
        if (n % 3 === 0) {
          const o = await t.options.buy(customer, {
            code: 'ETHUSDT',
            direction: n % 2 ? 'up' : 'down',
            amount: '10',
            period: 60,
          });
          process.stdout.write(`ACK option ${o.id}\n`);
        } else if (n % 3 === 1) {
          const p = await t.margin.buy(customer, {
            code: 'BTCUSDT',
            direction: n % 2 ? 'long' : 'short',
            lots: '0.01',
            leverage: 10,
            orderType: 'market',
          });
          process.stdout.write(`ACK margin ${p.id}\n`);
        } else {
          const s = await t.spot.submit(customer, {
            code: 'ETHUSDT',
            side: 'buy',
            orderType: 'market',
            quantity: '0.01',
          });
          process.stdout.write(`ACK spot ${s.id}\n`);
        }
      } catch (error) {
        if (!isAppError(error)) throw error;
      }
    }
  };
  await Promise.all(users.map(worker));
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
