/**
 * Ledger throughput: transfers per second between many customers, each with a fee to one platform account.
 *
 *   pnpm --dir server exec tsx bench/ledger-throughput.ts                      # PGlite, in memory
 *   DATABASE_URL=postgres://swx:swx@127.0.0.1:55432/postgres \
 *     pnpm --dir server exec tsx bench/ledger-throughput.ts                    # PostgreSQL on loopback
 *
 * On PostgreSQL it creates a scratch database next to the one in DATABASE_URL and drops it afterwards; it
 * refuses any host but loopback. Settings: BENCH_SECONDS (per scenario, default 10), BENCH_CONCURRENCY
 * (default 16), BENCH_CUSTOMERS (default 1000).
 *
 * Two scenarios, same code path: `platform fee` posts the fee to the platform fees account, which keeps no
 * running balance (the design); `hot row` posts it to one account that does (a customer account standing in
 * for a house account with a balance row), to show what a single row updated by every transfer costs.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { isAppError } from '../src/http/errors';
import { Ledger } from '../src/ledger/service';
import { Money, customerAccount, platformAccount, type AccountRef } from '../src/ledger/accounts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 1000);
const houseUser = String(customers + 1);

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openDatabase({ dataDir: 'memory://' }), drop: async () => {} };
  const server = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(server.hostname)) {
    throw new Error(`refusing to benchmark a non-loopback database (${server.hostname})`);
  }
  const name = `swx_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  server.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: server.toString() });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function scenario(database: Database, ledger: Ledger, name: string, feeAccount: AccountRef) {
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let refused = 0;
  let failed = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const from = String(1 + crypto.randomInt(customers));
      let to = String(1 + crypto.randomInt(customers));
      if (to === from) to = String((Number(from) % customers) + 1);
      const amount = new Money(crypto.randomInt(100, 10_000)).div(100);
      const fee = amount.mul('0.001');
      const started = performance.now();
      try {
        await database.db.transaction((tx) =>
          ledger.transfer(tx, {
            type: 'bench_transfer',
            legs: [
              { account: customerAccount(from, 'real', 'USDT'), amount: amount.add(fee).neg().toFixed() },
              { account: customerAccount(to, 'real', 'USDT'), amount: amount.toFixed() },
              { account: feeAccount, amount: fee.toFixed() },
            ],
          }),
        );
        latencies.push(performance.now() - started);
      } catch (error) {
        if (isAppError(error)) refused++;
        else {
          failed++;
          if (failed === 1) console.error(error);
        }
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario: name,
    transfers: latencies.length,
    perSecond: Math.round(latencies.length / elapsed),
    p50ms: Number(percentile(latencies, 50).toFixed(1)),
    p99ms: Number(percentile(latencies, 99).toFixed(1)),
    refused,
    failed,
  };
}

async function main() {
  const { database, drop } = await openBenchDatabase();
  try {
    // The demo grant plays no part here (all transfers are real money); the seed's default stands in.
    const ledger = await Ledger.create(database.db, { demoInitialBalance: () => '100000' });
    for (let first = 1; first <= customers + 1; first += 100) {
      await database.db.transaction(async (tx) => {
        for (let user = first; user < Math.min(first + 100, customers + 2); user++) {
          await ledger.openCustomerAccounts(tx, String(user));
          await ledger.transfer(tx, {
            type: 'deposit',
            legs: [
              { account: platformAccount('platform_external_custody', 'USDT'), amount: '-1000000' },
              { account: customerAccount(String(user), 'real', 'USDT'), amount: '1000000' },
            ],
          });
        }
      });
    }
    const results = [
      await scenario(database, ledger, 'platform fee', platformAccount('platform_fees', 'USDT')),
      await scenario(database, ledger, 'hot row', customerAccount(houseUser, 'real', 'USDT')),
    ];
    const started = performance.now();
    const check = await ledger.check();
    const checkMs = Math.round(performance.now() - started);
    console.warn(
      JSON.stringify(
        {
          database: database.kind,
          node: process.version,
          cpus: os.cpus().length,
          loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
          seconds,
          concurrency,
          customers,
          results,
          check: { ok: check.ok, problems: check.problems.length, ms: checkMs },
        },
        null,
        2,
      ),
    );
    if (!check.ok) process.exitCode = 1;
  } finally {
    await database.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
