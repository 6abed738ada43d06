import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';

/**
 * The composition root: every domain service, built once, in dependency order. Domains reach each other
 * only through what is created here (no module-level singletons), so tests build the same graph on a fresh
 * database. A service with background work (feed, schedulers) has start()/stop(), called by main.ts.
 */
export async function createServices(config: Config, database: Database, log: FastifyBaseLogger) {
  const lifecycle: Lifecycle[] = [];
  void log;
  return {
    config,
    database,
    lifecycle,
  };
}

export interface Lifecycle {
  name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

export type Services = Awaited<ReturnType<typeof createServices>>;
