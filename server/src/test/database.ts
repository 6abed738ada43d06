import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test: a new database on the PostgreSQL server of TEST_DATABASE_URL
 * (dropped by `drop`), else an in-memory PGlite (`drop` does nothing). Close `database` before `drop`.
 */
export async function openFreshDatabase(): Promise<{
  database: Database;
  /** The new database's URL on PostgreSQL, for a second connection to it; undefined on PGlite. */
  databaseUrl: string | undefined;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { database: await openTestDatabase(), databaseUrl: undefined, drop: async () => {} };
  const name = `swx_t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    database: await openDatabase({ databaseUrl }),
    databaseUrl,
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
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

/**
 * A fresh in-memory PGlite with every migration applied, for one test. Creating a PGlite runs initdb, which
 * takes seconds; loading a dumped data directory takes a fraction of that. So the first test on this machine
 * builds a migrated template, dumps it to the temp folder under a name made of the migrations' hash (a new
 * migration makes a new template), and every later test starts from a copy of it.
 */
export async function openTestDatabase(): Promise<Database> {
  return openDatabase({ dataDir: 'memory://', loadDataDir: await migratedTemplate() });
}

let template: Promise<Blob> | undefined;

function migratedTemplate(): Promise<Blob> {
  template ??= loadOrBuildTemplate();
  return template;
}

async function loadOrBuildTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `swx-pglite-template-${migrationsHash()}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const built = await openDatabase({ dataDir: 'memory://' });
  const client = (built.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await built.close();
  // Written aside and renamed: Jest workers building it at the same time never read half a file.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return dump;
}

function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder);
  // A PGlite upgrade may change the data directory's format: its version is part of the name too.
  hash.update(pgliteVersion());
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}
