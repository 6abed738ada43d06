/**
 * How fast this machine is right now, for reading the other benchmarks: a virtual machine's speed varies
 * with what its host is doing, and throughput figures taken minutes apart are only comparable when this
 * says the machine was as fast both times.
 *
 *   pnpm --dir server exec tsx bench/machine-speed.ts
 *   DATABASE_URL=postgres://swx:swx@127.0.0.1:55432/postgres pnpm --dir server exec tsx bench/machine-speed.ts
 *
 * Prints the time of a fixed CPU loop (3 × 10⁸ iterations, best of 3) and, with DATABASE_URL, the wall time
 * and this process's CPU time of one trivial query round trip (3,000 in a row, one connection).
 */
import pg from 'pg';

function cpuLoopMs(): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const start = process.hrtime.bigint();
    let x = 0;
    for (let i = 0; i < 3e8; i++) x += i % 7;
    if (x < 0) console.warn(x); // keeps the loop from being optimised away
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return Math.round(best);
}

async function roundTrip(url: string): Promise<{ wallUs: number; cpuUs: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const n = 3000;
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) await client.query('select $1::int as x', [i]);
  const used = process.cpuUsage(cpu);
  const wallUs = Number(process.hrtime.bigint() - start) / 1e3 / n;
  await client.end();
  return { wallUs: Math.round(wallUs), cpuUs: Math.round((used.user + used.system) / n) };
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const result = {
    at: new Date().toISOString(),
    loadAverage: (await import('node:os')).loadavg().map((x) => Number(x.toFixed(2))),
    cpuLoopMs: cpuLoopMs(),
    ...(url ? { queryRoundTrip: await roundTrip(url) } : {}),
  };
  console.warn(JSON.stringify(result, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
