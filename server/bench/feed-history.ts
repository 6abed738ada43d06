/**
 * Benchmark: the simulated feed's generated past on a fresh database, as the feed leader does it on its first
 * start (`markets/history.ts`): generate every listed market's past, store the plan and each market's last
 * 100 ticks, then store the candles in batches. Meanwhile a trivial query runs every 20 ms ("longest query
 * wait") and the event loop's delay is sampled: PGlite runs in this thread, so its statements hold up every
 * request while they run, and the largest delay says how long a request could wait behind one batch.
 *
 *   pnpm --dir server exec tsx bench/feed-history.ts [--days 90] [--batch 5000]
 *   DATABASE_URL=postgres://... pnpm --dir server exec tsx bench/feed-history.ts
 *
 * Without DATABASE_URL it uses a PGlite data directory in a temporary folder (on disk, as the product does),
 * removed afterwards. With DATABASE_URL it needs an empty database (migrations run; no stored prices).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { listedFeedMarkets } from '../src/markets/catalogue';
import { HISTORY_BATCH_ROWS, prepareSimulatedHistory } from '../src/markets/history';
import { rowsOf } from '../src/db/rows';

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

async function main(): Promise<void> {
  const days = argument('days', 90);
  const batchRows = argument('batch', HISTORY_BATCH_ROWS);
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = databaseUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'swx-bench-history-'));
  const database = await openDatabase({ databaseUrl, dataDir });
  const markets = listedFeedMarkets();
  const eventLoop = monitorEventLoopDelay({ resolution: 10 });
  eventLoop.enable();
  let longestWait = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const asked = performance.now();
      await database.db.execute(sql`select 1`);
      longestWait = Math.max(longestWait, performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const started = performance.now();
    const prepared = await prepareSimulatedHistory(database.db, {
      seed: 20260101,
      markets,
      days,
      now: Date.now(),
    });
    if (!prepared) throw new Error('the database already holds prices or a history: use an empty one');
    const generated = performance.now();
    const prepareDelayMaxMs = Math.round(eventLoop.max / 1e6);
    eventLoop.reset();
    const progress = await prepared.writeCandles(() => true, batchRows);
    const stored = performance.now();
    probing = false;
    await probe;
    const counted = rowsOf<{ candles: number; ticks: number }>(
      await database.db.execute(
        sql`select (select count(*) from market_candles_1m)::int as candles, (select count(*) from market_ticks)::int as ticks`,
      ),
    )[0]!;
    process.stdout.write(
      JSON.stringify(
        {
          database: database.kind,
          markets: markets.length,
          days,
          generateAndPlanMs: Math.round(generated - started),
          candleRows: progress.rows,
          batchRows,
          batches: progress.batches,
          storeCandlesMs: Math.round(stored - generated),
          candleRowsPerSecond: Math.round(progress.rows / ((stored - generated) / 1000)),
          totalMs: Math.round(stored - started),
          longestQueryWaitMs: Math.round(longestWait),
          eventLoopDelayMaxWhileGeneratingMs: prepareDelayMaxMs,
          eventLoopDelayMaxWhileStoringMs: Math.round(eventLoop.max / 1e6),
          eventLoopDelayP99WhileStoringMs: Math.round(eventLoop.percentile(99) / 1e6),
          storedCandles: counted.candles,
          storedTicks: counted.ticks,
          cpus: os.cpus().length,
          loadAverage: os.loadavg().map((load) => load.toFixed(2)),
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    probing = false;
    await probe;
    await database.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
