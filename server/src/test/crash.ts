import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { adminQuery, newPostgresDatabase, writePgliteTemplate, type TemplateKind } from './database';

/** server/, whichever test file imports this. */
export const serverDir = path.resolve(__dirname, '..', '..');

/**
 * A database that outlives a server process, for crash tests: a fresh database on the PostgreSQL server of
 * TEST_DATABASE_URL when set, else a PGlite data directory. `env` is what a server process needs to open it.
 * Empty by default (the process migrates it and starts on it for the first time); with `template`, a copy of
 * that test template (src/test/database.ts), for a test whose process need not redo that work.
 */
export async function crashDatabase(options: { template?: TemplateKind } = {}): Promise<{
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-crash-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    if (options.template) await writePgliteTemplate(path.join(dataDir, 'pglite'), options.template);
    return { env, cleanup: async () => removeDir() };
  }
  if (options.template) {
    const copy = await newPostgresDatabase(adminUrl, options.template);
    env.DATABASE_URL = copy.databaseUrl;
    return {
      env,
      cleanup: async () => {
        await copy.drop();
        removeDir();
      },
    };
  }
  const name = `swx_t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  return {
    env,
    cleanup: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      removeDir();
    },
  };
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  /** Lines the process wrote to stdout so far. */
  lines: string[];
  /** stderr so far, for failure messages. */
  stderr(): string;
  /** Resolves with the first stdout line matching `pattern` (seen already or to come). */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGKILL: no shutdown hook runs, in-flight transactions are cut where they stand. */
  kill(): Promise<void>;
  exited: Promise<number | null>;
}

/**
 * Runs a TypeScript entry point (the real `src/main.ts`, or a test's child script) from source in a child
 * process. `node --import tsx` rather than the tsx binary: the binary runs the script in a grandchild that a
 * SIGKILL of the child would leave running.
 */
export function startServerProcess(script: string, env: Record<string, string>): ServerProcess {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
    process.execPath,
    ['--import', 'tsx', script],
    { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  let stderr = '';
  let buffer = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const complete = buffer.split('\n');
    buffer = complete.pop() ?? '';
    for (const line of complete) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.pattern.test(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    lines,
    stderr: () => stderr,
    exited,
    waitForLine(pattern, timeoutMs = 120_000) {
      const seen = lines.find((line) => pattern.test(line));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const fail = (why: string) => {
          if (!waiters.delete(waiter)) return;
          clearTimeout(timer);
          reject(new Error(`${why} before a line matching ${pattern}; stderr: ${stderr}`));
        };
        const waiter = {
          pattern,
          resolve: (line: string) => {
            clearTimeout(timer);
            resolve(line);
          },
        };
        const timer = setTimeout(() => fail(`${timeoutMs} ms passed`), timeoutMs);
        waiters.add(waiter);
        void exited.then(() => fail('the process exited'));
      });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Waits until `url` answers 200 (the server listens and its start-up finished). */
export async function waitUntilServing(
  url: string,
  process: ServerProcess,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void process.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited during start-up: ${process.stderr()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms: ${process.stderr()}`);
}

/**
 * The real server (`src/main.ts`, from source) on one free port, started as often as a crash test needs: each
 * `start()` is a new process on the same port and database, and resolves once it serves.
 */
export async function sourceServer(env: Record<string, string>): Promise<{
  base: string;
  start: () => Promise<ServerProcess>;
}> {
  const base = `http://127.0.0.1:${await freePort()}`;
  const script = path.join(serverDir, 'src', 'main.ts');
  const serverEnv = { ...env, PORT: new URL(base).port };
  return {
    base,
    start: async () => {
      const started = startServerProcess(script, serverEnv);
      try {
        await waitUntilServing(`${base}/healthz`, started);
      } catch (error) {
        await started.kill();
        throw error;
      }
      return started;
    },
  };
}
