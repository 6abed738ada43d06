// The main thread's long tasks while `/` loads on a phone (docs/performance/front-end.md): Debian's Chromium
// with a 4× CPU slowdown (Lighthouse's mobile factor, applied for real here instead of modelled), a
// performance trace of the load and the following seconds, and for every task of 50 ms or more what it
// spent its time on (script evaluation per file, React's scheduler, layout, animation frames). It shows
// where Lighthouse's TBT comes from, task by task; the sum printed at the end is that TBT measured, not
// Lighthouse's simulation of it. A first visit of the session on a phone shows the welcome board; pass
// --board-seen to measure a visit without it.
//
//   node scripts/bench/home-tasks.mjs [--url http://127.0.0.1:8080/] [--seconds 6] [--rate 4] [--board-seen]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const { chromium } = createRequire(path.join(here, '..', '..', 'e2e', 'package.json'))('@playwright/test');

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080/' },
    seconds: { type: 'string', default: '6' },
    rate: { type: 'string', default: '4' },
    'board-seen': { type: 'boolean', default: false },
    trace: { type: 'string' },
  },
});

/** A short name for what an event inside a task did. */
function label(event) {
  const data = event.args?.data ?? {};
  const file = (url) => (url ?? '').split('/').pop();
  switch (event.name) {
    case 'EvaluateScript':
      return `evaluate ${file(data.url)}`;
    case 'FunctionCall':
      return `call ${data.functionName || '(anonymous)'} in ${file(data.url)}`;
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'EventDispatch':
      return `${event.name} ${data.type ?? ''}`.trim();
    default:
      return event.name;
  }
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu'],
});
try {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  if (values['board-seen']) await page.addInitScript(() => sessionStorage.setItem('showBoard', 'false'));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.rate) });
  const events = [];
  cdp.on('Tracing.dataCollected', (chunk) => events.push(...chunk.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute',
    transferMode: 'ReportEvents',
  });
  await page.goto(values.url);
  await page.waitForTimeout(Number(values.seconds) * 1000);
  await cdp.send('Tracing.end');
  await complete;
  if (values.trace) fs.writeFileSync(values.trace, JSON.stringify(events));

  // The renderer's main thread: the one that evaluates the page's scripts.
  const scriptsPerThread = new Map();
  for (const event of events)
    if (event.name === 'EvaluateScript' || event.name === 'FunctionCall') {
      const thread = `${event.pid}:${event.tid}`;
      scriptsPerThread.set(thread, (scriptsPerThread.get(thread) ?? 0) + 1);
    }
  const mainThread = [...scriptsPerThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((event) => `${event.pid}:${event.tid}` === mainThread && event.ph === 'X');
  const start = onMain.find((event) => event.name === 'RunTask')?.ts ?? 0;
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.dur >= 50_000);
  let blocking = 0;
  const rows = [];
  for (const task of tasks) {
    blocking += task.dur / 1000 - 50;
    const spent = new Map();
    for (const event of onMain) {
      if (event === task || event.name === 'RunTask' || event.name.startsWith('V8.')) continue;
      if (event.ts < task.ts || event.ts + (event.dur ?? 0) > task.ts + task.dur) continue;
      spent.set(label(event), (spent.get(label(event)) ?? 0) + event.dur / 1000);
    }
    const top = [...spent]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([what, ms]) => `${what} ${ms.toFixed(0)}`);
    rows.push({
      atMs: Math.round((task.ts - start) / 1000),
      ms: Math.round(task.dur / 1000),
      inside: top.join(' | '),
    });
  }
  console.log(
    JSON.stringify(
      {
        url: values.url,
        cpuSlowdown: Number(values.rate),
        loadAverage: fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
        longTasks: rows,
        blockingMs: Math.round(blocking),
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
}
