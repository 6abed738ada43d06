import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { openFreshDatabase, testServerEnv } from './database';
import { createServices, type Services } from '../services';
import { buildApp, type App } from '../app';

export interface TestServer {
  app: App;
  services: Services;
  database: Database;
  config: Config;
  close: () => Promise<void>;
}

/**
 * A real server on a fresh database for one test file: in-memory PGlite, or — when TEST_DATABASE_URL is set —
 * a new database created on that PostgreSQL server and dropped afterwards. Background lifecycles (feed,
 * schedulers) are not started unless `start` is true; tests drive them explicitly.
 */
export async function createTestServer(
  options: {
    env?: Record<string, string>;
    start?: boolean;
    /**
     * A second instance on the first one's database (as two servers behind a load balancer): on PostgreSQL
     * it opens its own connections to the same database; on PGlite, which one process opens once, it shares
     * the database object. Close it before the server it shares with.
     */
    shareDatabaseWith?: TestServer;
  } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-test-'));
  const config = loadConfig({ ...testServerEnv(dataDir), ...options.env });
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: Database;
  let closeDatabase = true;
  const shared = options.shareDatabaseWith;
  if (shared) {
    config.databaseUrl = shared.config.databaseUrl;
    if (shared.database.kind === 'postgres') {
      database = await openDatabase({ databaseUrl: config.databaseUrl });
    } else {
      database = shared.database;
      closeDatabase = false;
    }
  } else {
    // A server that configures nothing itself starts where any first start leaves a database (the `started`
    // template); one with settings of its own starts from the migrations and seeds by those settings.
    const fresh = await openFreshDatabase(options.env ? 'migrated' : 'started');
    database = fresh.database;
    if (fresh.databaseUrl) {
      config.databaseUrl = fresh.databaseUrl;
      dropDatabase = fresh.drop;
    }
  }
  const services = await createServices(config, database, pino({ level: 'silent' }));
  const app = await buildApp(services);
  await app.ready();
  if (options.start) for (const part of services.lifecycle) await part.start();
  return {
    app,
    services,
    database,
    config,
    close: async () => {
      await app.close();
      for (const part of [...services.lifecycle].reverse()) await part.stop();
      if (closeDatabase) await database.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
