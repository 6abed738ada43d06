import pg from 'pg';
import type { Database } from '../db/client';

/** Advisory lock key of the feed leader ("SWXFEED" folded into a bigint). */
const FEED_LOCK_KEY = 0x535758_4645_4544n;

/**
 * Elects the one instance that runs the market feed. On PostgreSQL it is a session advisory lock held on a
 * connection of its own: when the leader dies its connection drops, the lock is released and the next
 * follower that retries takes over. PGlite is opened by a single process, so there leadership is decided
 * among the server instances of this process that share the database object (tests run two).
 */
export interface FeedLeadership {
  tryAcquire(): Promise<boolean>;
  /** False once a held lock was lost (e.g. its connection dropped): the feed must stop at once. */
  isHeld(): boolean;
  release(): Promise<void>;
}

const inProcessLeaders = new WeakMap<Database, object>();

export function createLeadership(database: Database, databaseUrl: string | undefined): FeedLeadership {
  if (database.kind === 'postgres' && databaseUrl) return new AdvisoryLockLeadership(databaseUrl);
  const me = {};
  return {
    async tryAcquire() {
      const holder = inProcessLeaders.get(database);
      if (holder && holder !== me) return false;
      inProcessLeaders.set(database, me);
      return true;
    },
    isHeld() {
      return inProcessLeaders.get(database) === me;
    },
    async release() {
      if (inProcessLeaders.get(database) === me) inProcessLeaders.delete(database);
    },
  };
}

class AdvisoryLockLeadership implements FeedLeadership {
  private client: pg.Client | undefined;
  private held = false;

  constructor(private readonly databaseUrl: string) {}

  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    if (!this.client) {
      const client = new pg.Client({
        connectionString: this.databaseUrl,
        application_name: 'swx-feed-leader',
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
      FEED_LOCK_KEY.toString(),
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
