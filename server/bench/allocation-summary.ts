/**
 * Where the order path's garbage comes from (issue 31): a sampled allocation profile of the bench's measured
 * run, in kilobytes allocated per order by the function that allocated them, with the nearest frame of the
 * server's own code that led there.
 *
 *   BENCH_HEAP_PROFILE=/tmp/orders.heapprofile NODE_OPTIONS="--import $PWD/bench/profile-measured.mjs" \
 *     DATABASE_URL=... pnpm --dir server exec tsx bench/trading-orders.ts
 *   pnpm --dir server exec tsx bench/allocation-summary.ts /tmp/orders.heapprofile <orders of the run> [rows]
 *
 * The samples are an estimate (one per 16 kB allocated on average); compare trees by their shares.
 */
import fs from 'node:fs';

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  id: number;
  children: HeapNode[];
}
interface HeapProfile {
  head: HeapNode;
  samples: { size: number; nodeId: number }[];
}

const [file, ordersText, rowsText = '40'] = process.argv.slice(2);
if (!file || !ordersText) {
  console.error('usage: allocation-summary.ts <file.heapprofile> <orders> [rows]');
  process.exit(2);
}
const orders = Number(ordersText);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as HeapProfile;

/** `name file:line`, the file shortened to its package or to its path under server/src. */
function frameName(frame: HeapNode['callFrame']): string {
  const url = frame.url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\/\.pnpm\/([^/]+?)(?:_[^/]*)?\/node_modules\/.*?([^/]+)$/, '$1 $2')
    .replace(/.*\/server\/src\//, '');
  return `${frame.functionName || '(anonymous)'} ${url}:${frame.lineNumber + 1}`;
}
const ownCode = (frame: HeapNode['callFrame']) => /\/server\/src\//.test(frame.url);

// Bytes by allocating function, and by (allocating function, nearest server frame).
const sizeById = new Map<number, number>();
for (const sample of profile.samples)
  sizeById.set(sample.nodeId, (sizeById.get(sample.nodeId) ?? 0) + sample.size);
const bySite = new Map<string, number>();
let total = 0;
const walk = (node: HeapNode, server: string | undefined) => {
  const here = ownCode(node.callFrame) ? frameName(node.callFrame) : server;
  const size = sizeById.get(node.id) ?? 0;
  if (size > 0) {
    total += size;
    const site = ownCode(node.callFrame)
      ? here!
      : `${frameName(node.callFrame)}  ← ${here ?? '(no server frame)'}`;
    bySite.set(site, (bySite.get(site) ?? 0) + size);
  }
  for (const child of node.children) walk(child, here);
};
walk(profile.head, undefined);

const kb = (bytes: number) => (bytes / 1024 / orders).toFixed(2);
process.stdout.write(`${kb(total)} kB allocated per order (${orders} orders)\n`);
for (const [site, size] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, Number(rowsText)))
  process.stdout.write(
    `${kb(size).padStart(7)} kB  ${((size / total) * 100).toFixed(1).padStart(5)} %  ${site}\n`,
  );
