import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database, Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Advisory lock key of the background leader. It keeps the value of the former feed lock ("SWXFEED" folded
 * into a bigint) so that, during a rolling deploy, an old instance running the feed and a new one running the
 * scheduler compete for the same lock and never run two feeds.
 */
export const BACKGROUND_LOCK_KEY = 0x535758_4645_4544n;

/** A write of a leader that was deposed meanwhile: refused, and the transaction rolls back. */
export class FencedOut extends Error {
  constructor(epoch: bigint | undefined) {
    super(
      epoch === undefined
        ? 'refused a leader-only write: this instance does not lead'
        : `refused a leader-only write: leadership term ${epoch} has ended (fencing)`,
    );
    this.name = 'FencedOut';
  }
}

/**
 * Elects the one instance that runs background work (the scheduler's jobs and the market feed), and fences
 * its writes.
 *
 * - **Lock.** On PostgreSQL, a session advisory lock held on a connection of its own: when the leader dies its
 *   connection drops, the lock is released and the next follower that retries takes over. PGlite is opened
 *   by a single process, so there leadership is decided among the server instances of this process that
 *   share the database object (tests run two).
 * - **Epoch (fencing token).** Whoever takes the lock raises `platform_leadership.epoch` for its key before it
 *   does anything else: each term has a number greater than every earlier one. A leader's writes (job
 *   claims, settlements, feed writes) check, in their own transaction, that their term's epoch is still the
 *   current one (`fence`: a `FOR SHARE` read, so a takeover's raise waits for writes in flight and every write
 *   after it sees the new epoch). A leader that was paused or cut off while another took over resumes with
 *   writes that are refused (`FencedOut`), whatever it still believes.
 * - **Lease.** The leader confirms its lock every `confirmEveryMs` on the lock connection; `isHeld()` is false
 *   once the last confirmation is older than `leaseMs`, and leader-only work stops. The lock connection
 *   carries TCP keepalive and server-side timeouts: a statement or transaction stuck longer than the lease is
 *   cancelled, and a session idle for twice the lease (a frozen or vanished leader sends no confirmation) is
 *   ended by PostgreSQL, which frees the lock. So nobody can take over before a leader has stopped believing
 *   it leads (lease < idle limit), and the epoch catches what it was doing at that moment.
 */
export interface Leadership {
  /** Tries to become the leader; on success the epoch was raised and is this term's fencing token. */
  tryAcquire(): Promise<boolean>;
  /** False once the lock was lost or could not be confirmed within the lease: leader-only work stops at once. */
  isHeld(): boolean;
  /** This term's epoch while leading; undefined otherwise. */
  epoch(): bigint | undefined;
  /**
   * Inside a leader's write transaction (last, just before it commits): throws `FencedOut` unless `epoch`
   * (default: this term's) is still the current one. A refusal also ends this instance's term.
   */
  fence(tx: Tx, epoch?: bigint): Promise<void>;
  release(): Promise<void>;
}

export interface LeadershipOptions {
  key?: bigint;
  /** The lock connection's name in `pg_stat_activity` (`swx-leader <INSTANCE_NAME>`). */
  applicationName?: string;
  /** How often the leader confirms its lock (ms). */
  confirmEveryMs?: number;
  /** A leader stops its work when its lock was last confirmed longer ago than this (ms). */
  leaseMs?: number;
  /** Monotonic milliseconds (tests move it). */
  now?: () => number;
}

export const DEFAULT_CONFIRM_EVERY_MS = 1_000;
export const DEFAULT_LEASE_MS = 5_000;

const inProcessLeaders = new WeakMap<Database, Map<bigint, object>>();

export function createLeadership(
  database: Database,
  databaseUrl: string | undefined,
  options: LeadershipOptions = {},
): Leadership {
  const key = options.key ?? BACKGROUND_LOCK_KEY;
  if (database.kind === 'postgres' && databaseUrl)
    return new AdvisoryLockLeadership(databaseUrl, key, options);
  return new InProcessLeadership(database, key);
}

/** Raises the epoch of `key` for a new term and answers it (waits for writes of the old term in flight). */
async function raiseEpoch(executor: Pick<Db, 'execute'>, key: bigint, holder: string): Promise<bigint> {
  const result = await executor.execute(sql`
    insert into platform_leadership (lock_key, epoch, holder, since)
    values (${key.toString()}, 1, ${holder.slice(0, 100)}, now())
    on conflict (lock_key) do update
       set epoch = platform_leadership.epoch + 1, holder = excluded.holder, since = excluded.since
    returning epoch::text as epoch`);
  return BigInt(rowsOf<{ epoch: string }>(result)[0]!.epoch);
}

/** Throws `FencedOut` unless `epoch` is the current epoch of `key`. */
async function checkEpoch(tx: Tx | Db, key: bigint, epoch: bigint | undefined): Promise<void> {
  if (epoch === undefined) throw new FencedOut(undefined);
  const result = await tx.execute(
    sql`select epoch::text as epoch from platform_leadership where lock_key = ${key.toString()} for share`,
  );
  const current = rowsOf<{ epoch: string }>(result)[0]?.epoch;
  if (current !== epoch.toString()) throw new FencedOut(epoch);
}

class InProcessLeadership implements Leadership {
  private readonly me = {};
  private term: bigint | undefined;

  constructor(
    private readonly database: Database,
    private readonly key: bigint,
  ) {}

  private holders(): Map<bigint, object> {
    let map = inProcessLeaders.get(this.database);
    if (!map) inProcessLeaders.set(this.database, (map = new Map()));
    return map;
  }

  async tryAcquire(): Promise<boolean> {
    const holder = this.holders().get(this.key);
    if (holder && holder !== this.me) return false;
    if (holder === this.me && this.term !== undefined) return true;
    this.holders().set(this.key, this.me);
    try {
      this.term = await raiseEpoch(this.database.db, this.key, this.database.presence.instanceId);
    } catch (error) {
      this.holders().delete(this.key);
      throw error;
    }
    return true;
  }

  isHeld(): boolean {
    return this.term !== undefined && this.holders().get(this.key) === this.me;
  }

  epoch(): bigint | undefined {
    return this.isHeld() ? this.term : undefined;
  }

  async fence(tx: Tx, epoch = this.epoch()): Promise<void> {
    try {
      await checkEpoch(tx, this.key, epoch);
    } catch (error) {
      if (error instanceof FencedOut && epoch === this.term) await this.release();
      throw error;
    }
  }

  async release(): Promise<void> {
    this.term = undefined;
    if (this.holders().get(this.key) === this.me) this.holders().delete(this.key);
  }
}

class AdvisoryLockLeadership implements Leadership {
  private client: pg.Client | undefined;
  private term: bigint | undefined;
  private confirmedAt = Number.NEGATIVE_INFINITY;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly key: bigint;
  private readonly applicationName: string;
  private readonly confirmEveryMs: number;
  private readonly leaseMs: number;
  private readonly now: () => number;

  constructor(
    private readonly databaseUrl: string,
    key: bigint,
    options: LeadershipOptions,
  ) {
    this.key = key;
    this.applicationName = options.applicationName ?? 'swx-leader';
    this.confirmEveryMs = options.confirmEveryMs ?? DEFAULT_CONFIRM_EVERY_MS;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.now = options.now ?? (() => performance.now());
    if (!(this.confirmEveryMs < this.leaseMs))
      throw new Error('leadership: confirm more often than the lease');
  }

  private async connect(): Promise<pg.Client> {
    const lease = this.leaseMs;
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: this.applicationName,
      // A vanished peer (a machine gone, a cut network) is noticed by both ends instead of never.
      keepAlive: true,
      keepAliveInitialDelayMillis: Math.min(lease, 5_000),
      connectionTimeoutMillis: lease,
      // Nothing on this connection may hang longer than the lease: on our side, nor on the server's.
      query_timeout: lease,
      statement_timeout: lease,
      idle_in_transaction_session_timeout: lease,
      // A session that stops confirming (frozen process, lost network) is ended by PostgreSQL, freeing the
      // lock, once it is idle for twice the lease: the old leader has stopped by then (`isHeld`).
      options: [
        `-c idle_session_timeout=${2 * lease}`,
        `-c tcp_keepalives_idle=${Math.max(1, Math.floor(lease / 2000))}`,
        '-c tcp_keepalives_interval=1',
        '-c tcp_keepalives_count=3',
      ].join(' '),
    });
    // A lost connection loses the lock; forget the client so the next try reconnects and re-competes.
    client.on('error', () => {
      if (this.client === client) this.lose();
    });
    await client.connect();
    return client;
  }

  async tryAcquire(): Promise<boolean> {
    if (this.isHeld()) return true;
    this.client ??= await this.connect();
    const client = this.client;
    const locked = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      this.key.toString(),
    ]);
    if (locked.rows[0]?.locked !== true) return false;
    const started = this.now();
    try {
      // On the lock's own session: the term exists exactly while this session holds the lock.
      this.term = await raiseEpoch(drizzle(client), this.key, this.applicationName);
    } catch (error) {
      // Could not open a term (the old term's writes held the row past the lease): give the lock back.
      this.lose();
      throw error;
    }
    this.confirmedAt = started;
    this.beat();
    return true;
  }

  /** Confirms the lock every `confirmEveryMs` while leading: one query on the lock's own session. */
  private beat(): void {
    this.heartbeat = setTimeout(() => {
      const client = this.client;
      const term = this.term;
      if (!client || term === undefined) return;
      const sent = this.now();
      client
        .query<{ epoch: string }>(
          'select epoch::text as epoch from platform_leadership where lock_key = $1',
          [this.key.toString()],
        )
        .then(
          (result) => {
            if (this.client !== client || this.term !== term || !this.isHeld()) return;
            if (result.rows[0]?.epoch !== term.toString()) return this.lose();
            this.confirmedAt = sent;
            this.beat();
          },
          () => {
            if (this.client === client) this.lose();
          },
        );
    }, this.confirmEveryMs);
    this.heartbeat.unref();
  }

  /** A term whose lease lapsed is over for good (its session is closed), even if a late confirmation arrives. */
  isHeld(): boolean {
    if (this.term === undefined) return false;
    if (this.now() - this.confirmedAt < this.leaseMs) return true;
    this.lose();
    return false;
  }

  epoch(): bigint | undefined {
    return this.isHeld() ? this.term : undefined;
  }

  async fence(tx: Tx, epoch = this.epoch()): Promise<void> {
    try {
      await checkEpoch(tx, this.key, epoch);
    } catch (error) {
      if (error instanceof FencedOut && epoch !== undefined && epoch === this.term) this.lose();
      throw error;
    }
  }

  /** The term is over: ending the session releases the lock if it still held it. */
  private lose(): void {
    const client = this.client;
    this.client = undefined;
    this.term = undefined;
    this.confirmedAt = Number.NEGATIVE_INFINITY;
    if (this.heartbeat) clearTimeout(this.heartbeat);
    this.heartbeat = undefined;
    void client?.end().catch(() => undefined);
  }

  async release(): Promise<void> {
    const client = this.client;
    this.lose();
    await client?.end().catch(() => undefined);
  }
}
