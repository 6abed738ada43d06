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
 * refuses any host but loopback (a Unix socket, `?host=/var/run/postgresql`, is loopback too). The load
 * generator is wrk (Debian's `wrk`, with `bench/trading-orders.lua`) when installed, else autocannon in a
 * child process (BENCH_LOAD=autocannon forces it). wrk is written in C and needs a fraction of the CPU
 * autocannon does, which on a 2-core machine shared by generator, server and database matters. Settings: BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (an unmeasured run first, default 2), BENCH_CONNECTIONS (default 32),
 * BENCH_CUSTOMERS (default 40), BENCH_MODE (`demo`, the default, or `real`: customers funded by a real
 * deposit, every second one invited by the first, so half the orders also pay an invite reward; with
 * BENCH_INVITES=0 nobody is invited), BENCH_LOG_LEVEL (the server's log level, default `silent`; production's is
 * `info`, two lines per request on the server's standard output, which the caller sends wherever it likes).
 *
 * Besides throughput and latency it prints the server process's CPU time per order, a figure that depends
 * far less on what else the machine is doing. BENCH_COUNT_QUERIES=1 also counts the statements sent to
 * PostgreSQL during the measured run, per order and by kind (the first words of each).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, fork } from 'node:child_process';
import pg from 'pg';
import pino from 'pino';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createServices } from '../src/services';
import { buildApp } from '../src/app';
import { signUpCustomer } from '../src/auth/testing';
import { customerAccount, platformAccount } from '../src/ledger/accounts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// A short unmeasured run first: the JIT, the pool's connections and the schemas compiled on first use.
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 40);
const mode = process.env.BENCH_MODE === 'real' ? 'real' : 'demo';
// Real accounts are held to the crypto leverage cap (2 by default); demo ones may use the market's list.
const leverage = mode === 'real' ? 2 : 10;
// BENCH_INVITES=0: real customers nobody invited, so no order pays an invite reward.
const invited = process.env.BENCH_INVITES !== '0';
const wrkPath = '/usr/bin/wrk';
const generator = process.env.BENCH_LOAD !== 'autocannon' && fs.existsSync(wrkPath) ? 'wrk' : 'autocannon';

async function load(): Promise<void> {
  const url = process.env.BENCH_URL!;
  const tokens = JSON.parse(process.env.BENCH_TOKENS!) as string[];
  const round = Number(process.env.BENCH_ROUND ?? 0);
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    duration: Number(process.env.BENCH_DURATION),
    requests: [
      {
        method: 'POST',
        path: '/swx/customer/order/buyU',
        setupRequest: (request) => {
          n++;
          // As in trading-orders.lua: each customer's forms are distinct for 500 orders in a row (the same form
          // within 10 s is a repeat), lots a multiple of BTCUSDT's size step, the measured run 200 forms on.
          const c = Math.floor(n / tokens.length) + 200 * round;
          const lots = ((1 + (c % 250)) / 10_000).toFixed(4);
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[n % tokens.length]!}`,
              virtually: process.env.BENCH_MODE === 'real' ? 'YES' : 'NO',
            },
            body: JSON.stringify({
              code: 'BTCUSDT',
              direction: Math.floor(c / 250) % 2 ? 'short' : 'long',
              lots,
              leverage,
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

/** One load run: the warm-up is round 0, the measured run round 1. */
interface Round {
  index: number;
  seconds: number;
}

/** autocannon in a child process, so it does not share the server's event loop. */
async function loadWithAutocannon(address: string, tokens: string[], round: Round): Promise<unknown> {
  const child = fork(__filename, [], {
    env: {
      ...process.env,
      BENCH_ROLE: 'load',
      BENCH_URL: address,
      BENCH_TOKENS: JSON.stringify(tokens),
      BENCH_ROUND: String(round.index),
      BENCH_DURATION: String(round.seconds),
    },
  });
  try {
    return await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('error', reject);
    });
  } finally {
    child.kill();
  }
}

/** wrk with one thread; its Lua script builds each request and prints the summary as JSON. */
async function loadWithWrk(address: string, tokens: string[], round: Round): Promise<unknown> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-bench-'));
  const tokensFile = path.join(dir, 'tokens');
  fs.writeFileSync(tokensFile, tokens.join('\n'));
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        wrkPath,
        [
          '-t1',
          `-c${connections}`,
          `-d${round.seconds}s`,
          '--timeout',
          '10s',
          '-s',
          path.join(__dirname, 'trading-orders.lua'),
          address,
        ],
        {
          env: {
            ...process.env,
            BENCH_TOKENS_FILE: tokensFile,
            BENCH_ROUND: String(round.index),
            BENCH_VIRTUALLY: mode === 'real' ? 'YES' : 'NO',
            BENCH_LEVERAGE: String(leverage),
          },
        },
        (error, out) => (error ? reject(error) : resolve(out)),
      );
    });
    const summary = stdout.trim().split('\n').pop()!;
    return JSON.parse(summary) as unknown;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Counts the statements node-postgres sends while it runs, grouped by their first words. */
function countQueries(): { stop(): void; perOrder(orders: number): Record<string, number> } {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const counts = new Map<string, number>();
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '?');
    const kind = text.replace(/\s+/g, ' ').trim().slice(0, 48);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    return original.apply(this, args);
  };
  return {
    stop: () => {
      prototype.query = original;
    },
    perOrder: (orders) => {
      const all = [...counts.values()].reduce((a, b) => a + b, 0);
      const rows: [string, number][] = [['(all)', all], ...[...counts].sort((a, b) => b[1] - a[1])];
      return Object.fromEntries(rows.map(([k, n]) => [k, Number((n / orders).toFixed(3))]));
    },
  };
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
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
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
    let inviteCode: string | undefined;
    for (let i = 0; i < customerCount; i++) {
      const customer = await signUpCustomer(
        { app, services },
        mode === 'real' && invited && i % 2 === 1 && inviteCode ? { inviteCode } : {},
      );
      tokens.push(customer.token);
      if (i === 0) inviteCode = customer.inviteCode;
      if (mode === 'real') {
        // A real deposit, posted as the cashier's approval posts it.
        await database.db.transaction((tx) =>
          services.ledger.transfer(tx, {
            type: 'deposit',
            reference: { type: 'bench', id: customer.userId },
            legs: [
              { account: platformAccount('platform_external_custody', 'USDT'), amount: '-1000000' },
              { account: customerAccount(customer.userId, 'real', 'USDT'), amount: '1000000' },
            ],
          }),
        );
      }
    }
    const run = (round: Round) =>
      generator === 'wrk' ? loadWithWrk(address, tokens, round) : loadWithAutocannon(address, tokens, round);
    if (warmupSeconds > 0) await run({ index: 0, seconds: warmupSeconds });
    const counter = process.env.BENCH_COUNT_QUERIES === '1' ? countQueries() : undefined;
    const cpuBefore = process.cpuUsage();
    const result = await run({ index: 1, seconds });
    const cpu = process.cpuUsage(cpuBefore);
    counter?.stop();
    const requests = (result as { requests: number }).requests;
    const check = await services.ledger.check();
    console.warn(
      JSON.stringify(
        {
          database: database.kind,
          seconds,
          warmupSeconds,
          connections,
          customers: customerCount,
          mode,
          ...(mode === 'real' ? { invited } : {}),
          generator,
          ...(result as object),
          serverCpuMsPerOrder: Number(((cpu.user + cpu.system) / 1000 / requests).toFixed(3)),
          ...(counter ? { queries: counter.perOrder(requests) } : {}),
          ledgerOk: check.ok,
          node: process.version,
        },
        null,
        2,
      ),
    );
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
