/**
 * Smart-plan payout run: N running plans fall due at once (a day's earning time, or a restart after
 * downtime); how long one payout run takes to pay them all, and whether the ledger check is clean afterwards.
 *
 *   BENCH_PLANS=2000 pnpm --dir server exec tsx bench/plans-payout.ts                  # PGlite, in memory
 *   bash scripts/postgres.sh --durable   # prints DATABASE_URL of the crash-safe cluster
 *   DATABASE_URL=postgres://…@127.0.0.1:…/postgres BENCH_PLANS=100000 \
 *     pnpm --dir server exec tsx bench/plans-payout.ts                                 # the published figure
 *
 * On PostgreSQL it creates a scratch database next to the one in DATABASE_URL and drops it afterwards; it
 * refuses any host but loopback. Settings: BENCH_PLANS (default 100000), BENCH_DUE_CYCLES (cycles due per
 * plan in the run, default 1; 3 stands for three days of downtime). Target (issue 13): 100,000 plans in
 * ≤ 60 s on PostgreSQL with durable settings.
 *
 * Set-up is not timed: the principals are put straight into the customers' held funds by ledger entries
 * from external custody (what purchases would have left there), the plans rows are inserted in bulk, and
 * the reserve is funded through the service, as staff do.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createServices } from '../src/services';
import { Money, customerAccount, platformAccount } from '../src/ledger/accounts';
import { plans } from '../src/plans/tables';

const planCount = Number(process.env.BENCH_PLANS ?? 100_000);
const dueCycles = Number(process.env.BENCH_DUE_CYCLES ?? 1);
const principal = '1000';
const dailyRate = '0.0007';
const dailyIncome = '0.7';
const days = 30;
const SETUP_BATCH = 2_000;

async function openBenchDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
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
    url: server.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function main() {
  const { database, url, drop } = await openBenchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-bench-plans-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  config.databaseUrl = url;
  const services = await createServices(config, database, pino({ level: 'silent' }));
  const { plans: planService, ledger } = services;
  try {
    const [product] = await planService.catalogue.list();
    const interval = product!.earningIntervalSeconds;
    const now = Date.now();
    const startedAt = new Date(now - dueCycles * interval * 1000 - 1_000);
    const setupStarted = performance.now();
    for (let first = 1; first <= planCount; first += SETUP_BATCH) {
      const users = Array.from({ length: Math.min(SETUP_BATCH, planCount - first + 1) }, (_, i) => first + i);
      await database.db.transaction(async (tx) => {
        await ledger.transferMany(
          tx,
          users.map((user) => ({
            type: 'bench_principal',
            legs: [
              {
                account: platformAccount('platform_external_custody', 'USDT', 'real'),
                amount: new Money(principal).plus(1).neg().toFixed(),
              },
              { account: customerAccount(String(user), 'real', 'USDT', 'customer_held'), amount: principal },
              // One USDT available too: a real customer's available account exists from registration on.
              { account: customerAccount(String(user), 'real', 'USDT'), amount: '1' },
            ],
          })),
        );
        await tx.insert(plans).values(
          users.map((user) => ({
            userId: BigInt(user),
            productId: BigInt(product!.id),
            productCode: product!.code,
            productName: product!.name,
            underlying: product!.underlying,
            currency: 'USDT',
            days,
            amount: principal,
            dailyRate,
            dailyIncome,
            exitDamagesRate: product!.exitDamagesRate,
            earningIntervalSeconds: interval,
            quoteId: `bench-${user}`,
            startedAt,
            nextEarningAt: new Date(startedAt.getTime() + interval * 1000),
            expiresAt: new Date(startedAt.getTime() + days * interval * 1000),
          })),
        );
      });
    }
    await database.db.transaction((tx) =>
      ledger.transfer(tx, {
        type: 'plan_reserve_funding',
        memo: 'bench reserve',
        legs: [
          { account: platformAccount('platform_capital', 'USDT', 'real'), amount: `-${planCount * 21}` },
          {
            account: platformAccount('platform_plan_payouts', 'USDT', 'real'),
            amount: String(planCount * 21),
          },
        ],
      }),
    );
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    const started = performance.now();
    const result = await planService.payDue(now);
    const runSeconds = (performance.now() - started) / 1000;
    const again = await planService.payDue(now);
    const check = await ledger.check();
    const counted = await database.db.execute(sql`select count(*)::int as n from plan_payouts`);
    const [paid] = (counted as unknown as { rows: { n: number }[] }).rows;
    process.stdout.write(
      `${JSON.stringify(
        {
          database: database.kind,
          plans: planCount,
          dueCycles,
          setupSeconds: Number(setupSeconds.toFixed(1)),
          runSeconds: Number(runSeconds.toFixed(2)),
          plansPerSecond: Math.round(planCount / runSeconds),
          paid: result,
          payoutRows: paid?.n,
          secondRunPaid: again,
          ledgerCheck: check,
          cores: os.cpus().length,
        },
        null,
        2,
      )}\n`,
    );
    if (!check.ok || result.payouts !== planCount * dueCycles || again.payouts !== 0) process.exitCode = 1;
  } finally {
    for (const part of [...services.lifecycle].reverse())
      await Promise.resolve(part.stop()).catch(() => undefined);
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
