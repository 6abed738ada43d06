/**
 * Market orders through HTTP: `POST /swx/customer/order/buyU` (market entry) from many customers at once,
 * the whole path (authentication, repeat guard, quote-free order, ledger entries, receipt) on a real server
 * listening on loopback.
 *
 *   pnpm --dir server exec tsx bench/trading-orders.ts                         # PGlite, in memory
 *   DATABASE_URL=postgres://swx:swx@127.0.0.1:55432/postgres \
 *     pnpm --dir server exec tsx bench/trading-orders.ts                       # PostgreSQL on loopback
 *
 * On PostgreSQL it creates a scratch database next to the one in DATABASE_URL and drops it afterwards; it
 * refuses any host but loopback. The load generator (autocannon) runs in a child process so it does not share
 * the server's event loop. Settings: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32),
 * BENCH_CUSTOMERS (default 40).
 */
import crypto from 'node:crypto';
import { fork } from 'node:child_process';
import pg from 'pg';
import pino from 'pino';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createServices } from '../src/services';
import { buildApp } from '../src/app';
import { signUpCustomer } from '../src/auth/testing';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 40);

async function load(): Promise<void> {
  const url = process.env.BENCH_URL!;
  const tokens = JSON.parse(process.env.BENCH_TOKENS!) as string[];
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/swx/customer/order/buyU',
        setupRequest: (request) => {
          n++;
          // A distinct payload per request: the same form from the same customer within 10 s is a repeat.
          const lots = `0.001${String(n).padStart(9, '0')}`;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[n % tokens.length]}`,
              virtually: 'NO',
            },
            body: JSON.stringify({
              code: 'BTCUSDT',
              direction: n % 2 ? 'long' : 'short',
              lots,
              leverage: 10,
              orderType: 'market',
            }),
          };
        },
      },
    ],
  });
  process.send!({
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    perSecond: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
  });
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  let drop = async () => {};
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const server = new URL(adminUrl);
    if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(server.hostname)) {
      throw new Error(`refusing to benchmark a non-loopback database (${server.hostname})`);
    }
    const name = `swx_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    server.pathname = `/${name}`;
    databaseUrl = server.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/swx-bench-trading',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
  const services = await createServices(config, database, pino({ level: 'silent' }));
  const app = await buildApp(services);
  // No rate limit on loopback benchmarking would be honest either way; the API's own limits apply.
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    services.markets.ingest([
      { code: 'BTCUSDT', price: '100000.00', time: Date.now(), seq: services.markets.state.lastSeq() + 1 },
    ]);
    const tokens: string[] = [];
    for (let i = 0; i < customerCount; i++) tokens.push((await signUpCustomer({ app, services })).token);
    const child = fork(__filename, [], {
      env: { ...process.env, BENCH_ROLE: 'load', BENCH_URL: address, BENCH_TOKENS: JSON.stringify(tokens) },
    });
    const result = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('error', reject);
    });
    const check = await services.ledger.check();
    console.warn(
      JSON.stringify(
        {
          database: database.kind,
          seconds,
          connections,
          customers: customerCount,
          ...(result as object),
          ledgerOk: check.ok,
          node: process.version,
        },
        null,
        2,
      ),
    );
    child.kill();
  } finally {
    await app.close();
    await database.close();
    await drop();
  }
}

if (process.env.BENCH_ROLE === 'load') void load();
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
