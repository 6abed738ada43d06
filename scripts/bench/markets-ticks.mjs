// Front-end load test of the markets home list (docs/performance/front-end.md): 200 market rows receiving
// 2,000 price ticks per second for 60 s in Debian's Chromium, against the built site on a running server.
// Passes when no long task (> 50 ms) occurs after load and the JS heap grows by at most 10 MB.
//
//   node scripts/bench/markets-ticks.mjs [--url http://127.0.0.1:8080] [--seconds 60] [--rate 2000] [--rows 200]
//   [--profile out.cpuprofile]   also records a CPU profile of the measured window (open it in Chrome's
//                                DevTools) and prints the functions with the most self time; the profiler
//                                slows the page, so the pass/fail figures of a profiled run do not count.
//
// The page is the real shell with the real markets module, loaded through a small local proxy in front of
// the server. Only two answers are replaced, because the server lists ~50 markets and its simulator ticks
// each about every two seconds: `listMarketAll` answers 200 synthetic markets, and `/message` is a real
// websocket fed by this script at the requested rate (a real socket, so the browser does exactly the work
// it does in production; Playwright's own websocket routing would add its shim to every message). This is a
// load generator for a measurement, not data any customer sees.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', '..', 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');
const { WebSocketServer } = createRequire(path.join(here, '..', '..', 'server', 'package.json'))('ws');
import fs from 'node:fs';
import http from 'node:http';

/** The functions with the most self time in a CDP CPU profile, as `name url:line → ms`. */
function topSelfTime(profile, count) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byNode.get(profile.samples[i]);
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^https?:\/\/[^/]+/, '')}:${frame.lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return Object.fromEntries(
    [...selfMs.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => [key, Math.round(ms)]),
  );
}

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
}

const baseUrl = option('url', process.env.SWX_URL ?? 'http://127.0.0.1:8080');
const seconds = Number(option('seconds', 60));
const ticksPerSecond = Number(option('rate', 2000));
const rows = Number(option('rows', 200));
const framesPerSecond = 20;
const ticksPerFrame = Math.round(ticksPerSecond / framesPerSecond);
const viewport = option('viewport', 'mobile');
const profileFile = option('profile', null);

const codes = Array.from({ length: rows }, (_, i) => `BENCH${String(i).padStart(3, '0')}`);
const prices = codes.map((_, i) => 100 + i);

function marketItem(code, i) {
  const hundred = Array.from({ length: 100 }, (_, k) =>
    (prices[i] * (1 + Math.sin(k / 7 + i) / 100)).toFixed(2),
  );
  return {
    code,
    type: 2 + (i % 5),
    id: String(i + 1),
    appName: `Bench market ${i + 1}`,
    logo: '/swx/customer/index/logo/BTCUSDT.svg',
    price: hundred[99],
    nowPrice: hundred[99],
    zdf: '0.00',
    hundred,
    openNow: true,
  };
}

let next = 0;
function frame() {
  const items = [];
  for (let k = 0; k < ticksPerFrame; k++) {
    const i = next++ % rows;
    prices[i] *= 1 + (Math.random() - 0.5) / 500;
    items.push({
      code: codes[i],
      price: prices[i].toFixed(2),
      zdf: ((prices[i] / (100 + i) - 1) * 100).toFixed(2),
      time: Date.now(),
    });
  }
  return JSON.stringify(items);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--js-flags=--expose-gc',
  ],
});
const context = await browser.newContext(
  viewport === 'desktop'
    ? { viewport: { width: 1280, height: 800 } }
    : { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
);
const page = await context.newPage();
await page.addInitScript(() => {
  window.sessionStorage.setItem('showBoard', 'false');
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // Long animation frames say what a slow frame spent its time on (scripts, or style/layout/paint).
  window.__longFrames = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const scripts = entry.scripts.reduce((sum, script) => sum + script.duration, 0);
        const render = entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0;
        const styleAndLayout = entry.styleAndLayoutStart
          ? entry.startTime + entry.duration - entry.styleAndLayoutStart
          : 0;
        window.__longFrames.push({
          start: entry.startTime,
          duration: entry.duration,
          scripts,
          render,
          styleAndLayout,
          slowestScript: entry.scripts.sort((a, b) => b.duration - a.duration)[0]?.invoker ?? null,
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // Browsers without Long Animation Frames: the long-task figures still stand.
  }
});

// The proxy: the server for everything except the market list and the live socket.
const upstream = new URL(baseUrl);
const proxy = http.createServer((request, response) => {
  if (request.url.startsWith('/remotes.json')) {
    // Whatever the server lists, with the real markets module (not a test fixture) for mf_markets.
    http.get({ host: upstream.hostname, port: upstream.port, path: '/remotes.json' }, (answer) => {
      let text = '';
      answer.on('data', (chunk) => (text += chunk));
      answer.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ ...JSON.parse(text), mf_markets: '/mf-markets/mf-manifest.json' }));
      });
    });
    return;
  }
  if (request.url.startsWith('/swx/customer/index/listMarketAll')) {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ code: '200', message: '', result: codes.map(marketItem) }));
    return;
  }
  const forward = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      path: request.url,
      method: request.method,
      headers: request.headers,
    },
    (answer) => {
      response.writeHead(answer.statusCode, answer.headers);
      answer.pipe(response);
    },
  );
  request.pipe(forward);
});
const sockets = new WebSocketServer({ server: proxy, path: '/message' });
let sentTicks = 0;
const timer = setInterval(() => {
  if (sockets.clients.size === 0) return;
  const text = frame();
  for (const client of sockets.clients) client.send(text);
  sentTicks += ticksPerFrame;
}, 1000 / framesPerSecond);
await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://127.0.0.1:${proxy.address().port}`;

await page.goto(pageUrl + '/', { waitUntil: 'load' });
await page.getByTestId('home-market-list').waitFor();
await page.waitForFunction((n) => document.querySelectorAll('[data-testid="market-row"]').length >= n, rows);
const cdp = await context.newCDPSession(page);
await cdp.send('Performance.enable');
// A forced garbage collection is itself a long main-thread task: only before and after the measured window.
const heap = async ({ collect }) => {
  if (collect) await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize').value;
};
// Settle: first frames, first flashes, JIT warm-up; "after load" starts here.
await page.waitForTimeout(3000);
const heapBefore = await heap({ collect: true });
// CPU time of the page's main thread (not wall time): unlike long tasks, barely moved by other processes
// competing for the machine, so it compares builds measured under different load.
const cpuMetrics = async () => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    thread: value('ThreadTime'),
    script: value('ScriptDuration'),
    layout: value('LayoutDuration'),
    style: value('RecalcStyleDuration'),
  };
};
const cpuBefore = await cpuMetrics();
const loadedAt = await page.evaluate(() => performance.now());
const ticksBefore = sentTicks;
if (profileFile) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
}
const started = Date.now();
const samples = [];
while (Date.now() - started < seconds * 1000) {
  await page.waitForTimeout(10_000);
  samples.push({
    at: Math.round((Date.now() - started) / 1000),
    heapMb: +((await heap({ collect: false })) / 1048576).toFixed(2),
  });
}
const ticks = sentTicks - ticksBefore;
const cpuAfter = await cpuMetrics();
const perSecond = (key) => Math.round(((cpuAfter[key] - cpuBefore[key]) * 1000) / seconds);
let profileTop;
if (profileFile) {
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(profileFile, JSON.stringify(profile));
  profileTop = topSelfTime(profile, 15);
}
const longTasks = await page.evaluate(
  (after) => window.__longTasks.filter((t) => t.start >= after),
  loadedAt,
);
const longFrames = await page.evaluate(
  (after) => window.__longFrames.filter((f) => f.start >= after && f.duration > 50),
  loadedAt,
);
const heapAfter = await heap({ collect: true });
const framesPainted = await page.evaluate(
  () =>
    new Promise((resolve) => {
      let n = 0;
      const startAt = performance.now();
      const count = () =>
        performance.now() - startAt < 1000 ? (n++, requestAnimationFrame(count)) : resolve(n);
      requestAnimationFrame(count);
    }),
);
clearInterval(timer);
await browser.close();
sockets.close();
proxy.close();

const growthMb = (heapAfter - heapBefore) / 1048576;
const result = {
  viewport,
  rows,
  seconds,
  ticksSent: ticks,
  ticksPerSecond: Math.round(ticks / seconds),
  longTasksAfterLoad: longTasks.length,
  longestTaskMs: longTasks.reduce((max, t) => Math.max(max, t.duration), 0),
  // When they happened, seconds into the measured window (the heap is sampled every 10 s).
  longTaskAtSeconds: longTasks.map((t) => +((t.start - loadedAt) / 1000).toFixed(1)),
  longFramesAfterLoad: longFrames.length,
  // Where the time of those frames went, summed (ms): script callbacks, rendering, of which style and layout.
  longFramesMs: longFrames.reduce(
    (sum, f) => ({
      total: Math.round(sum.total + f.duration),
      scripts: Math.round(sum.scripts + f.scripts),
      render: Math.round(sum.render + f.render),
      styleAndLayout: Math.round(sum.styleAndLayout + f.styleAndLayout),
    }),
    { total: 0, scripts: 0, render: 0, styleAndLayout: 0 },
  ),
  mainThreadCpuMsPerSecond: perSecond('thread'),
  scriptMsPerSecond: perSecond('script'),
  layoutMsPerSecond: perSecond('layout'),
  styleMsPerSecond: perSecond('style'),
  heapBeforeMb: +(heapBefore / 1048576).toFixed(2),
  heapAfterMb: +(heapAfter / 1048576).toFixed(2),
  heapGrowthMb: +growthMb.toFixed(2),
  heapSamplesWithoutGc: samples,
  framesInOneSecondAtEnd: framesPainted,
};
if (profileTop) result.profileSelfTimeMs = profileTop;
result.pass = result.longTasksAfterLoad === 0 && growthMb <= 10;
console.log(JSON.stringify(result, null, 2));
process.exit(result.pass ? 0 : 1);
