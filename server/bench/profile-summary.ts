/**
 * Where a CPU profile's time goes on the order path, in milliseconds of CPU per order (issue 31).
 *
 *   BENCH_CPU_PROFILE=/tmp/orders.cpuprofile NODE_OPTIONS="--import $PWD/bench/profile-measured.mjs" \
 *     DATABASE_URL=... pnpm --dir server exec tsx bench/trading-orders.ts
 *   pnpm --dir server exec tsx bench/profile-summary.ts /tmp/orders.cpuprofile <orders> <serverCpuMsPerOrder>
 *
 * The profiler's samples are apart in wall time, so on a loaded machine (the process waiting for a core) they
 * overstate the CPU; the shares are what the profile tells, and they are scaled to the CPU per order the bench
 * measured (`serverCpuMsPerOrder`, its third argument).
 *
 * Each sample is charged to an area of the order path: the nearest frame of the server's own code on its
 * stack names the area (the repeat guard, the ledger, the sessions...), and a library frame below it says
 * what inside that area (drizzle building SQL, node-postgres parsing a result). Samples with no server frame
 * on the stack are charged by their library (Fastify's HTTP handling, the pg driver reading the socket, the
 * garbage collector). Idle samples are left out. `(native)` stands for V8 builtins and Node's own code.
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, ordersText, cpuText] = process.argv.slice(2);
if (!file || !ordersText || !cpuText) {
  console.error('usage: profile-summary.ts <file.cpuprofile> <orders> <serverCpuMsPerOrder>');
  process.exit(2);
}
const orders = Number(ordersText);
const measuredMs = Number(cpuText);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

/** The area a server source file belongs to on the order path. */
function area(path: string): string {
  const rules: [RegExp, string][] = [
    [/src\/auth\//, 'auth and session lookup'],
    [/src\/staff\/staff-auth/, 'auth and session lookup'],
    [/src\/guards\/(repeat|request-claims)/, 'repeat guard and claims'],
    [/src\/guards\//, 'guards (rate limits)'],
    [/src\/platform\/unit-of-work/, 'unit of work'],
    [/src\/db\/batcher/, 'batcher'],
    [/src\/db\/rows/, 'SQL building (insertRows)'],
    [/src\/db\//, 'database client'],
    [/src\/ledger\//, 'ledger write'],
    [/src\/trading\/receipts/, 'receipts'],
    [/src\/trading\/fills/, 'order batch (fills)'],
    [/src\/trading\//, 'order (plan, rules)'],
    [/src\/notifications\/|src\/platform\/bus|src\/live\//, 'notifications and bus'],
    [/src\/http\/logging|node_modules\/.*pino/, 'logging'],
    [/src\/http\//, 'HTTP (errors, envelope)'],
    [/src\/markets\//, 'markets (price, limits)'],
    [/src\/params\//, 'params'],
    [/src\/invites\//, 'invites'],
    [/src\//, 'other server code'],
  ];
  return rules.find(([pattern]) => pattern.test(path))?.[1] ?? 'other server code';
}

/** What a library frame is. */
function library(url: string, name: string): string {
  if (!url) {
    if (name === '(garbage collector)') return 'GC';
    if (name === '(program)') return '(program)';
    if (name === '(idle)') return '(idle)';
    if (/^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(name)) return 'socket writes';
    return '(native)';
  }
  const packages: [RegExp, string][] = [
    [/drizzle-orm/, 'drizzle'],
    [/node_modules\/.*\/pg-protocol|node_modules\/.*\/pg\/|pg-types|postgres-/, 'pg driver'],
    [/fast-json-stringify|src\/http\/serialization/, 'JSON serialisation'],
    [/helmet/, 'security headers (helmet)'],
    [/prom-client/, 'metrics (prom-client)'],
    [/ajv|@fastify\/ajv|typebox/, 'validation (ajv)'],
    [/pino|sonic-boom/, 'logging'],
    [/fastify|find-my-way|avvio|light-my-request|secure-json-parse/, 'fastify'],
    [/decimal\.js/, 'decimal.js'],
    [/dataloader/, 'batcher'],
    [
      /node:internal\/(net|stream|http|_http)|node:(net|http|_http)|_http_|node:internal\/streams/,
      'node http/net',
    ],
    [/node:internal\/crypto|node:crypto/, 'crypto'],
    [/node:internal\/async_hooks|async_local_storage|node:async_hooks/, 'async context'],
    [/node:internal\/process\/task_queues|node:internal\/timers/, 'event loop'],
    [/node:/, 'node other'],
    [/node_modules/, 'other library'],
  ];
  return packages.find(([pattern]) => pattern.test(url))?.[1] ?? 'server code';
}

function stackHas(id: number, test: (url: string) => boolean): boolean {
  for (let node: number | undefined = id; node !== undefined; node = parent.get(node))
    if (test(byId.get(node)!.callFrame.url)) return true;
  return false;
}

/** A line on standard output (the report is the script's output, not a log). */
function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

const isServer = (url: string) => /\/server\/src\//.test(url) && !/node_modules/.test(url);

const totals = new Map<string, Map<string, number>>();
let idle = 0;
let all = 0;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  const leaf = byId.get(id)!;
  let leafLibrary = library(leaf.callFrame.url, leaf.callFrame.functionName);
  // The profiler's own start and stop (bench/profile-measured.mjs) are not the server's.
  if (stackHas(id, (url) => url.includes('profile-measured'))) return;
  if (leafLibrary === 'socket writes')
    leafLibrary = stackHas(id, (url) => /node_modules\/.*\/pg\/|pg-protocol/.test(url))
      ? 'socket writes to PostgreSQL'
      : stackHas(id, (url) => url.includes('_http_outgoing'))
        ? 'socket writes of HTTP answers'
        : 'socket writes';
  if (leafLibrary === '(idle)') {
    idle += us;
    return;
  }
  all += us;
  let where = leafLibrary === 'server code' ? area(leaf.callFrame.url) : '';
  let what = leafLibrary === 'server code' ? 'own code' : leafLibrary;
  // Walk up to the nearest server frame: its area; the library directly below it says what.
  let below = leafLibrary;
  for (let node: number | undefined = id; !where && node !== undefined; node = parent.get(node)) {
    const frame = byId.get(node)!.callFrame;
    if (isServer(frame.url)) {
      where = area(frame.url);
      if (what === '(native)' || what === 'node other') what = `${below}`;
      break;
    }
    const lib = library(frame.url, frame.functionName);
    if (lib !== '(native)' && lib !== 'node other') below = lib;
  }
  if (!where) where = `(outside server code) ${leafLibrary === '(native)' ? below : leafLibrary}`;
  const inner = totals.get(where) ?? new Map<string, number>();
  inner.set(what, (inner.get(what) ?? 0) + us);
  totals.set(where, inner);
});

/** A share of the sampled busy time, as milliseconds of the measured CPU per order. */
const ms = (us: number) => ((us / all) * measuredMs).toFixed(3);
const rows = [...totals]
  .map(([where, inner]) => ({ where, total: [...inner.values()].reduce((a, b) => a + b, 0), inner }))
  .sort((a, b) => b.total - a.total);
print(
  `profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, busy ${(all / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s; ${orders} orders, ${measuredMs} ms of CPU per order measured`,
);
print('area | ms per order | share | what, ms per order');
for (const { where, total, inner } of rows) {
  const parts = [...inner]
    .sort((a, b) => b[1] - a[1])
    .filter(([, us]) => (us / all) * measuredMs >= 0.002)
    .map(([what, us]) => `${what} ${ms(us)}`)
    .join(', ');
  print(`${where} | ${ms(total)} | ${((100 * total) / all).toFixed(1)} % | ${parts}`);
}
