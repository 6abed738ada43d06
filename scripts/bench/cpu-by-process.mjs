// The machine's processor time by kind of process while a command runs: Chromium's renderers, browser and GPU
// processes, the SWX server, Jest's workers, PostgreSQL, Playwright, webpack... Every process is read from
// /proc once a second, so processes that a per-command count misses (Chromium's, a web server Playwright
// started) are counted too; a process that lives less than a second may be missed.
//   node scripts/bench/cpu-by-process.mjs -- pnpm --dir e2e run test
// Conditions: a quiet machine; it prints the kinds sorted by processor time when the command ends.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const ticksPerSecond = 100; // USER_HZ on Linux
const command = process.argv.slice(process.argv.indexOf('--') + 1);
if (command.length === 0) {
  console.error('usage: node scripts/bench/cpu-by-process.mjs -- <command> [args]');
  process.exit(2);
}

function kindOf(commandLine) {
  if (/chrom(e|ium)/.test(commandLine)) {
    const type = /--type=([\w-]+)/.exec(commandLine)?.[1];
    return `chromium ${type ?? 'browser'}`;
  }
  if (/^postgres|\/postgres\s/.test(commandLine)) return 'postgresql';
  if (/jest-worker|processChild/.test(commandLine)) return 'jest worker';
  if (/\bjest\b/.test(commandLine)) return 'jest';
  if (/server\/dist\/main\.js/.test(commandLine)) return 'swx server';
  if (/hardhat/.test(commandLine)) return 'hardhat';
  if (/playwright/.test(commandLine)) return 'playwright';
  if (/webpack/.test(commandLine)) return 'webpack';
  const [program = '?', first = ''] = commandLine.split(' ');
  return `${program.split('/').pop()} ${first.split('/').pop()}`.trim().slice(0, 60);
}

// Processor time per process (pid and start time), kept after the process ends.
const seen = new Map();
const baseline = new Map();
function sample(record) {
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const key = `${pid}/${fields[19]}`;
      const ticks = Number(fields[11]) + Number(fields[12]);
      if (!record) {
        baseline.set(key, ticks);
        continue;
      }
      const known = seen.get(key);
      const kind =
        known?.kind ?? kindOf(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim());
      seen.set(key, { kind, ticks: ticks - (baseline.get(key) ?? 0) });
    } catch {
      // The process ended between the listing and the read.
    }
  }
}

sample(false);
const timer = setInterval(() => sample(true), 1000);
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
child.on('exit', (code) => {
  clearInterval(timer);
  sample(true);
  const byKind = new Map();
  for (const { kind, ticks } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + ticks);
  console.log('=== processor time by kind of process (s)');
  for (const [kind, ticks] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 25))
    if (ticks > 0) console.log(`${(ticks / ticksPerSecond).toFixed(1).padStart(9)}  ${kind}`);
  process.exit(code ?? 1);
});
