import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createServices } from './services';
import { buildApp, installProcessGuards } from './app';
import { loggerOptions } from './http/logging';
import pino from 'pino';

/**
 * Production entry: one process serves the API, the websocket and the built web modules on PORT.
 * SIGTERM/SIGINT stop accepting connections, let in-flight requests finish, stop background work, close the
 * database.
 *
 * `node dist/main.js --migrate-only` applies the database migrations and exits (status 0 when the schema is
 * current): the one-shot step a deployment runs before its instances start (deploy/compose.yaml). Instances
 * migrate at start-up too, under an advisory lock (db/client.ts), so skipping the step is safe, only slower.
 */
async function main(argv: string[]): Promise<void> {
  const config = loadConfig();
  const log = pino(loggerOptions(config.logLevel));
  if (argv.includes('--migrate-only')) {
    const migrated = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await migrated.close();
    log.info({ database: migrated.kind }, 'database migrations applied');
    return;
  }
  if (!config.databaseUrl) {
    const banner =
      'MONEY IS RUNNING ON THE EMBEDDED DATABASE (PGlite). It does not fsync: a machine crash can lose the last commits. Set DATABASE_URL to a PostgreSQL server for real money.';
    if (config.nodeEnv === 'production') log.warn('*'.repeat(100) + '\n' + banner + '\n' + '*'.repeat(100));
    else log.warn(banner);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) =>
      log.error({ err: error }, 'database connection lost; the pool reconnects on demand'),
  });
  const services = await createServices(config, database, log);
  const app = await buildApp(services, { serveWeb: true });
  installProcessGuards(app);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 25 s, exiting');
      process.exit(1);
    }, 25_000);
    timer.unref();
    try {
      await app.close();
      for (const part of [...services.lifecycle].reverse()) await part.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  for (const part of services.lifecycle) await part.start();
  app.log.info({ port: config.port, database: database.kind, feed: config.marketFeed }, 'SWX server ready');
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
