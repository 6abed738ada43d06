import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { smtpUrl, verificationCodeIn, waitForMail } from '../support/smtp';
import { expect, test } from './fixtures';
import { setParamApproved } from '../support/staff';

/**
 * The stale-price guard end to end. The suite's server runs the simulator, which never falls silent, so this
 * file starts its own built server (`server/dist`) on a replay feed written here: BTCUSDT ticks once, ETHUSDT
 * every second, SOLUSDT every second for 20 s out of every 40. With crypto's stale window set to 5 s by staff,
 * BTCUSDT goes stale while ETHUSDT stays fresh, and SOLUSDT goes stale and fresh again every 40 s.
 * One server per worker; the mobile project skips it (the guard is the server's, the badge the same).
 */
const repoRoot = path.resolve(__dirname, '..', '..');
const admin = { username: 'admin', password: 'e2e-stale-admin-password-1' };
const staleSeconds = { '1': 60, '2': 5, '3': 60, '4': 60, '5': 60, '6': 60 };

// Both tests in one worker, on one server of their own (the suite runs files' tests in parallel otherwise).
test.describe.configure({ mode: 'default' });

let server: ChildProcess | undefined;
let baseURL = '';
let api: APIRequestContext;

function writeRecording(dir: string): string {
  const start = Date.UTC(2026, 0, 5, 12, 0, 0);
  const lines = [JSON.stringify({ code: 'BTCUSDT', price: '95000.00', time: start })];
  for (let second = 0; second < 1800; second++) {
    const price = (3300 + (second % 7) * 0.25).toFixed(2);
    lines.push(JSON.stringify({ code: 'ETHUSDT', price, time: start + second * 1000 }));
    if (second % 40 < 20) {
      const sol = (180 + (second % 5) * 0.01).toFixed(2);
      lines.push(JSON.stringify({ code: 'SOLUSDT', price: sol, time: start + second * 1000 }));
    }
  }
  const file = path.join(dir, 'stale-replay.jsonl');
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** A port nobody listens on now (fixed ports collide with other suites running on the same machine). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  // A cold start (migrations on a new PGlite database) took one to several minutes on a loaded 2-core machine.
  const deadline = Date.now() + 420_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/remotes.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from its pattern
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'one run of the guard is enough');
  test.setTimeout(480_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-e2e-stale-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn('node', [path.join(repoRoot, 'server', 'dist', 'main.js')], {
    // A clean environment: the test runner's own NODE_OPTIONS (its TypeScript loader) must not reach the server.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      WEB_ROOT: repoRoot,
      MARKET_FEED: 'replay',
      REPLAY_FILE: writeRecording(dataDir),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      // Production refuses to start without a key for identity documents; a test-only one.
      IDENTITY_ENCRYPTION_KEY: '3c2d1e0f5e1f0c7a9b3d4e6f8a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'SWX <no-reply@swx.test>',
      RATE_LOGIN_PER_IP_PER_MINUTE: '1000',
      RATE_SEND_CODE_PER_IP_PER_HOUR: '1000',
      RATE_REGISTER_PER_IP_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer(baseURL, server);
  api = await apiRequest.newContext({ baseURL });
  // Stale windows move risk: this server's admin asks, a second admin approves (maker-checker).
  await setParamApproved(
    api,
    'price_stale_seconds',
    JSON.stringify(staleSeconds),
    'e2e: a short stale window for crypto',
    { admin, baseURL },
  );
});

test.afterAll(async () => {
  await api?.dispose();
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
});

/** A new customer in the demo account, signed in on `page` the way the login screen leaves it. */
async function demoCustomer(page: Page): Promise<string> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  const username = `st${suffix}`.slice(0, 20);
  const customer = { username, email: `${username}@swx.test`, password: 'stale-demo1' };
  const since = Date.now();
  await api.post('/swx/customer/login/sendCode', { data: { email: customer.email, scene: 'register' } });
  const code = verificationCodeIn(await waitForMail(customer.email, { since }));
  const registered = await api.post('/swx/customer/login/register', {
    data: { ...customer, confirmPassword: customer.password, code },
  });
  const session = ((await registered.json()) as { result: { token: string; userInfo: unknown } }).result;
  const demo = await api.post('/swx/customer/user/accountMode', {
    headers: { Authorization: session.token },
    data: { mode: 'demo' },
  });
  expect(await demo.json()).toMatchObject({ code: '200' });
  await page.addInitScript((s) => {
    window.localStorage.setItem('token', s.token);
    window.localStorage.setItem('userInfo', JSON.stringify(s.userInfo));
    window.localStorage.setItem('isLogin', 'true');
    window.localStorage.setItem('virtualStatus', '1');
  }, session);
  return session.token;
}

const marketInfo = async (code: string) =>
  (
    (await (await api.get(`/swx/customer/index/getMarketInfo/${code}`)).json()) as {
      result: { stale: boolean; lastTick: { price: string } | null };
    }
  ).result;

test('a market without fresh ticks shows the stale badge and refuses orders with 10015', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await demoCustomer(page);
  await expect.poll(async () => (await marketInfo('BTCUSDT')).lastTick?.price).toBe('95000.00');
  await expect.poll(async () => (await marketInfo('BTCUSDT')).stale, { timeout: 30_000 }).toBe(true);
  expect((await marketInfo('ETHUSDT')).stale).toBe(false);

  const submit = (code: string) =>
    api.post('/swx/customer/order/submit', {
      headers: { Authorization: token, virtually: 'NO' },
      data: { code, side: 'buy', orderType: 'market', quantity: '0.01' },
    });
  expect(await (await submit('BTCUSDT')).json()).toMatchObject({ code: '10015' });
  expect(await (await submit('ETHUSDT')).json()).toMatchObject({ code: '200' });

  // This server lists the modules built on disk (no REMOTES_FILE), the real mf-trading among them.
  await page.goto(`${baseURL}/trading?code=BTCUSDT`);
  await expect(page.getByTestId('stale-badge')).toHaveText('Stale price');
  await page.goto(`${baseURL}/trading?code=ETHUSDT`);
  await expect(page.getByTestId('live-price')).not.toHaveText(/No price/i);
  await expect(page.getByTestId('stale-badge')).toHaveCount(0);
});

test('the stale badge comes and goes on an open page as the feed falls silent and resumes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await demoCustomer(page);
  await page.goto(`${baseURL}/trading?code=SOLUSDT`);
  await expect(page.getByTestId('live-price')).not.toHaveText(/No price/i);
  // A mark on this document: the badge must change on the open page, never through a new load.
  await page.evaluate(() => Object.assign(window, { staleTestMark: true }));
  const badge = page.getByTestId('stale-badge');
  // SOLUSDT ticks for 20 s and is silent for 20 s: past the 5 s window in each silence, fresh at each burst.
  await expect(badge).toHaveText('Stale price', { timeout: 60_000 });
  await expect(badge).toHaveCount(0, { timeout: 60_000 });
  await expect(badge).toHaveText('Stale price', { timeout: 60_000 });
  expect(await page.evaluate(() => (window as { staleTestMark?: boolean }).staleTestMark)).toBe(true);
});
