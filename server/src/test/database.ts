import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import { migrationsFolder, openDatabase, type Database } from '../db/client';

/**
 * Test databases start from templates instead of being built each time. Creating a PGlite runs initdb and
 * the migrations (seconds); a server's first start on a database seeds it (parameters, content, the market
 * catalogue, the shipped NFT collection: about a second of work in PGlite's WebAssembly). So each kind of
 * template is made once per machine and source (its name holds a hash of what it depends on) and every test
 * file starts from a copy:
 *
 * - `migrated`: every migration applied, nothing else (tests of the platform's own pieces);
 * - `started`: the same after one start of the server with the test configuration, the state any server
 *   start leaves on an empty database (the harness's servers, unless a test configures the server itself).
 *
 * In memory on PGlite (a dump of the data directory in the temp folder, loaded into each new PGlite), or as
 * template databases on the PostgreSQL server of TEST_DATABASE_URL (`CREATE DATABASE ... TEMPLATE`).
 */
export type TemplateKind = 'migrated' | 'started';

/**
 * A fresh database for one test: a new database on the PostgreSQL server of TEST_DATABASE_URL (dropped by
 * `drop`), else an in-memory PGlite (`drop` does nothing). Close `database` before `drop`.
 */
export async function openFreshDatabase(kind: TemplateKind = 'migrated'): Promise<{
  database: Database;
  /** The new database's URL on PostgreSQL, for a second connection to it; undefined on PGlite. */
  databaseUrl: string | undefined;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    return { database: await openTestDatabase(kind), databaseUrl: undefined, drop: async () => {} };
  const { databaseUrl, drop } = await newPostgresDatabase(adminUrl, kind);
  return { database: await openDatabase({ databaseUrl, migrated: true }), databaseUrl, drop };
}

/**
 * A new database copied from the template of `kind` on the PostgreSQL server of `adminUrl` (for a test, or
 * for a server process a crash test starts on it), with its URL; `drop` removes it.
 */
export async function newPostgresDatabase(
  adminUrl: string,
  kind: TemplateKind,
): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const name = `swx_t_${crypto.randomBytes(6).toString('hex')}`;
  // FILE_COPY copies the template's files as they are; PostgreSQL 15's default (WAL_LOG) writes every block
  // to the WAL as well: 70–90 instead of 120–140 ms per test database on the test cluster.
  const template = await postgresTemplate(adminUrl, kind);
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY = FILE_COPY`);
  return {
    databaseUrl: databaseUrlFor(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A PGlite data directory on disk (`dir`, where `openDatabase({ dataDir })` looks: `<dataDir>/pglite`)
 * holding a copy of the template of `kind`, for a server process a crash test starts on it: that process then
 * neither runs initdb (seconds) nor the migrations.
 */
export async function writePgliteTemplate(dir: string, kind: TemplateKind): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { loadDataDir: await pgliteTemplate(kind) });
  await client.close();
}

/**
 * PostgreSQL's default 128 MB of shared buffers are allocated and cleared at every start: a sixth of the
 * processor time a test's PGlite took to open (about 0.55 → 0.4 s), for databases of a few megabytes.
 */
const testPgliteSettings = ['shared_buffers = 16MB'];

/** A fresh in-memory PGlite from a template, for one test. */
export async function openTestDatabase(kind: TemplateKind = 'migrated'): Promise<Database> {
  return openDatabase({
    dataDir: 'memory://',
    loadDataDir: await pgliteTemplate(kind),
    migrated: true,
    pgliteSettings: testPgliteSettings,
  });
}

/**
 * An in-memory PGlite as a database is before its first migration (tests of a migration's own SQL): the
 * migrated template with the schemas the migrations filled dropped and `public` made again, empty. A
 * `new PGlite()` would run initdb instead, about six seconds of WebAssembly each time; this costs a template
 * load. Throws if anything but PostgreSQL's own catalogue is left.
 */
export async function openEmptyTestPglite(): Promise<PGlite> {
  const client = await PGlite.create({
    loadDataDir: await pgliteTemplate('migrated'),
    postgresqlconf: testPgliteSettings,
  });
  for (const statement of [
    'DROP SCHEMA drizzle CASCADE',
    'DROP SCHEMA public CASCADE',
    'CREATE SCHEMA public',
  ])
    await client.exec(statement);
  const left = await client.query<{ what: string }>(
    `select relname as what from pg_class join pg_namespace n on n.oid = relnamespace
       where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
     union all select typname from pg_type join pg_namespace n on n.oid = typnamespace
       where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
     union all select proname from pg_proc join pg_namespace n on n.oid = pronamespace
       where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
  );
  if (left.rows.length > 0) {
    await client.close();
    throw new Error(`the emptied template still holds ${left.rows.map((row) => row.what).join(', ')}`);
  }
  return client;
}

/** One statement as the PostgreSQL server's administrator (creating and dropping test databases). */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Makes every template this run's test files can ask for (Jest's global setup): once, before the workers. */
export async function prepareTemplates(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  for (const kind of ['migrated', 'started'] as const)
    if (adminUrl) await postgresTemplate(adminUrl, kind);
    else await pgliteTemplate(kind);
}

function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Brings a migrated database to the `started` state: one server start with the test configuration. */
async function startServerOn(database: Database): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-template-'));
  try {
    // Loaded here, not at the top: tests of the platform's pieces never load the whole server.
    const [{ loadConfig }, { createServices }] = await Promise.all([
      import('../config'),
      import('../services'),
    ]);
    const config = loadConfig(testServerEnv(dataDir));
    const services = await createServices(config, database, pino({ level: 'silent' }));
    for (const part of [...services.lifecycle].reverse()) await part.stop();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The environment of a test server that configures nothing itself (the harness's default). */
export function testServerEnv(dataDir: string): Record<string, string> {
  return { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
}

const pgliteTemplates = new Map<TemplateKind, Promise<Blob>>();

function pgliteTemplate(kind: TemplateKind): Promise<Blob> {
  let template = pgliteTemplates.get(kind);
  if (!template) {
    template = loadOrBuildPgliteTemplate(kind);
    pgliteTemplates.set(kind, template);
  }
  return template;
}

async function loadOrBuildPgliteTemplate(kind: TemplateKind): Promise<Blob> {
  const file = path.join(os.tmpdir(), `swx-pglite-${kind}-${templateHash(kind)}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const built = await openDatabase({ dataDir: 'memory://' });
  if (kind === 'started') await startServerOn(built);
  const client = (
    built.db as unknown as {
      $client: { exec(sql: string): Promise<unknown>; dumpDataDir(c: 'none'): Promise<Blob> };
    }
  ).$client;
  // A third of the data directory is the two template databases no test uses: each PGlite loads less.
  // One statement per call: several in one run inside a transaction, where DROP DATABASE cannot.
  for (const statement of [
    `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
    'DROP DATABASE template0',
    'DROP DATABASE template1',
    'CHECKPOINT',
  ])
    await client.exec(statement);
  const dump = await client.dumpDataDir('none');
  await built.close();
  // Written aside and renamed: Jest workers building it at the same time never read half a file.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return dump;
}

const postgresTemplates = new Map<TemplateKind, Promise<string>>();

/**
 * The name of a template database of `kind` on the server of `adminUrl`, made by the first test that asks.
 * Test files run in parallel workers: one builds it under an advisory lock while the others wait, and it
 * appears under its final name only when it is complete (built under another name, then renamed).
 */
function postgresTemplate(adminUrl: string, kind: TemplateKind): Promise<string> {
  let made = postgresTemplates.get(kind);
  if (!made) {
    made = buildPostgresTemplate(adminUrl, kind);
    postgresTemplates.set(kind, made);
  }
  return made;
}

async function buildPostgresTemplate(adminUrl: string, kind: TemplateKind): Promise<string> {
  const name = `swx_template_${kind}_${templateHash(kind)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const built = await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, building) });
      if (kind === 'started') await startServerOn(built);
      await built.close();
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
  } finally {
    await client.end();
  }
  return name;
}

/**
 * What a template depends on: the migrations and PGlite's version (its data directory's format) for both
 * kinds, and the server's own sources for `started` (a changed seed makes a new one). Computed once per run
 * by the global setup and handed to the workers through the environment.
 */
function templateHash(kind: TemplateKind): string {
  const variable = `SWX_TEST_TEMPLATE_${kind.toUpperCase()}`;
  const known = process.env[variable];
  if (known) return known;
  const hash = crypto.createHash('sha256');
  const walk = (dir: string, include: (file: string) => boolean): void => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__') walk(full, include);
      } else if (include(full)) hash.update(path.relative(dir, full)).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder, () => true);
  hash.update(pgliteVersion());
  if (kind === 'started') {
    const sources = (dir: string) =>
      walk(dir, (file) => /\.(ts|json)$/.test(file) && !file.endsWith('.test.ts'));
    sources(path.join(__dirname, '..'));
    sources(path.join(__dirname, '..', '..', '..', 'shared', 'src', 'contract'));
  }
  const value = hash.digest('hex').slice(0, 16);
  process.env[variable] = value;
  return value;
}

function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}
