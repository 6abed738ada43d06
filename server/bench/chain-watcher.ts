/**
 * Chain watcher under load (issue 30, item 8): 1,000 customers with deposit addresses, one block a second on
 * a real Hardhat node, each block carrying 200 transfers to them (half native ether, half ERC-20 `transfer`
 * calls); the real watcher job (`ChainDeposits` registered on the real `Scheduler`, leader of its database)
 * follows the chain for BENCH_SECONDS, then the chain goes on with empty blocks until the last deposit has its
 * confirmations and is credited.
 *
 *   pnpm bench:chain                                                      # PGlite, in memory
 *   DATABASE_URL=postgres://swx:swx@127.0.0.1:55432/postgres pnpm bench:chain      # PostgreSQL on loopback
 *
 * On PostgreSQL it creates a scratch database next to the one in DATABASE_URL and drops it afterwards; it
 * refuses any host but loopback. Settings: BENCH_SECONDS (loaded part, default 60), BENCH_ADDRESSES (default
 * 1000), BENCH_TRANSFERS (per block, default 200), BENCH_BLOCK_MS (default 1000), BENCH_POLL_MS (the job's
 * interval, default 4000 as CHAIN_POLL_MS), BENCH_CONFIRMATIONS (default 12).
 *
 * It reports the blocks the watcher is behind the head over time (sampled every second from the end of the
 * passes), each pass's time and its time per block, the server process's processor time per block read
 * (`process.cpuUsage`; with PostgreSQL the database backends' time from /proc as well), how long a transfer
 * took to be recorded and credited after its block, and checks that every transfer was recorded once and
 * credited once (journal entries, amounts). It fails (exit 1) when something was not credited exactly once
 * or the watcher did not keep up (the lag in the last quarter of the loaded part above the first quarter's
 * maximum plus the blocks of one interval, or the loaded part's end lag above three intervals' blocks).
 * The chain's side runs in its own process (`bench/chain-load.ts`) so its work is not counted as the server's.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { Ledger } from '../src/ledger/service';
import { ledgerJournalEntries } from '../src/ledger/tables';
import { Keyring, SealedSecrets, Sealer } from '../src/platform/crypto';
import { createLeadership } from '../src/platform/leadership';
import { Scheduler } from '../src/platform/scheduler';
import { UnitOfWork } from '../src/platform/unit-of-work';
import { cashierChainCursors, cashierChainDeposits } from '../src/cashier/tables';
import { DepositAddresses } from '../src/cashier/chain/addresses';
import type { ChainNetwork } from '../src/cashier/chain/networks';
import { ChainDeposits } from '../src/cashier/chain/service';
import type { PassResult } from '../src/cashier/chain/watcher';
import { startLocalChain } from '../src/test/local-chain';
import type { LoadBlock, LoadPlan, LoadSent } from './chain-load';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const customers = Number(process.env.BENCH_ADDRESSES ?? 1000);
const perBlock = Number(process.env.BENCH_TRANSFERS ?? 200);
const blockMs = Number(process.env.BENCH_BLOCK_MS ?? 1000);
const pollMs = Number(process.env.BENCH_POLL_MS ?? 4000);
const confirmations = Number(process.env.BENCH_CONFIRMATIONS ?? 12);
const CHAIN_ID = 31_337_900;
const FIRST_USER = 100_001;
const DRAIN_TIMEOUT_MS = 180_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function openBenchDatabase(): Promise<{
  database: Database;
  databaseUrl: string | undefined;
  name: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url)
    return {
      database: await openDatabase({ dataDir: 'memory://' }),
      databaseUrl: undefined,
      name: 'PGlite (in memory)',
      drop: async () => {},
    };
  const server = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(server.hostname))
    throw new Error(`refusing to benchmark a non-loopback database (${server.hostname})`);
  const name = `swx_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  server.pathname = `/${name}`;
  const databaseUrl = server.toString();
  return {
    database: await openDatabase({ databaseUrl }),
    databaseUrl,
    name: `PostgreSQL ${server.host} (${name})`,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Processor time (ms) of the PostgreSQL backends serving `name`, from /proc (same machine). */
async function backendCpuMs(database: Database, name: string | undefined): Promise<number | undefined> {
  if (!name) return undefined;
  const rows = (await database.db.execute(
    sql`select pid from pg_stat_activity where datname = ${name}`,
  )) as unknown as { rows: { pid: number }[] };
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  for (const { pid } of rows.rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // A backend that ended meanwhile.
    }
  }
  return total;
}

const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const load1 = os.loadavg()[0]!;
  const chain = await startLocalChain(CHAIN_ID);
  let loadProcess: ReturnType<typeof spawn> | undefined;
  let scheduler: Scheduler | undefined;
  let opened: Awaited<ReturnType<typeof openBenchDatabase>> | undefined;
  try {
    // ---- the chain: a token, funded senders, then blocks only when the load mines them ------------------
    // (before the database opens: a connection left idle longer than the node's keep-alive fails its next use)
    const token = await chain.deployToken('Bench Tether', 'USDT');
    const accounts = (await chain.wallet.getAddresses()).map((a) => a.toLowerCase());
    const nativeSenders = accounts.slice(1, 6);
    const tokenSenders = accounts.slice(6, 11);
    for (const holder of tokenSenders) await chain.mint(token, holder, 10n ** 30n);
    await chain.public.request({ method: 'evm_setAutomine' as never, params: [false] as never });
    opened = await openBenchDatabase();
    const { database, databaseUrl, name } = opened;

    // ---- the server's side ------------------------------------------------------------------------------
    const ledger = await Ledger.create(database.db, { demoInitialBalance: () => '0' });
    const secrets = new SealedSecrets(database.db, new Sealer(Keyring.ephemeral()));
    const addresses = new DepositAddresses(database.db, secrets);
    const network: ChainNetwork = {
      id: 'bench',
      name: 'Bench',
      chainId: CHAIN_ID,
      rpcUrl: chain.rpcUrl,
      confirmations,
      explorerTxUrl: undefined,
      startBlock: undefined,
      reorgWindow: Math.max(64, confirmations),
      blocksPerPass: 100,
      tokens: [
        { coin: 'ETH', contract: undefined, decimals: 18, formNetwork: undefined },
        { coin: 'USDT', contract: token, decimals: 18, formNetwork: undefined },
      ],
    };
    const setupStarted = performance.now();
    const recipients: string[] = [];
    for (let i = 0; i < customers; i += 1)
      recipients.push(await addresses.addressFor(String(FIRST_USER + i), network));
    const addressesMs = performance.now() - setupStarted;

    const log = quiet;
    const service = new ChainDeposits(
      {
        db: database.db,
        units: new UnitOfWork(database.db, log),
        ledger,
        log,
        now: () => Date.now(),
        minimumDeposit: (coin) => new Decimal(coin === 'ETH' ? '0.001' : '1'),
      },
      { networks: [network], addresses, pollMs },
    );
    scheduler = new Scheduler({ db: database.db, leadership: createLeadership(database, databaseUrl), log });

    // Every pass of the job, measured where the scheduler calls it.
    const passes: { at: number; ms: number; result: PassResult; cursor: number }[] = [];
    let cursor = -1;
    const cursorNow = async () =>
      (
        await database.db
          .select({ height: cashierChainCursors.height })
          .from(cashierChainCursors)
          .where(eq(cashierChainCursors.chainId, CHAIN_ID))
      )[0]?.height ?? -1;
    service.registerJobs({
      every: (jobName, intervalMs, work, options) =>
        scheduler!.every(
          jobName,
          intervalMs,
          async (now) => {
            const t0 = performance.now();
            const [result] = (await work(now)) as PassResult[];
            const ms = performance.now() - t0;
            cursor = await cursorNow();
            passes.push({ at: Date.now(), ms, result: result!, cursor });
          },
          options,
        ),
    });
    await scheduler.lifecycle.start();
    while (passes.length === 0) await sleep(50);
    const firstCursor = passes[0]!.cursor;

    // ---- the load ---------------------------------------------------------------------------------------
    const plan: LoadPlan = {
      rpcUrl: chain.rpcUrl,
      token,
      nativeSenders,
      tokenSenders,
      recipients,
      perBlock,
      blockMs,
      seconds,
    };
    const blocks = new Map<number, LoadBlock>();
    let head = await chain.head();
    let sent: LoadSent | undefined;
    let loadFailed: string | undefined;
    loadProcess = spawn(process.execPath, [...process.execArgv, path.join(__dirname, 'chain-load.ts')], {
      env: { ...process.env, BENCH_CHAIN_LOAD: JSON.stringify(plan) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    loadProcess.stderr!.on('data', (chunk: Buffer) => (loadFailed = (loadFailed ?? '') + chunk.toString()));
    readline.createInterface({ input: loadProcess.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as LoadBlock | LoadSent;
      if (message.type === 'block') {
        blocks.set(message.number, message);
        head = message.number;
      } else sent = message;
    });
    const cpu0 = process.cpuUsage();
    const backends0 = await backendCpuMs(database, databaseUrl && new URL(databaseUrl).pathname.slice(1));
    const loadStarted = Date.now();
    const firstBlock = head + 1;
    const lag: { t: number; behind: number }[] = [];
    while (!sent) {
      if (loadFailed) throw new Error(`the load failed: ${loadFailed}`);
      await sleep(1000);
      lag.push({ t: Math.round((Date.now() - loadStarted) / 1000), behind: Math.max(0, head - cursor) });
    }
    const loadEnded = Date.now();
    const cpu = process.cpuUsage(cpu0);
    const backends1 = await backendCpuMs(database, databaseUrl && new URL(databaseUrl).pathname.slice(1));
    const loadedPasses = passes.filter((p) => p.at > loadStarted && p.at <= loadEnded);
    const lastLoaded = firstBlock + sent.blocks - 1;
    const blocksReadLoaded = loadedPasses.reduce((sum, p) => sum + p.result.blocksRead, 0);

    // ---- drain: empty blocks until every deposit has its confirmations and is credited -----------------
    const expected = sent.native.count + sent.token.count;
    const drainStarted = Date.now();
    const countBy = async () =>
      database.db
        .select({ status: cashierChainDeposits.status, count: sql<number>`count(*)::int` })
        .from(cashierChainDeposits)
        .where(eq(cashierChainDeposits.chainId, CHAIN_ID))
        .groupBy(cashierChainDeposits.status);
    let statuses = await countBy();
    const creditedCount = () => statuses.find((s) => s.status === 'credited')?.count ?? 0;
    while (creditedCount() < expected && Date.now() - drainStarted < DRAIN_TIMEOUT_MS) {
      if (loadFailed) throw new Error(`the load failed: ${loadFailed}`);
      await sleep(1000);
      statuses = await countBy();
    }
    const drainMs = Date.now() - drainStarted;
    loadProcess.kill('SIGTERM');
    await scheduler.lifecycle.stop();
    scheduler = undefined;
    // Passes after the last credit find nothing new: give the job its last word and check nothing changed.
    statuses = await countBy();

    // ---- checks -----------------------------------------------------------------------------------------
    const [journal] = await database.db
      .select({
        count: sql<number>`count(*)::int`,
        keys: sql<number>`count(distinct ${ledgerJournalEntries.onceKey})::int`,
      })
      .from(ledgerJournalEntries)
      .where(sql`${ledgerJournalEntries.onceKey} like 'chain_deposit:%'`);
    const sums = await database.db
      .select({
        coin: cashierChainDeposits.coin,
        count: sql<number>`count(*)::int`,
        credited: sql<string>`coalesce(sum(${cashierChainDeposits.creditedAmount}), 0)::text`,
      })
      .from(cashierChainDeposits)
      .where(and(eq(cashierChainDeposits.chainId, CHAIN_ID), eq(cashierChainDeposits.status, 'credited')))
      .groupBy(cashierChainDeposits.coin);
    const timing = await database.db
      .select({
        block: cashierChainDeposits.blockNumber,
        seenAt: cashierChainDeposits.seenAt,
        creditedAt: cashierChainDeposits.creditedAt,
      })
      .from(cashierChainDeposits)
      .where(eq(cashierChainDeposits.chainId, CHAIN_ID));
    const recordedAfter: number[] = [];
    const creditedAfter: number[] = [];
    for (const row of timing) {
      const mined = blocks.get(row.block)?.at;
      const confirmedBy = blocks.get(row.block + confirmations - 1)?.at;
      if (mined !== undefined) recordedAfter.push(row.seenAt.getTime() - mined);
      if (confirmedBy !== undefined && row.creditedAt)
        creditedAfter.push(row.creditedAt.getTime() - confirmedBy);
    }
    const wei = new Decimal(sent.native.wei).div('1e18');
    const units = new Decimal(sent.token.units).div('1e18');
    const eth = sums.find((s) => s.coin === 'ETH');
    const usdt = sums.find((s) => s.coin === 'USDT');
    const exactlyOnce =
      creditedCount() === expected &&
      statuses.every((s) => s.status === 'credited') &&
      journal!.count === expected &&
      journal!.keys === expected &&
      eth?.count === sent.native.count &&
      usdt?.count === sent.token.count &&
      new Decimal(eth.credited).eq(wei) &&
      new Decimal(usdt.credited).eq(units);

    // Keeping up: the lag does not grow over the loaded part, and it ends within a few intervals' blocks.
    const quarter = Math.max(1, Math.floor(lag.length / 4));
    const early = Math.max(...lag.slice(0, quarter).map((l) => l.behind));
    const late = Math.max(...lag.slice(-quarter).map((l) => l.behind));
    const perInterval = Math.ceil(pollMs / blockMs);
    const finalLag = lag.at(-1)!.behind;
    const keptUp = late <= early + perInterval && finalLag <= 3 * perInterval + 1;
    const passMs = loadedPasses.map((p) => p.ms);
    const perBlockMs = loadedPasses
      .filter((p) => p.result.blocksRead > 0)
      .map((p) => p.ms / p.result.blocksRead);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const report = {
      database: name,
      conditions: {
        when: new Date(loadStarted).toISOString(),
        loadAverage: { before: round(load1, 2), after: os.loadavg().map((l) => round(l, 2)) },
        cores: os.cpus().length,
        node: process.version,
        customers,
        transfersPerBlock: perBlock,
        blockMs,
        pollMs,
        confirmations,
        loadedSeconds: seconds,
        addressesGivenMs: round(addressesMs),
      },
      chain: {
        blocksLoaded: sent.blocks,
        lateBlocks: sent.late,
        blocks: `${firstBlock}–${lastLoaded}`,
        startCursor: firstCursor,
      },
      lag: {
        max: Math.max(...lag.map((l) => l.behind)),
        firstQuarterMax: early,
        lastQuarterMax: late,
        atEndOfLoad: finalLag,
        series: lag.map((l) => l.behind).join(' '),
      },
      passes: {
        count: loadedPasses.length,
        blocksRead: blocksReadLoaded,
        msPerPass: {
          median: round(percentile(passMs, 50)),
          p90: round(percentile(passMs, 90)),
          max: round(Math.max(...passMs)),
        },
        msPerBlock: { median: round(percentile(perBlockMs, 50), 1), max: round(Math.max(...perBlockMs), 1) },
        creditedDuringLoad: loadedPasses.reduce((sum, p) => sum + p.result.credited, 0),
        outcomes: [...new Set(passes.map((p) => p.result.outcome))].join(','),
        errors: [...new Set(passes.flatMap((p) => (p.result.error ? [p.result.error] : [])))],
      },
      cpu: {
        serverMsPerBlock: round(cpuMs / Math.max(1, blocksReadLoaded), 1),
        serverShareOfOneCore: round(cpuMs / (loadEnded - loadStarted), 2),
        postgresBackendsMsPerBlock:
          backends0 === undefined || backends1 === undefined
            ? undefined
            : round((backends1 - backends0) / Math.max(1, blocksReadLoaded), 1),
      },
      deposits: {
        expected,
        statuses: Object.fromEntries(statuses.map((s) => [s.status, s.count])),
        journalEntries: journal!.count,
        native: {
          sent: sent.native.count,
          credited: eth?.count ?? 0,
          amount: wei.toFixed(),
          creditedAmount: eth?.credited,
        },
        token: {
          sent: sent.token.count,
          credited: usdt?.count ?? 0,
          amount: units.toFixed(),
          creditedAmount: usdt?.credited,
        },
        recordedAfterBlockMs: {
          median: round(percentile(recordedAfter, 50)),
          max: round(Math.max(...recordedAfter)),
        },
        creditedAfterConfirmedMs: {
          median: round(percentile(creditedAfter, 50)),
          max: round(Math.max(...creditedAfter)),
        },
        drainMs,
      },
      exactlyOnce,
      keptUp,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (!exactlyOnce || !keptUp) process.exitCode = 1;
  } finally {
    loadProcess?.kill('SIGTERM');
    await scheduler?.lifecycle.stop();
    await opened?.database.close();
    await opened?.drop();
    await chain.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
