import pg from 'pg';
import type { Database } from '../db/client';

/**
 * Advisory lock key of the background leader. It keeps the value of the former feed lock ("SWXFEED" folded
 * into a bigint) so that, during a rolling deploy, an old instance running the feed and a new one running the
 * scheduler compete for the same lock and never run two feeds.
 */
export const BACKGROUND_LOCK_KEY = 0x535758_4645_4544n;

/**
 * Elects the one instance that runs background work (the scheduler's jobs and the market feed). On
 * PostgreSQL it is a session advisory lock held on a connection of its own: when the leader dies its
 * connection drops, the lock is released and the next follower that retries takes over. PGlite is opened by a
 * single process, so there leadership is decided among the server instances of this process that share the
 * database object (tests run two).
 */
export interface Leadership {
  tryAcquire(): Promise<boolean>;
  /** False once a held lock was lost (e.g. its connection dropped): leader-only work must stop at once. */
  isHeld(): boolean;
  release(): Promise<void>;
}

const inProcessLeaders = new WeakMap<Database, Map<bigint, object>>();

export function createLeadership(
  database: Database,
  databaseUrl: string | undefined,
  options: { key?: bigint; applicationName?: string } = {},
): Leadership {
  const key = options.key ?? BACKGROUND_LOCK_KEY;
  if (database.kind === 'postgres' && databaseUrl)
    return new AdvisoryLockLeadership(databaseUrl, key, options.applicationName ?? 'swx-leader');
  const me = {};
  const holders = () => {
    let map = inProcessLeaders.get(database);
    if (!map) inProcessLeaders.set(database, (map = new Map()));
    return map;
  };
  return {
    async tryAcquire() {
      const holder = holders().get(key);
      if (holder && holder !== me) return false;
      holders().set(key, me);
      return true;
    },
    isHeld() {
      return holders().get(key) === me;
    },
    async release() {
      if (holders().get(key) === me) holders().delete(key);
    },
  };
}

class AdvisoryLockLeadership implements Leadership {
  private client: pg.Client | undefined;
  private held = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly key: bigint,
    private readonly applicationName: string,
  ) {}

  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    if (!this.client) {
      const client = new pg.Client({
        connectionString: this.databaseUrl,
        application_name: this.applicationName,
      });
      // A lost connection loses the lock; forget the client so the next try reconnects and re-competes.
      client.on('error', () => {
        this.held = false;
        this.client = undefined;
      });
      await client.connect();
      this.client = client;
    }
    const result = await this.client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      this.key.toString(),
    ]);
    this.held = result.rows[0]?.locked === true;
    return this.held;
  }

  isHeld(): boolean {
    return this.held;
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held = false;
    // Ending the session releases the lock.
    await client?.end().catch(() => undefined);
  }
}
