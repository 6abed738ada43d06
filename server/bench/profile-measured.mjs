// A V8 CPU profile of the order bench's server process over the measured run only (issue 31): the bench
// reads `process.cpuUsage()` just before its measured run and `process.cpuUsage(before)` just after, and this
// preload starts the profiler on the first and stops it on the second, so the sign-ups and the warm-up stay
// out. It works on any tree's bench, an old commit's too (the comparison of docs/performance/trading.md):
//
//   BENCH_CPU_PROFILE=/tmp/orders.cpuprofile NODE_OPTIONS="--import $PWD/bench/profile-measured.mjs" \
//     DATABASE_URL=... pnpm --dir server exec tsx bench/trading-orders.ts
//   pnpm --dir server exec tsx bench/profile-summary.ts /tmp/orders.cpuprofile <orders of the run>
//
// Sampling every 250 µs (BENCH_CPU_PROFILE_INTERVAL); the profiler adds a few per cent of CPU.
//
// BENCH_HEAP_PROFILE=<file.heapprofile> instead samples what the run allocates (one sample per 16 kB on
// average, BENCH_HEAP_PROFILE_INTERVAL), the objects the collector already freed included: where the garbage
// per order comes from (`bench/allocation-summary.ts`).
import fs from 'node:fs';
import { inspectorSession } from '../../scripts/bench/inspector-post.mjs';

const heap = Boolean(process.env.BENCH_HEAP_PROFILE);
const file = process.env.BENCH_HEAP_PROFILE || process.env.BENCH_CPU_PROFILE;
if (file && !process.env.BENCH_ROLE) {
  const cpuUsage = process.cpuUsage.bind(process);
  let session;
  const post = (method, params) => session.post(method, params);
  // Only the bench's own calls count (the server's metrics read the CPU usage too).
  // Stack lines: the error, `fromBench`, the wrapper, then its caller.
  const fromBench = () => /bench[/\\]trading-orders\.ts/.test((new Error().stack ?? '').split('\n')[3] ?? '');
  process.cpuUsage = (previous) => {
    if (previous === undefined && !session && fromBench()) {
      session = inspectorSession();
      if (heap) {
        post('HeapProfiler.enable');
        post('HeapProfiler.startSampling', {
          samplingInterval: Number(process.env.BENCH_HEAP_PROFILE_INTERVAL ?? 16_384),
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      } else {
        post('Profiler.enable');
        post('Profiler.setSamplingInterval', {
          interval: Number(process.env.BENCH_CPU_PROFILE_INTERVAL ?? 250),
        });
        post('Profiler.start');
      }
      return cpuUsage();
    }
    if (previous !== undefined && session && fromBench()) {
      const usage = cpuUsage(previous);
      const profile = heap ? post('HeapProfiler.stopSampling').profile : post('Profiler.stop').profile;
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      session = undefined;
      process.cpuUsage = cpuUsage;
      return usage;
    }
    return cpuUsage(previous);
  };
}
