import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test: a new database on the PostgreSQL server of TEST_DATABASE_URL
 * (dropped by `drop`), else an in-memory PGlite (`drop` does nothing). Close `database` before `drop`.
 * On PostgreSQL the new database is a copy of a migrated template database (`CREATE DATABASE ... TEMPLATE`),
 * made once per migration set and server, so no test file runs the migrations again.
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
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(adminUrl)}`);
  const databaseUrl = databaseUrlFor(adminUrl, name);
  return {
    database: await openDatabase({ databaseUrl, migrated: true }),
    databaseUrl,
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let postgresTemplateName: Promise<string> | undefined;

/**
 * The name of a migrated template database on the server of `adminUrl`, made by the first test that asks.
 * Test files run in parallel workers: one builds it under an advisory lock while the others wait, and it
 * appears under its final name only when it is complete (built under another name, then renamed).
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplateName ??= (async () => {
    const name = `swx_template_${migrationsHash()}`;
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
        await built.close();
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    } finally {
      await client.end();
    }
    return name;
  })();
  return postgresTemplateName;
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
  return openDatabase({ dataDir: 'memory://', loadDataDir: await migratedTemplate(), migrated: true });
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
