import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { parseMail, verificationCodeIn } from '../support/smtp';
import { waitFor } from './stack';

/**
 * The server image, proven without an image registry (docs/deployment.md, "Images"): the runtime tree the
 * image holds, assembled by the very script deploy/server.Dockerfile runs (scripts/runtime-tree.sh: `pnpm
 * deploy --prod` with dist/, each app's dist/), then started from that tree alone as an unprivileged user
 * (`nobody`), the application root's and read-only to it, only its data and releases folders writable, as the
 * image's `USER node` has it. On an empty PostgreSQL database: the one-shot migration step, health, a page in
 * the browser, a customer signing up (the code mailed into the data folder) and in.
 */
test.describe.configure({ mode: 'serial' });
test.skip(process.getuid?.() !== 0, 'switching to an unprivileged user needs root (CI runs as root)');

const repoRoot = path.resolve(__dirname, '..', '..');
const unprivileged = ['--reuid=nobody', '--regid=nogroup', '--clear-groups'];
let work: string;
let tree: string;
let dataDir: string;
let adminUrl: string;
let databaseName: string;
let databaseUrl: string;
let server: ChildProcess | undefined;
let site: string;
let assembled: Map<string, number>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function adminQuery(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Every file of the tree with its modification time, the releases folder aside. */
function snapshot(dir: string): Map<string, number> {
  const files = new Map<string, number>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (full === path.join(tree, 'web', 'releases')) continue;
      const stat = fs.lstatSync(full);
      files.set(full, stat.mtimeMs);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return files;
}

/** Only what the server needs, as a container's environment: nothing of this test runner's. */
function environment(port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    WEB_ROOT: path.join(tree, 'web'),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'e2e-runtime-admin-1',
    IDENTITY_ENCRYPTION_KEY: '3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b',
    INSTANCE_NAME: 'runtime-tree',
    LOG_LEVEL: 'warn',
    MARKET_FEED_HISTORY_DAYS: '1',
  };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-runtime-'));
  tree = path.join(work, 'app');
  execFileSync('bash', [path.join(repoRoot, 'scripts', 'runtime-tree.sh'), tree], { stdio: 'inherit' });
  // As the image has it: the application is root's, readable by all and writable by nobody else; the data and
  // releases folders are the server user's.
  execFileSync('chown', ['-R', 'root:root', work]);
  execFileSync('chmod', ['-R', 'a+rX,go-w', work]);
  dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  execFileSync('chown', ['nobody:nogroup', dataDir, path.join(tree, 'web', 'releases')]);
  assembled = snapshot(tree);

  adminUrl = execFileSync('bash', [path.join(repoRoot, 'scripts', 'postgres.sh')], {
    encoding: 'utf8',
  }).trim();
  databaseName = `swx_runtime_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();

  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  // The one-shot migration step of deploy/compose.yaml, from the tree, as the server user.
  execFileSync('setpriv', [...unprivileged, process.execPath, 'dist/main.js', '--migrate-only'], {
    cwd: path.join(tree, 'server'),
    env: environment(port),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = spawn('setpriv', [...unprivileged, process.execPath, 'dist/main.js'], {
    cwd: path.join(tree, 'server'),
    env: environment(port),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(async () => (await fetch(`${site}/healthz`)).ok, 'the server from the runtime tree', 90_000);
});

test.afterAll(async () => {
  server?.kill('SIGKILL');
  if (databaseName) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test('the migrations ran once in the one-shot step; the server runs as nobody and is healthy', async () => {
  const journal = JSON.parse(
    fs.readFileSync(path.join(tree, 'server', 'migrations', 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  const applied = await adminQuery(databaseUrl, 'select hash from drizzle.__drizzle_migrations');
  expect(applied).toHaveLength(journal.entries.length);
  const status = fs.readFileSync(`/proc/${server!.pid}/status`, 'utf8');
  expect(status).toMatch(/^Uid:\s+65534\s+65534/m);
  const health = await fetch(`${site}/healthz`);
  expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
});

test('the site loads in the browser from the tree’s web folder', async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem('showBoard', 'false'));
  await page.goto(`${site}/market`);
  await expect(page.getByRole('heading', { level: 1, name: 'Markets' })).toBeVisible({ timeout: 30_000 });
  const manifest = await fetch(`${site}/mf-markets/mf-manifest.json`);
  expect(manifest.ok).toBe(true);
});

test('a customer signs up with a code mailed into the data folder, and signs in', async () => {
  const username = `rt${Date.now().toString(36)}`.slice(0, 20);
  const email = `${username}@swx.test`;
  const password = 'runtime-tree1';
  const post = async (route: string, data: unknown) =>
    (await (
      await fetch(`${site}/swx/customer${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(data),
      })
    ).json()) as { code: string; message: string; result: { token?: string } | null };
  expect(await post('/login/sendCode', { email, scene: 'register' })).toMatchObject({ code: '200' });
  // Without SMTP_URL the server writes the mail into DATA_DIR/outbox: the data folder is writable to it.
  const outbox = path.join(dataDir, 'outbox');
  let mail = '';
  await waitFor(async () => {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    const texts = files.map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'));
    mail = texts.find((text) => text.includes(email)) ?? '';
    return mail !== '';
  }, 'the verification mail in the outbox');
  const code = verificationCodeIn(parseMail(mail, [email], Date.now()));
  const registered = await post('/login/register', {
    username,
    email,
    password,
    confirmPassword: password,
    code,
  });
  expect(registered, registered.message).toMatchObject({ code: '200' });
  const signedIn = await post('/login/login', { account: username, password });
  expect(signedIn, signedIn.message).toMatchObject({ code: '200' });
  expect(signedIn.result?.token).toEqual(expect.any(String));
});

test('nothing was written into the application folder', () => {
  const now = snapshot(tree);
  const changed = [...now].filter(([file, mtime]) => assembled.get(file) !== mtime).map(([file]) => file);
  expect(changed).toEqual([]);
  expect([...assembled.keys()].filter((file) => !now.has(file))).toEqual([]);
});
