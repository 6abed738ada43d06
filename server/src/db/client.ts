import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. Transactions: `db.transaction(async (tx) => ...)`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A LISTEN/NOTIFY channel subscription; returns an unsubscribe function. */
export type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  listen: Listen;
  notify: (channel: string, payload: string) => Promise<void>;
  close: () => Promise<void>;
}

// server/migrations, whether this file runs from source (server/src/db) or from the bundle (server/dist).
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
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    // An idle pooled connection can be cut by the server (restart, failover, admin terminate). The pool
    // drops it and opens another on demand; without a listener the 'error' event would crash the process.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (!options.migrated) await migratePg(drizzlePg(pool), { migrationsFolder });
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
      close: async () => {
        await listener?.end();
        await pool.end();
      },
    };
  }

  const dataDir = options.dataDir ?? 'memory://';
  let client: PGlite;
  if (dataDir.startsWith('memory://')) {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  } else {
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (!options.migrated) await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await client.close();
    },
  };
}
