import type { FastifyBaseLogger } from 'fastify';
import type { Lifecycle } from '../lifecycle';

/**
 * Deletes what sign-in leaves behind (expired codes, old sessions, expired submission claims) every ten
 * minutes. Running on several instances at once is harmless: each pass only deletes expired rows.
 */
export function authHousekeeping(
  tasks: Array<() => Promise<void>>,
  log: FastifyBaseLogger,
  everyMs = 10 * 60_000,
): Lifecycle {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const pass = async () => {
    for (const task of tasks) {
      try {
        await task();
      } catch (error) {
        log.warn({ err: error }, 'auth housekeeping pass failed');
      }
    }
  };
  return {
    name: 'auth-housekeeping',
    start() {
      timer = setInterval(() => {
        running ??= pass().finally(() => (running = undefined));
      }, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
