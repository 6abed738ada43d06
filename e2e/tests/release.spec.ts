import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seriousAxe } from '../support/axe';
import { smtpUrl } from '../support/smtp';

/**
 * Versioned module releases on a running site (docs/deployment.md, "Releasing a module"). The spec runs its
 * own built server (`server/dist`) on a web root of its own, with the built shell (`shell/dist`) copied in and
 * a releases folder it owns, so releasing and rolling back never disturbs the other specs' site; a second
 * static server (scripts/fixture-server.mjs) is the CDN on another origin that mf-trading is released to.
 * The release commands are the real ones (`scripts/release/cli.mjs`): three module builds and one shell
 * build, made once here, the rest by copying and altering their output.
 */
const repoRoot = path.resolve(__dirname, '..', '..');
// Ports the system hands out free: several suites share this machine, fixed ports could meet another's.
let site: string;
let cdn: string;

let work: string;
let webRoot: string;
let releasesDir: string;
let nextShell: string;
const children: ChildProcess[] = [];
const versions = { markets: [] as string[], trading: '' };

interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `pnpm release|promote|rollback|releases` as an operator runs them, against this spec's site. */
function releaseCommand(...args: string[]): CommandResult {
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'scripts', 'release', 'cli.mjs'), ...args],
    {
      encoding: 'utf8',
      env: { ...process.env, RELEASES_DIR: releasesDir, SHELL_DIST: path.join(webRoot, 'shell', 'dist') },
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function pointer(): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(releasesDir, 'remotes.json'), 'utf8'));
}

/** Releases a module and answers the version the pointer now names. */
function release(module: string, ...options: string[]): string {
  const result = releaseCommand('release', module, ...options);
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  expect(result.stdout).toContain('fits the shell');
  const federationName = module.replace(/-/g, '_');
  return new RegExp(`/${module}/([^/]+)/mf-manifest\\.json$`).exec(pointer()[federationName] ?? '')![1]!;
}

function build(args: string[], env: Record<string, string>) {
  const result = spawnSync('pnpm', args, {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * `fetch`, tried once more when the connection fails. The builds and release commands here run synchronously
 * (spawnSync) and block this process for many seconds, long past the server's keep-alive timeout: the next
 * fetch may reuse a socket the server has already closed and fail with "other side closed" before sending
 * anything. A second try opens a new connection.
 */
async function get(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

async function waitUntil(url: string, what: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

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

/** Starts a server of this spec and waits until it answers `ready` itself (not whatever holds the port). */
async function start(script: string, env: Record<string, string>, ready: string) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  await waitUntil(ready, script);
  if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
}

function copyShell(from: string) {
  const target = path.join(webRoot, 'shell', 'dist');
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(from, target, { recursive: true });
}

test.describe.configure({ mode: 'serial' });
// One run: it builds and releases modules on a server of its own; the layout is not what it is about.
test.skip(({ isMobile }) => isMobile, 'desktop only');

test.beforeAll(async () => {
  test.setTimeout(600_000);
  for (const built of ['shell/dist/remote-contract.json', 'server/dist/main.js'])
    if (!fs.existsSync(path.join(repoRoot, built)))
      throw new Error(`${built} is missing: pnpm --dir shell build && pnpm --dir server build`);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-e2e-release-'));
  webRoot = path.join(work, 'web');
  releasesDir = path.join(work, 'releases');
  copyShell(path.join(repoRoot, 'shell', 'dist'));

  const [sitePort, cdnPort] = [await freePort(), await freePort()];
  site = `http://127.0.0.1:${sitePort}`;
  cdn = `http://127.0.0.1:${cdnPort}`;
  versions.markets.push(release('mf-markets'));
  versions.trading = release('mf-trading', '--base-url', `${cdn}/cdn`);
  // The next shell: the same code built as a new shell version (what its manifest and the panel say).
  nextShell = path.join(work, 'next-shell');
  build(['--dir', 'shell', 'exec', 'webpack', '--mode', 'production', '--output-path', nextShell], {
    MF_BUILD_VERSION: '0.1.0-next-shell',
  });

  const cdnScript = path.join(repoRoot, 'e2e', 'scripts', 'fixture-server.mjs');
  await start(
    cdnScript,
    { FIXTURE_ROOT: releasesDir, FIXTURE_PREFIX: '/cdn', FIXTURE_PORT: String(cdnPort) },
    `${cdn}/health`,
  );
  await start(
    path.join(repoRoot, 'server', 'dist', 'main.js'),
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(sitePort),
      DATA_DIR: path.join(work, 'data'),
      WEB_ROOT: webRoot,
      RELEASES_DIR: releasesDir,
      PUBLIC_URL: site,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'e2e-release-admin-1',
      IDENTITY_ENCRYPTION_KEY: '7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f5e1f0c7a9b3d4e6f8a2b1c0d9e8f',
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'SWX <no-reply@swx.test>',
      LOG_LEVEL: 'warn',
    },
    `${site}/healthz`,
  );
  // The site serves the shell copied into its web root (an API-only server would answer 404 here).
  expect((await get(`${site}/`)).headers.get('content-type')).toContain('text/html');
});

test.afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** The version and manifest the shell's diagnostics panel shows for a module (opened from the footer). */
async function diagnosed(page: Page, module: string) {
  await page.getByRole('contentinfo').getByRole('button', { name: 'Diagnostics' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support diagnostics' });
  const row = dialog.locator(`tr[data-module="${module}"]`);
  const facts = {
    version: (await row.locator('td').nth(0).textContent())?.trim(),
    manifest: (await row.locator('td').nth(1).textContent())?.trim(),
    status: (await row.locator('td').nth(2).textContent())?.trim(),
  };
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return facts;
}

async function showsMarkets(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Markets' })).toBeVisible();
}

async function showsTrading(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
}

/** Away from the markets area and back: the navigation that picks up a release. */
async function reenterMarkets(page: Page) {
  const bar = page.getByTestId('desktop-top-bar');
  await bar.getByRole('link', { name: 'Trading', exact: true }).click();
  await showsTrading(page);
  await bar.getByRole('link', { name: 'Market', exact: true }).click();
  await showsMarkets(page);
}

test('a release goes live on the next navigation without reloading the shell, and so does a rollback', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const [first] = versions.markets;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${site}/market`);
  await showsMarkets(page);
  await page.evaluate(() => Object.assign(window, { __samePage: true }));
  expect(await diagnosed(page, 'mf_markets')).toEqual({
    version: first,
    manifest: `${site}/releases/mf-markets/${first}/mf-manifest.json`,
    status: 'Loaded',
  });

  // The old shell, still open, with the new module.
  const second = release('mf-markets');
  versions.markets.push(second);
  await expect
    .poll(async () => (await (await get(`${site}/remotes.json`)).json()).mf_markets)
    .toBe(`/releases/mf-markets/${second}/mf-manifest.json`);
  await reenterMarkets(page);
  await expect.poll(async () => (await diagnosed(page, 'mf_markets')).version).toBe(second);
  // The new version's own code ran: its entry and the chunks of its ./routes, not only its manifest.
  const fromSecond = requested.filter((url) => url.startsWith(`${site}/releases/mf-markets/${second}/`));
  expect(fromSecond.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
  expect(fromSecond.filter((url) => /\/[^/]+\.[0-9a-f]{10}\.js$/.test(url)).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);

  // Roll back: only the pointer changes; the old version's files are still served.
  const rollback = releaseCommand('rollback', 'mf-markets', first!);
  expect(rollback.status, rollback.stderr).toBe(0);
  await reenterMarkets(page);
  await expect.poll(async () => (await diagnosed(page, 'mf_markets')).version).toBe(first);
  expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);

  const listed = releaseCommand('list', 'mf-markets');
  expect(listed.stdout).toContain(`* ${first}`);
  expect(listed.stdout).toContain(`  ${second}`);
});

test('a new shell works with the old module and with the new one', async ({ page }) => {
  const [first, second] = versions.markets;
  copyShell(nextShell);
  await page.goto(`${site}/market`);
  await showsMarkets(page);
  // The panel reads the shell's version from its manifest when it opens.
  await expect.poll(async () => (await diagnosed(page, 'swx_shell')).version).toBe('0.1.0-next-shell');
  expect(await diagnosed(page, 'mf_markets')).toMatchObject({ version: first, status: 'Loaded' });

  const promote = releaseCommand('promote', 'mf-markets', second!);
  expect(promote.status, promote.stderr).toBe(0);
  await reenterMarkets(page);
  await expect.poll(async () => (await diagnosed(page, 'mf_markets')).version).toBe(second);
});

test('an incompatible release is refused with a report and the site stays as it was', async ({ page }) => {
  const [, second] = versions.markets;
  // A broken build of mf-markets: its ./routes expose gone and built against another React.
  const broken = '0.1.0-e2e-broken';
  const brokenDir = path.join(releasesDir, 'mf-markets', broken);
  fs.cpSync(path.join(releasesDir, 'mf-markets', second!), brokenDir, { recursive: true });
  const manifestFile = path.join(brokenDir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  manifest.exposes = [];
  for (const shared of manifest.shared)
    if (shared.name === 'react') Object.assign(shared, { version: '18.3.1', requiredVersion: '^18.3.1' });
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const record = JSON.parse(fs.readFileSync(path.join(brokenDir, 'release.json'), 'utf8'));
  fs.writeFileSync(
    path.join(brokenDir, 'release.json'),
    JSON.stringify({
      ...record,
      version: broken,
      createdAt: new Date().toISOString(),
      manifestUrl: `/releases/mf-markets/${broken}/mf-manifest.json`,
    }),
  );
  const before = await (await get(`${site}/remotes.json`)).text();
  const pointerBefore = fs.readFileSync(path.join(releasesDir, 'remotes.json'), 'utf8');

  const refused = releaseCommand('promote', 'mf-markets', broken);
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain(`compatibility gate: mf-markets ${broken} REFUSED`);
  expect(refused.stderr).toContain('the shell loads "./routes" but the module exposes only nothing');
  expect(refused.stderr).toContain('react: the module brings 18.3.1, the shell requires ^19.3.1');
  expect(refused.stderr).toContain('react: the shell provides 19.3.1, the module requires ^18.3.1');

  expect(fs.readFileSync(path.join(releasesDir, 'remotes.json'), 'utf8')).toBe(pointerBefore);
  expect(await (await get(`${site}/remotes.json`)).text()).toBe(before);
  await page.goto(`${site}/market`);
  await showsMarkets(page);
  await reenterMarkets(page);
  expect(await diagnosed(page, 'mf_markets')).toMatchObject({ version: second });
});

test('a module released to another origin loads through CORS, the CSP and the start-up preload', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|CORS/i.test(message.text())) violations.push(message.text());
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const manifest = `${cdn}/cdn/mf-trading/${versions.trading}/mf-manifest.json`;
  expect(pointer().mf_trading).toBe(manifest);

  // Landing on the module's page: the shell's entry chunk starts the module's manifest and entry early.
  const response = await page.goto(`${site}/trading`);
  expect(response?.headers()['content-security-policy']).toMatch(new RegExp(`script-src [^;]*${cdn}`));
  await showsTrading(page);
  const fromCdn = requested.filter((url) => url.startsWith(`${cdn}/cdn/mf-trading/${versions.trading}/`));
  expect(fromCdn).toContain(manifest);
  expect(fromCdn.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
  expect(fromCdn.filter((url) => /\.[0-9a-f]{10}\.js$/.test(url)).length).toBeGreaterThan(0);
  const cors = await get(manifest, { headers: { Origin: site } });
  expect(cors.headers.get('access-control-allow-origin')).toBe('*');
  expect(await diagnosed(page, 'mf_trading')).toEqual({
    version: versions.trading,
    manifest,
    status: 'Loaded',
  });
  expect(violations).toEqual([]);
});

test('a release’s standalone page tells support its version, manifest, shared copies and socket', async ({
  page,
}) => {
  const [, second] = versions.markets;
  const base = `${site}/releases/mf-markets/${second}/`;
  await page.goto(`${base}market`);
  const panel = page.getByTestId('harness-diagnostics');
  await expect(panel.getByTestId('harness-version')).toHaveText(second!);
  await expect(panel.getByText(`${base}mf-manifest.json`).first()).toBeVisible();
  const react = panel.locator('tr[data-library="react"]');
  await expect(react).toContainText('19.3.1');
  await expect(react).toContainText('mf_markets');
  await expect(panel.getByTestId('diagnostics-socket')).toHaveText(/Connected|Connecting/);
  // The deep link is routed inside the release: the markets screen, not the shell.
  await showsMarkets(page);
});

test('the diagnostics panel opens from ?diagnostics=1, works from the keyboard and passes axe', async ({
  page,
}) => {
  await page.goto(`${site}/market?diagnostics=1`);
  const dialog = page.getByRole('dialog', { name: 'Support diagnostics' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('tr[data-module="mf_markets"]')).toContainText(versions.markets[1]!);
  await expect(dialog.locator('tr[data-library="react"]')).toContainText('swx_shell');
  const { violations } = await seriousAxe(page).analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
  ).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The footer control, from the keyboard.
  const control = page.getByRole('contentinfo').getByRole('button', { name: 'Diagnostics' });
  await control.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(control).toBeFocused();
});

/**
 * A workspace beside the repository's, as a developer's change would leave it: its SDK renames a contract field
 * (`UserInfo.username`), and its mf-markets is the same code. Everything else (dependencies, the release
 * commands) is the repository's own: node_modules is linked, the rest copied.
 */
function changedSdkWorkspace(): string {
  const workspace = path.join(work, 'changed-sdk');
  fs.mkdirSync(workspace);
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(workspace, 'node_modules'));
  for (const item of ['package.json', 'tsconfig.base.json', 'scripts', 'shared', 'mf-markets'])
    fs.cpSync(path.join(repoRoot, item), path.join(workspace, item), {
      recursive: true,
      verbatimSymlinks: true,
      // The module's own build output and the SDK's test reports are not sources.
      filter: (source) => !/[\\/](dist|\.test-results|coverage)$/.test(source),
    });
  const auth = path.join(workspace, 'shared', 'src', 'contract', 'auth.ts');
  const before = fs.readFileSync(auth, 'utf8');
  const after = before.replace(
    'export const UserInfo = Type.Object({\n  id: Id,\n  username: Type.String(),',
    'export const UserInfo = Type.Object({\n  id: Id,\n  userName: Type.String(),',
  );
  expect(after).not.toBe(before);
  fs.writeFileSync(auth, after);
  return workspace;
}

function inWorkspace(workspace: string, script: string, ...args: string[]): CommandResult {
  const result = spawnSync(process.execPath, [path.join(workspace, script), ...args], {
    encoding: 'utf8',
    cwd: workspace,
    env: { ...process.env, RELEASES_DIR: releasesDir, SHELL_DIST: path.join(webRoot, 'shell', 'dist') },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('a module built against a changed SDK is refused by the gate, and by the shell when forced onto the pointer', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const workspace = changedSdkWorkspace();
  const sharedPackage = path.join(workspace, 'shared', 'package.json');
  const current = (JSON.parse(fs.readFileSync(sharedPackage, 'utf8')) as { version: string }).version;
  const next = `${Number(current.split('.')[0]) + 1}.0.0`;
  // The SDK's surface check names the change and the version it needs...
  const surface = inWorkspace(workspace, 'scripts/release/sdk-surface.mjs');
  expect(surface.status, surface.stdout).toBe(1);
  expect(surface.stderr).toContain('removed contract:UserInfo.username');
  expect(surface.stderr).toContain(`a major change needs ${next} or later`);
  // ...and the developer follows it: the SDK's next major (recording it is not needed to build against it),
  // and mf-markets is built against it.
  fs.writeFileSync(
    sharedPackage,
    fs.readFileSync(sharedPackage, 'utf8').replace(`"version": "${current}"`, `"version": "${next}"`),
  );
  const pointerBefore = fs.readFileSync(path.join(releasesDir, 'remotes.json'), 'utf8');

  const refused = inWorkspace(workspace, 'scripts/release/cli.mjs', 'release', 'mf-markets');
  expect(refused.status, `${refused.stdout}\n${refused.stderr}`).toBe(2);
  expect(refused.stderr).toContain('REFUSED');
  expect(refused.stderr).toContain(
    `shared singleton @swx/shared: the module brings ${next}, the shell requires ^${current}`,
  );
  expect(refused.stderr).toContain(
    `shared singleton @swx/shared: the shell provides ${current}, the module requires ^${next}`,
  );
  expect(fs.readFileSync(path.join(releasesDir, 'remotes.json'), 'utf8')).toBe(pointerBefore);
  const stored = /stored .*[\\/]mf-markets[\\/]([^\s\\/]+)/.exec(refused.stdout)![1]!;
  expect(releaseCommand('list', 'mf-markets').stdout).toContain(`${stored}  `);

  // Forced: the pointer edited by hand, past the gate. The shell's federation runtime refuses the module.
  const forced = { ...pointer(), mf_markets: `/releases/mf-markets/${stored}/mf-manifest.json` };
  fs.writeFileSync(path.join(releasesDir, 'remotes.json'), JSON.stringify(forced));
  try {
    await page.goto(`${site}/market`);
    await expect(page.getByRole('alert', { name: 'Chunk-load error' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Markets' })).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Diagnostics' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support diagnostics' });
    await expect(dialog.locator('tr[data-module="mf_markets"]')).toContainText(
      `Refused: built for @swx/shared ^${next}, the page has ${current}`,
    );
    await page.keyboard.press('Escape');
  } finally {
    fs.writeFileSync(path.join(releasesDir, 'remotes.json'), pointerBefore);
  }
  // Back on the pointer's version: the page works again.
  await page.goto(`${site}/market`);
  await showsMarkets(page);
});
