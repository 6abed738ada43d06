import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { smtpUrl } from '../support/smtp';

/**
 * Two SWX server instances on one PostgreSQL database behind Debian's haproxy, as production runs them:
 * the built server (`server/dist/main.js`) serving the built site, a fresh database on the test cluster
 * (`scripts/postgres.sh`), one shared data folder (uploads live on shared storage in production too), and
 * haproxy balancing round robin with health checks on `/healthz`, so a dead instance leaves the rotation.
 */

const repoRoot = path.resolve(__dirname, '..', '..');
// Not 4190: browsers and fetch refuse that port (ManageSieve is on the "bad ports" list).
export const balancerPort = Number(process.env.E2E_CLUSTER_PORT ?? 4280);
export const instancePorts = { a: balancerPort + 1, b: balancerPort + 2 } as const;
export type InstanceName = keyof typeof instancePorts;
export const admin = { username: 'admin', password: 'e2e-cluster-admin-1' };

export interface Stack {
  databaseUrl: string;
  instances: Record<InstanceName, ChildProcess | undefined>;
  balancer: ChildProcess;
  dataDir: string;
}

export function instanceUrl(name: InstanceName): string {
  return `http://127.0.0.1:${instancePorts[name]}`;
}

export const balancerUrl = `http://127.0.0.1:${balancerPort}`;

export async function startStack(): Promise<Stack> {
  const adminUrl = execFileSync('bash', [path.join(repoRoot, 'scripts', 'postgres.sh')], {
    encoding: 'utf8',
  }).trim();
  const name = `swx_cluster_${crypto.randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const stack: Stack = {
    databaseUrl: url.toString(),
    instances: { a: undefined, b: undefined },
    balancer: startBalancer(),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'swx-cluster-')),
  };
  try {
    // Both at once on the empty database, as compose or a rolling restart starts them: the migrations run
    // under an advisory lock, so one applies them and the other finds them applied.
    await Promise.all([startInstance(stack, 'a'), startInstance(stack, 'b')]);
    await waitFor(async () => (await fetch(`${balancerUrl}/healthz`)).ok, 'the balancer to serve');
    return stack;
  } catch (error) {
    await stopStack(stack, adminUrl);
    throw error;
  }
}

export async function stopStack(stack: Stack, adminUrl = adminUrlOf(stack.databaseUrl)): Promise<void> {
  for (const child of [stack.instances.a, stack.instances.b, stack.balancer]) child?.kill('SIGKILL');
  const name = new URL(stack.databaseUrl).pathname.slice(1);
  await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  fs.rmSync(stack.dataDir, { recursive: true, force: true });
}

export async function startInstance(stack: Stack, name: InstanceName): Promise<void> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(instancePorts[name]),
      INSTANCE_NAME: name,
      DATABASE_URL: stack.databaseUrl,
      DATA_DIR: stack.dataDir,
      WEB_ROOT: repoRoot,
      PUBLIC_URL: balancerUrl,
      // haproxy on loopback is the one hop in front; the client's address comes from X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      // Production refuses to start without a key for identity documents; one test-only key for both.
      IDENTITY_ENCRYPTION_KEY: '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0',
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'SWX <no-reply@swx.test>',
      LOG_LEVEL: 'warn',
      // One day of the simulated feed's generated past, as in the main suite (playwright.config.ts).
      MARKET_FEED_HISTORY_DAYS: '1',
      RATE_LOGIN_PER_IP_PER_MINUTE: '1000',
      RATE_SEND_CODE_PER_IP_PER_HOUR: '1000',
      RATE_REGISTER_PER_IP_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  stack.instances[name] = child;
  await waitFor(async () => (await fetch(`${instanceUrl(name)}/healthz`)).ok, `instance ${name} to start`);
}

/** Kills an instance as a crash would: no shutdown, its connections (and the leader's lock) just drop. */
export async function killInstance(stack: Stack, name: InstanceName): Promise<void> {
  const child = stack.instances[name];
  if (!child) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  stack.instances[name] = undefined;
}

/**
 * Freezes an instance as a long GC pause or a suspended VM would (SIGSTOP): its process runs nothing, its
 * connections stay open and the kernel still answers for its sockets. `resume` lets it run on (SIGCONT).
 */
export function freezeInstance(stack: Stack, name: InstanceName): { resume: () => void } {
  const child = stack.instances[name]!;
  child.kill('SIGSTOP');
  let resumed = false;
  return {
    resume: () => {
      if (resumed) return;
      resumed = true;
      child.kill('SIGCONT');
    },
  };
}

/** The background leadership's current term (`platform_leadership`, the lock key of the feed and the jobs). */
export async function leadershipEpoch(stack: Stack): Promise<bigint | undefined> {
  const rows = await query<{ epoch: string }>(
    stack,
    `select epoch::text as epoch from platform_leadership where lock_key = $1`,
    [BACKGROUND_LOCK_KEY],
  );
  return rows[0] ? BigInt(rows[0].epoch) : undefined;
}

/** server/src/platform/leadership.ts's BACKGROUND_LOCK_KEY ("SWXFEED"), as PostgreSQL's bigint text. */
const BACKGROUND_LOCK_KEY = 0x535758_4645_4544n.toString();

/**
 * The instance holding the background leadership (feed and scheduler), from the name its lock connection
 * carries in `pg_stat_activity` (`swx-leader <INSTANCE_NAME>`); undefined while nobody holds it.
 */
export async function leader(stack: Stack): Promise<InstanceName | undefined> {
  const rows = await withClient(stack.databaseUrl, async (client) => {
    const result = await client.query<{ application_name: string }>(
      `select a.application_name
         from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and a.datname = current_database()
          and a.application_name like 'swx-leader %'`,
    );
    return result.rows;
  });
  const holder = rows[0]?.application_name.slice('swx-leader '.length);
  return holder === 'a' || holder === 'b' ? holder : undefined;
}

export async function query<R extends pg.QueryResultRow>(
  stack: Stack,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  return withClient(stack.databaseUrl, async (client) => (await client.query<R>(text, values)).rows);
}

/** haproxy with the deployment's own configuration (deploy/haproxy.cfg), pointed at the two instances. */
function startBalancer(): ChildProcess {
  // -db: stay in the foreground, so the test owns the process.
  return spawn('haproxy', ['-db', '-q', '-f', path.join(repoRoot, 'deploy', 'haproxy.cfg')], {
    env: {
      ...process.env,
      SWX_BIND: `127.0.0.1:${balancerPort}`,
      SWX_SERVER_A: `127.0.0.1:${instancePorts.a}`,
      SWX_SERVER_B: `127.0.0.1:${instancePorts.b}`,
    },
    stdio: 'ignore',
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function adminUrlOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
