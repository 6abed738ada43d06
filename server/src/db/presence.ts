import crypto from 'node:crypto';
import pg from 'pg';

/**
 * This process among the server instances on one database, and whether another one is still running. A
 * request records the instance serving it (the repeat guard's claim holder); a later request that meets its
 * unfinished claim asks whether that instance still runs, to tell "your earlier request is still in flight"
 * from "it died with its server".
 */
export interface Presence {
  /** Random per process: a restarted instance is a new one. */
  readonly instanceId: string;
  /** Whether the instance is running now (this one always is). */
  isRunning(instanceId: string): Promise<boolean>;
  close(): Promise<void>;
}

/** How PostgreSQL shows an instance: the `application_name` of its presence connection. */
export function presenceName(instanceId: string): string {
  return `swx-instance ${instanceId}`;
}

export function newInstanceId(): string {
  return crypto.randomBytes(12).toString('base64url');
}

/** PGlite: one process opens the database, so every other instance is gone. */
export function singleProcessPresence(): Presence {
  const instanceId = newInstanceId();
  return {
    instanceId,
    isRunning: async (id) => id === instanceId,
    close: async () => undefined,
  };
}

/**
 * PostgreSQL: each instance keeps one connection named after it for its whole life. When the process dies its
 * connections close with it (the kernel ends them; TCP keepalive finds a vanished machine), PostgreSQL drops
 * the session, and `pg_stat_activity` stops listing the name. A dropped connection is opened again after a
 * second, so a database restart makes an instance look gone for that long at most.
 */
export async function postgresPresence(
  databaseUrl: string,
  pool: pg.Pool,
  onError: (error: Error) => void,
): Promise<Presence> {
  const instanceId = newInstanceId();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      application_name: presenceName(instanceId),
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    next.on('error', (error) => {
      onError(error);
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      if (!closed && !retry)
        retry = setTimeout(() => {
          retry = undefined;
          if (!closed) connect().catch(onError);
        }, 1_000).unref();
    });
    await next.connect();
    if (closed) await next.end();
    else client = next;
  };
  await connect();
  return {
    instanceId,
    async isRunning(id) {
      if (id === instanceId) return true;
      const result = await pool.query<{ running: boolean }>(
        `select exists (select 1 from pg_stat_activity
                         where application_name = $1 and datname = current_database()) as running`,
        [presenceName(id)],
      );
      return result.rows[0]?.running === true;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
