import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { postgresPresence, singleProcessPresence, type Presence } from './presence';

/**
 * The drizzle database, whichever driver is behind it. Transactions: `db.transaction(async (tx) => ...)`.
 * Queries name their tables (each domain's `tables.ts`); no schema is registered, so this layer imports no
 * domain. drizzle-kit composes the whole schema from every `src/<domain>/tables.ts` (drizzle.config.ts).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A LISTEN/NOTIFY channel subscription; returns an unsubscribe function. */
export type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;

/** `Database.notifyAll`: one pg_notify per element of a JSON array, in the array's order. */
const NOTIFY_ALL = `SELECT pg_notify(n.channel, n.payload)
  FROM ROWS FROM (json_to_recordset($1::json) AS (channel text, payload text)) WITH ORDINALITY AS n(channel, payload, i)
  ORDER BY n.i`;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  listen: Listen;
  notify: (channel: string, payload: string) => Promise<void>;
  /**
   * Several notifications in one statement (one round trip), sent in the given order; the bus sends what
   * one event-loop turn published on all its channels with it.
   */
  notifyAll?: (notes: readonly { channel: string; payload: string }[]) => Promise<void>;
  /** This process as an instance on the database, and whether another instance still runs. */
  presence: Presence;
  close: () => Promise<void>;
}

// server/migrations, whether this file runs from source (server/src/db) or from the bundle (server/dist).
/**
 * Advisory lock key of the migrations ("SWXMIGR" folded into a bigint). Every instance migrates at start-up
 * under this lock: the first applies what is missing, the others wait for it and then find nothing to do, so
 * any number of instances can start together on an empty database.
 */
export const MIGRATION_LOCK_KEY = 0x53_5758_4d49_4752n;

export const migrationsFolder =
  [path.resolve(__dirname, '..', 'migrations'), path.resolve(__dirname, '..', '..', 'migrations')].find(
    (dir) =>
      fs.existsSync(path.join(dir, 'meta', '_journal.json')) && path.basename(path.dirname(dir)) === 'server',
  ) ?? path.resolve(__dirname, '..', '..', 'migrations');

/**
 * Opens the database: PGlite (files under `dataDir`, or in memory when `dataDir` is `memory://`) when
 * `databaseUrl` is unset, a real PostgreSQL otherwise. Runs the one migration set on both.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /**
   * For an in-memory PGlite: start from this dumped data directory (`dumpDataDir`) instead of running
   * initdb, which costs seconds. Tests use a migrated template this way; migrations still run (a no-op).
   */
  loadDataDir?: Blob;
  /** Tests only: the data directory loaded is already migrated by this very migration set. */
  migrated?: boolean;
  /** For an in-memory PGlite: `postgresql.conf` lines (tests open hundreds of small databases). */
  pgliteSettings?: string[];
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    // An idle pooled connection can be cut by the server (restart, failover, admin terminate). The pool
    // drops it and opens another on demand; without a listener the 'error' event would crash the process.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool) as unknown as Db;
    if (!options.migrated) await migrateUnderLock(pool);
    const presence = await postgresPresence(options.databaseUrl, pool, (error) =>
      options.onConnectionError?.(error),
    );
    // LISTEN needs one connection of its own that is never returned to the pool.
    let listener: pg.Client | undefined;
    const handlers = new Map<string, Set<(payload: string) => void>>();
    const listen: Listen = async (channel, onMessage) => {
      if (!listener) {
        listener = new pg.Client({ connectionString: options.databaseUrl });
        listener.on('error', (error) => options.onConnectionError?.(error));
        await listener.connect();
        listener.on('notification', (msg) => {
          for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
      };
    };
    return {
      kind: 'postgres',
      db,
      listen,
      notify: async (channel, payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      notifyAll: async (notes) => {
        await pool.query(NOTIFY_ALL, [JSON.stringify(notes)]);
      },
      presence,
      close: async () => {
        await presence.close();
        await listener?.end();
        await pool.end();
      },
    };
  }

  const dataDir = options.dataDir ?? 'memory://';
  let client: PGlite;
  if (dataDir.startsWith('memory://')) {
    client = await PGlite.create({
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      ...(options.pgliteSettings ? { postgresqlconf: options.pgliteSettings } : {}),
    });
  } else {
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const db = drizzlePglite(client) as unknown as Db;
  // One process opens a PGlite database (the data directory is locked): nobody to race with.
  if (!options.migrated) await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    notifyAll: async (notes) => {
      await client.query(NOTIFY_ALL, [JSON.stringify(notes)]);
    },
    presence: singleProcessPresence(),
    close: async () => {
      await client.close();
    },
  };
}

/**
 * drizzle's migrator takes no lock: two instances starting together on an empty database would both see no
 * migration applied and both run the first one (the second fails on "relation already exists"). So the
 * migrations run on one connection holding a session advisory lock; if that connection dies, the lock goes
 * with it and the next instance in line migrates.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection that failed is closed rather than pooled, so a lock it may still hold ends with it.
    client.release(broken);
  }
}
