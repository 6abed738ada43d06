#!/usr/bin/env node
// The order bench (server/bench/trading-orders.ts) on this tree and on an earlier commit, alternately, in one
// run: the machines are noisy, so a speed claim is a ratio measured side by side, never a figure from another
// day (issue 31). Each tree runs its own bench script against its own server, with the same settings.
//
//   pnpm bench:orders:compare [REV]        REV defaults to 7c66859 (the end of the first wave)
//
// Settings (environment): BENCH_ROUNDS (default 3: old, new, old, new, old, new), and the bench's own
// BENCH_SECONDS (default here 15), BENCH_CONNECTIONS (default here 20), BENCH_CUSTOMERS, BENCH_MODE,
// DATABASE_URL (unset: PGlite in memory; for the figures in docs/performance.md, the durable cluster of
// `bash scripts/postgres.sh --durable`). BENCH_OUT=<file> also writes the runs and the medians as JSON.
//
// The earlier commit is checked out once into a detached worktree under the system's temporary folder and
// its dependencies installed there (kept for the next comparison; `git worktree remove <folder>` drops it).
// Prints each run, then the medians and the ratios new/old: server CPU per order (lower is better), orders per
// second and p99 latency. Exits 1 when a run fails, answers errors or leaves the ledger unbalanced.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const rev = process.argv[2] ?? '7c66859';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const env = {
  ...process.env,
  BENCH_SECONDS: process.env.BENCH_SECONDS ?? '15',
  BENCH_CONNECTIONS: process.env.BENCH_CONNECTIONS ?? '20',
};

const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();

let commit;
try {
  commit = git('rev-parse', '--verify', `${rev}^{commit}`);
} catch {
  console.error(`orders-compare: no commit ${rev} in this repository`);
  process.exit(2);
}
const head = git('rev-parse', '--short=12', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
const oldTree = path.join(os.tmpdir(), `swx-bench-${commit.slice(0, 12)}`);

if (!fs.existsSync(path.join(oldTree, 'server', 'bench', 'trading-orders.ts'))) {
  console.log(`=== checking out ${commit.slice(0, 12)} into ${oldTree}`);
  fs.rmSync(oldTree, { recursive: true, force: true });
  git('worktree', 'prune');
  git('worktree', 'add', '--detach', oldTree, commit);
}
if (!fs.existsSync(path.join(oldTree, 'node_modules', '.modules.yaml'))) {
  console.log(`=== installing the dependencies of ${commit.slice(0, 12)}`);
  execFileSync('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], {
    cwd: oldTree,
    stdio: 'inherit',
  });
}

execFileSync('bash', [path.join(repo, 'scripts', 'ensure-system.sh'), '--bench'], { stdio: 'inherit' });

const trees = [
  { name: `old ${commit.slice(0, 12)}`, dir: oldTree },
  { name: `new ${head}${dirty ? '+' : ''}`, dir: repo },
];

/** One bench run in a tree: its JSON summary (the bench prints it on stderr, last). */
function bench(dir) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'pnpm',
      ['--dir', path.join(dir, 'server'), 'exec', 'tsx', 'bench/trading-orders.ts'],
      {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const start = err.search(/^\{\n(?![\s\S]*^\{\n)/m);
      if (code !== 0 || start < 0) return reject(new Error(`bench exited ${code}:\n${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(err.slice(start)));
      } catch (error) {
        reject(new Error(`bench answered no summary (${error.message}):\n${err.slice(-2000)}`));
      }
    });
  });
}

const figures = (summary) => ({
  perSecond: summary.perSecond ?? summary.requests?.average ?? NaN,
  p99: summary.latencyMs?.p99 ?? summary.latency?.p99 ?? NaN,
  cpuMsPerOrder: summary.serverCpuMsPerOrder,
  requests: typeof summary.requests === 'number' ? summary.requests : summary.requests?.total,
  failed: (summary.non2xx ?? 0) + (summary.errors ?? 0),
  ledgerOk: summary.ledgerOk,
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const runs = [];
let failed = false;
console.log(
  `=== ${rounds} rounds, ${env.BENCH_SECONDS} s each, ${env.BENCH_CONNECTIONS} connections, ` +
    `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}` +
    `${dirty ? `; + marks ${head} with this tree's uncommitted changes` : ''}`,
);
for (let round = 1; round <= rounds; round += 1) {
  for (const tree of trees) {
    const summary = await bench(tree.dir);
    const run = { round, tree: tree.name, ...figures(summary) };
    runs.push(run);
    if (run.failed > 0 || run.ledgerOk === false) failed = true;
    console.log(
      `  round ${round}  ${tree.name.padEnd(20)}  ${run.perSecond.toFixed(0).padStart(6)} orders/s  ` +
        `p99 ${run.p99.toFixed(1).padStart(6)} ms  server CPU ${run.cpuMsPerOrder.toFixed(3)} ms/order` +
        `${run.failed ? `  ${run.failed} FAILED` : ''}${run.ledgerOk === false ? '  LEDGER UNBALANCED' : ''}`,
    );
  }
}

const medians = trees.map((tree) => {
  const mine = runs.filter((run) => run.tree === tree.name);
  return {
    tree: tree.name,
    perSecond: median(mine.map((r) => r.perSecond)),
    p99: median(mine.map((r) => r.p99)),
    cpuMsPerOrder: median(mine.map((r) => r.cpuMsPerOrder)),
  };
});
const [before, after] = medians;
const ratios = {
  cpuMsPerOrder: after.cpuMsPerOrder / before.cpuMsPerOrder,
  perSecond: after.perSecond / before.perSecond,
  p99: after.p99 / before.p99,
};
console.log('=== medians');
for (const m of medians) {
  console.log(
    `  ${m.tree.padEnd(20)}  ${m.perSecond.toFixed(0).padStart(6)} orders/s  p99 ${m.p99.toFixed(1).padStart(6)} ms  ` +
      `server CPU ${m.cpuMsPerOrder.toFixed(3)} ms/order`,
  );
}
console.log(
  `=== new/old: server CPU per order ${ratios.cpuMsPerOrder.toFixed(2)}×, orders per second ` +
    `${ratios.perSecond.toFixed(2)}×, p99 ${ratios.p99.toFixed(2)}×`,
);
if (process.env.BENCH_OUT) {
  fs.writeFileSync(
    process.env.BENCH_OUT,
    `${JSON.stringify({ old: commit, new: head, dirty, settings: { rounds, seconds: env.BENCH_SECONDS, connections: env.BENCH_CONNECTIONS, database: process.env.DATABASE_URL ? 'postgres' : 'pglite' }, runs, medians, ratios }, null, 2)}\n`,
  );
}
if (failed) {
  console.error('orders-compare: a run answered errors or left the ledger unbalanced (see above)');
  process.exit(1);
}
