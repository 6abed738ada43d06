// What touching fresh memory costs on this machine: the run's processes (Chromium renderers, Jest workers,
// a PGlite per test file) allocate and free memory all the time, and on some virtual machines a page the
// guest handed back to the host costs many microseconds to fault in again.
//   node scripts/bench/page-faults.mjs [MiB, default 1024]
// Prints, for one buffer: the first write over it (every page faulted in), a second write (no faults), and a
// first write over a new buffer after the old one was freed and the machine left alone for six seconds.
// Conditions: run it on a quiet machine; numbers from one run are in docs/performance.md ("Page faults").
const mib = Number(process.argv[2] ?? 1024);
const bytes = mib * 1024 * 1024;

function timed(label, work) {
  const started = process.hrtime.bigint();
  work();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(
    `${label}: ${ms.toFixed(0)} ms (${((ms * 1000) / (bytes / 4096)).toFixed(2)} µs per 4 KiB page)`,
  );
}

// allocUnsafeSlow: no zeroing by Node, so the first fill is the first touch of every page.
let buffer = Buffer.allocUnsafeSlow(bytes);
timed(`first write over ${mib} MiB`, () => buffer.fill(1));
timed(`second write over the same ${mib} MiB`, () => buffer.fill(2));
buffer = undefined;
globalThis.gc?.();
await new Promise((resolve) => setTimeout(resolve, 6000));
buffer = Buffer.allocUnsafeSlow(bytes);
timed(`first write over ${mib} MiB allocated 6 s after the first was freed`, () => buffer.fill(3));
