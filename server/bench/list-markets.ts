/**
 * Benchmark: `GET /swx/customer/index/listMarketAll` against a real listening server in a child process.
 * Worst case for the answer's size: a benchmark-only feed (the simulator with every market treated as open)
 * first publishes 100 ticks per market at once, so every market has a price and a full `hundred`, then
 * ticks every market once a second (about twice the product's rate), so the cached answer is rebuilt every
 * 250 ms while the load runs.
 * Loopback only, bounded in time.
 *
 *   pnpm --dir server exec tsx bench/list-markets.ts [--seconds 10] [--connections 50]
 *
 * Set DATABASE_URL to run the server on PostgreSQL instead of in-memory PGlite.
 */
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createServices } from '../src/services';
import { buildApp } from '../src/app';
import { SimulatedFeed } from '../src/markets/feed/simulated';
import {
  TickListeners,
  type FeedMarket,
  type FeedResume,
  type FeedTick,
  type MarketFeed,
} from '../src/markets/feed/types';

/** The simulator, with every market open, that fills each market's `hundred` at start. Benchmark only. */
class FilledFeed implements MarketFeed {
  readonly kind = 'simulated' as const;
  private readonly simulator: SimulatedFeed;
  private readonly listeners = new TickListeners();
  private timer: NodeJS.Timeout | undefined;
  constructor(seed: number, markets: FeedMarket[]) {
    this.simulator = new SimulatedFeed({
      seed,
      markets: markets.map((m) => ({ ...m, isOpenAt: () => true })),
      tickProbability: 1,
    });
  }
  onTicks(listener: (ticks: FeedTick[]) => void) {
    return this.listeners.add(listener);
  }
  start(resume: FeedResume) {
    this.simulator.resume(resume);
    const start = Date.now();
    for (let i = 0; i < 100; i++) this.listeners.emit(this.simulator.step(start));
    this.timer = setInterval(() => this.listeners.emit(this.simulator.step(Date.now())), 1000);
  }
  stop() {
    clearInterval(this.timer);
  }
}

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

/** Child role: a production-like server on an ephemeral loopback port; prints `READY <port>`. */
async function serve(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: 'memory://',
    // A throwaway database: a throwaway identity key (production refuses to start without one).
    IDENTITY_ENCRYPTION_KEY: process.env.IDENTITY_ENCRYPTION_KEY ?? crypto.randomBytes(32).toString('hex'),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: 'memory://' });
  const services = await createServices(config, database, pino({ level: 'warn' }));
  const app = await buildApp(services);
  services.markets.useFeed(new FilledFeed(config.marketFeedSeed, services.markets.feedMarkets()));
  await app.listen({ port: 0, host: '127.0.0.1' });
  for (const part of services.lifecycle) await part.start();
  const address = app.server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
  // CPU time used so far (µs): lets the benchmark state the server's cost per request, which other load on
  // the machine does not distort the way it distorts requests per second.
  setInterval(() => {
    const cpu = process.cpuUsage();
    process.stdout.write(`CPU ${cpu.user + cpu.system}\n`);
  }, 100).unref();
  process.on('SIGTERM', () => process.exit(0));
}

let serverCpuMicros = 0;

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', __filename, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /READY (\d+)/.exec(buffer);
      if (match) resolve({ child, port: Number(match[1]) });
      const cpu = /CPU (\d+)\n(?![\s\S]*CPU \d+\n)/.exec(buffer);
      if (cpu) serverCpuMicros = Number(cpu[1]);
      buffer = buffer.slice(Math.max(0, buffer.lastIndexOf('\n') + 1));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function main(): Promise<void> {
  const seconds = option('seconds', 10);
  const connections = option('connections', 50);
  const { child, port } = await startServer();
  try {
    const base = `http://127.0.0.1:${port}/swx/customer/index/listMarketAll`;
    // Warm-up: JIT and the first writes of the filled history.
    await autocannon({ url: base, connections: 10, duration: 3, headers: { 'accept-encoding': 'gzip' } });
    for (const [label, url] of [
      ['all markets', base],
      ['?type=2&type=6', `${base}?type=2&type=6`],
    ] as const) {
      // Browsers always offer gzip; the server keeps a compressed copy of each answer.
      const cpuBefore = serverCpuMicros;
      const result = await autocannon({
        url,
        connections,
        duration: seconds,
        headers: { 'accept-encoding': 'gzip' },
      });
      await new Promise((resolve) => setTimeout(resolve, 200)); // the next CPU report
      const cpuMicrosPerRequest = (serverCpuMicros - cpuBefore) / Math.max(1, result.requests.total);
      process.stdout.write(
        JSON.stringify({
          bench: 'listMarketAll',
          query: label,
          connections,
          seconds,
          requestsPerSecond: Math.round(result.requests.average),
          latencyMsP50: result.latency.p50,
          latencyMsP99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
          bytesPerResponse: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
          serverCpuMicrosPerRequest: Math.round(cpuMicrosPerRequest),
          // What one fully available core would serve at that cost.
          serverRequestsPerCoreSecond: Math.round(1e6 / Math.max(1, cpuMicrosPerRequest)),
          loadAverage: os.loadavg()[0]!.toFixed(1),
        }) + '\n',
      );
    }
  } finally {
    child.kill('SIGTERM');
  }
}

if (process.argv.includes('--serve')) {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
