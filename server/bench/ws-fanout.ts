/**
 * Benchmark: `/message` fan-out. A server (child process) runs a benchmark feed of 100 markets ticking 10×/s
 * each (the 48 listed markets plus 52 benchmark-only markets in its throwaway database, all treated as open);
 * a load generator (another child process) opens N websocket clients on loopback and measures, for every
 * price item a sampled client (every tenth) receives, tick-to-client latency = receive time − the tick's
 * feed time (both processes read the same clock). Without `--subscribe`, the other clients complete the
 * websocket handshake and only drain bytes, so the generator's own frame parsing does not dominate the
 * measurement on a two-core machine. The server reports its RSS and CPU time every second. Bounded in time.
 *
 *   pnpm --dir server exec tsx bench/ws-fanout.ts [--clients 5000] [--seconds 20] [--subscribe 0] [--sample-every 10]
 *
 * `--subscribe K` makes every client subscribe to K random codes (0: never subscribe, receive all 100).
 * Set DATABASE_URL to run the server on PostgreSQL instead of in-memory PGlite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import WebSocket from 'ws';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createServices } from '../src/services';
import { buildApp } from '../src/app';
import { SimulatedFeed } from '../src/markets/feed/simulated';
import { markets } from '../src/markets/tables';

const CODES = 100;
const TICKS_PER_SECOND = 10;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

/** Server role: prints `READY <port>`, then `STATS <rss> <clients> <droppedSlow> <cpuMicros>` every second. */
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
  // Benchmark-only markets so that 100 codes tick; they exist only in this throwaway database.
  await database.db
    .insert(markets)
    .values(
      Array.from({ length: 52 }, (_, i) => ({
        code: `BENCH${String(i).padStart(2, '0')}`,
        type: 2,
        name: `Benchmark ${i}`,
        baseAsset: `B${i}`,
        quoteAsset: 'USDT',
        logo: '',
        referencePrice: String(10 + i),
        tickSize: '0.0001',
        priceDecimals: 4,
        contractSize: '1',
        leverages: [1],
        volatility: '0.8',
        calendarId: 'crypto-24x7',
        sortOrder: 1000 + i,
      })),
    )
    .onConflictDoNothing();
  const services = await createServices(config, database, pino({ level: 'warn' }));
  const app = await buildApp(services);
  const feedMarkets = services.markets.feedMarkets().map((m) => ({ ...m, isOpenAt: () => true }));
  if (feedMarkets.length !== CODES) throw new Error(`expected ${CODES} markets, found ${feedMarkets.length}`);
  services.markets.useFeed(
    new SimulatedFeed({
      seed: config.marketFeedSeed,
      markets: feedMarkets,
      stepMs: 1000 / TICKS_PER_SECOND,
      tickProbability: 1,
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  for (const part of services.lifecycle) await part.start();
  const address = app.server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
  setInterval(() => {
    const { clients, droppedSlow } = services.live.hub.stats;
    const cpu = process.cpuUsage();
    process.stdout.write(
      `STATS ${process.memoryUsage().rss} ${clients} ${droppedSlow} ${cpu.user + cpu.system}\n`,
    );
  }, 1000);
  process.on('SIGTERM', () => process.exit(0));
}

/** Load role: opens the clients, measures, prints one `RESULT {json}` line. */
async function load(): Promise<void> {
  const port = option('port', 0);
  const count = option('clients', 5000);
  const seconds = option('seconds', 20);
  const subscribe = option('subscribe', 0);
  const sampleEvery = option('sample-every', 10);
  const histogram = new Uint32Array(10_001); // 1 ms buckets; the last one holds everything ≥ 10 s
  let frames = 0;
  let bytes = 0;
  let closed = 0;
  const sockets: WebSocket[] = [];
  const codes = [...Array.from({ length: 52 }, (_, i) => `BENCH${String(i).padStart(2, '0')}`)];
  const rawSockets: net.Socket[] = [];
  /**
   * A client that completes the websocket handshake and then only drains bytes: the server does all its work
   * for it (serialise, frame, write), while the generator spends no CPU parsing frames it does not sample.
   */
  const openRaw = () =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      rawSockets.push(socket);
      let upgraded = false;
      socket.once('connect', () => {
        const key = crypto.randomBytes(16).toString('base64');
        socket.write(
          `GET /message HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
      socket.on('data', (chunk: Buffer) => {
        if (!upgraded) {
          if (!chunk.toString('latin1').startsWith('HTTP/1.1 101'))
            return reject(new Error('upgrade refused'));
          upgraded = true;
          resolve();
        }
        bytes += chunk.length;
      });
      socket.on('close', () => closed++);
      socket.once('error', reject);
    });
  const open = (index: number) =>
    index % sampleEvery !== 0 && subscribe === 0
      ? openRaw()
      : new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`ws://127.0.0.1:${port}/message`, {
            perMessageDeflate: false,
            // The generator must not be the bottleneck: the server's frames are trusted here.
            skipUTF8Validation: true,
          });
          sockets.push(socket);
          const sampled = index % sampleEvery === 0;
          socket.on('message', (data: Buffer) => {
            frames++;
            bytes += data.length;
            if (!sampled) return;
            const now = Date.now();
            const parsed = JSON.parse(data.toString()) as unknown;
            if (!Array.isArray(parsed)) return;
            for (const item of parsed as { time: number }[])
              histogram[Math.min(10_000, Math.max(0, now - item.time))]!++;
          });
          socket.on('close', () => closed++);
          socket.once('open', () => {
            if (subscribe > 0) {
              const chosen = new Set<string>();
              while (chosen.size < subscribe) chosen.add(codes[Math.floor(Math.random() * codes.length)]!);
              socket.send(JSON.stringify({ op: 'subscribe', codes: [...chosen] }));
            }
            resolve();
          });
          socket.once('error', reject);
        });
  const connectStart = Date.now();
  for (let i = 0; i < count; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, count - i) }, (_, k) => open(i + k)));
    if ((i + 500) % 1000 === 0) process.stderr.write(`connected ${i + 500} clients\n`);
  }
  const connectMs = Date.now() - connectStart;
  // Warm-up, then measure from a clean histogram (the connect snapshots carry old tick times).
  await new Promise((resolve) => setTimeout(resolve, 3000));
  histogram.fill(0);
  frames = 0;
  bytes = 0;
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = (Date.now() - started) / 1000;
  const total = histogram.reduce((a, b) => a + b, 0);
  const percentile = (p: number) => {
    let seen = 0;
    for (let ms = 0; ms < histogram.length; ms++) {
      seen += histogram[ms]!;
      if (seen >= total * p) return ms;
    }
    return 10_000;
  };
  const result = {
    clients: count,
    subscribe,
    connectMs,
    seconds: elapsed,
    sampledFramesPerSecond: Math.round(frames / elapsed),
    megabytesPerSecond: Number((bytes / elapsed / 1e6).toFixed(1)),
    sampledItems: total,
    latencyMs: { p50: percentile(0.5), p90: percentile(0.9), p99: percentile(0.99), max: percentile(1) },
    closedDuringRun: closed,
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  for (const socket of sockets) socket.terminate();
  for (const socket of rawSockets) socket.destroy();
  process.exit(0);
}

function child(args: string[], onLine: (line: string) => void): ChildProcess {
  const proc = spawn(
    process.execPath,
    ['--max-old-space-size=2048', '--import', 'tsx', __filename, ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    },
  );
  let buffer = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      onLine(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
    }
  });
  return proc;
}

async function main(): Promise<void> {
  const clients = option('clients', 5000);
  const seconds = option('seconds', 20);
  const subscribe = option('subscribe', 0);
  let maxRss = 0;
  let lastStats = '';
  let measuring = false;
  let cpuFirst: { micros: number; at: number } | undefined;
  let cpuLast: { micros: number; at: number } | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    const server = child(['--serve'], (line) => {
      const ready = /^READY (\d+)/.exec(line);
      if (ready) resolve(Number(ready[1]));
      const stats = /^STATS (\d+) (\d+) (\d+) (\d+)/.exec(line);
      if (stats) {
        lastStats = line;
        if (measuring) {
          maxRss = Math.max(maxRss, Number(stats[1]));
          const now = { micros: Number(stats[4]), at: Date.now() };
          cpuFirst ??= now;
          cpuLast = now;
        }
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    process.on('exit', () => server.kill('SIGTERM'));
  });
  const result = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const generator = child(
      [
        '--load',
        '--port',
        String(port),
        '--clients',
        String(clients),
        '--seconds',
        String(seconds),
        '--subscribe',
        String(subscribe),
        '--sample-every',
        String(option('sample-every', 10)),
      ],
      (line) => {
        if (line.startsWith('RESULT ')) resolve(JSON.parse(line.slice(7)) as Record<string, unknown>);
      },
    );
    // RSS is taken over the whole run once every client is connected (STATS lines reach us every second).
    const watch = setInterval(() => {
      const connected = Number(/^STATS \d+ (\d+)/.exec(lastStats)?.[1] ?? 0);
      if (connected >= clients) measuring = true;
    }, 200);
    generator.on('exit', (code) => {
      clearInterval(watch);
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
  });
  const dropped = Number(/^STATS \d+ \d+ (\d+)/.exec(lastStats)?.[1] ?? 0);
  process.stdout.write(
    JSON.stringify({
      bench: 'ws-fanout',
      codes: CODES,
      ticksPerCodePerSecond: TICKS_PER_SECOND,
      ...result,
      serverMaxRssMB: Math.round(maxRss / 1024 / 1024),
      serverDroppedSlowClients: dropped,
      // Share of one core the server used once every client was connected: unlike latency, other load on
      // the machine does not inflate it.
      serverCpuPercentOfOneCore:
        cpuFirst && cpuLast && cpuLast.at > cpuFirst.at
          ? Math.round(((cpuLast.micros - cpuFirst.micros) / 1000 / (cpuLast.at - cpuFirst.at)) * 100)
          : null,
      loadAverage: os.loadavg()[0]!.toFixed(1),
    }) + '\n',
  );
  process.exit(0);
}

const role = process.argv.includes('--serve') ? serve : process.argv.includes('--load') ? load : main;
role().catch((error) => {
  console.error(error);
  process.exit(1);
});
