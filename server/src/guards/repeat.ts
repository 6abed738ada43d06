import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type DataLoader from 'dataloader';
import { createBatcher } from '../db/batcher';
import { insertRows, rowsOf } from '../db/rows';
import type { Db, Tx } from '../db/client';
import type { Presence } from '../db/presence';
import { AppError } from '../http/errors';
import { submissionClaims } from './tables';
import { errors } from '@swx/shared/contract';

/** docs/product.md (the API): the same form from the same customer within 10 s is a repeat. */
export const SAME_FORM_WINDOW_MS = 10_000;
/** A used `Idempotency-Key` stays used for a day. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long an unfinished claim holds: well past any request's life (twice the longest a request may take),
 * short enough that a retry after a crash is accepted within the minute.
 */
export const CLAIM_LEASE_MS = 30_000;

export interface Clock {
  now(): Date;
}

const systemClock: Clock = { now: () => new Date() };

export interface Claim {
  key: string;
  /** How long the claim lives once finished. */
  ttlMs: number;
  /** How long it holds while unfinished; `ttlMs` when not given. */
  leaseMs?: number;
  /** The request that takes it; only it can finish or release it. */
  holder?: string;
  /** Route and body of the request, for a key claim: a retry with another request is refused, not replayed. */
  fingerprint?: string;
}

/** A finished key claim of the same request: its stored answer. */
export interface Replay {
  response: unknown;
}

/** A refused request whose original died with its server: the claim's lease still runs for this long. */
export interface Orphaned {
  retryAfterSeconds: number;
}

class ClaimHeld extends Error {}

/**
 * Claims in the database: taking one is a single INSERT that succeeds only if no live claim with the same
 * key exists (an expired one is taken over), so concurrent requests on several instances race safely.
 */
export class SubmissionGuard {
  /** Single claims (the usual case: a form without an Idempotency-Key) taken many per statement. */
  private readonly single: DataLoader<Claim, boolean>;
  readonly leaseMs: number;

  private readonly presence: Pick<Presence, 'instanceId' | 'isRunning'> | undefined;

  constructor(
    readonly db: Db,
    readonly clock: Clock = systemClock,
    options: { leaseMs?: number; presence?: Pick<Presence, 'instanceId' | 'isRunning'> } = {},
  ) {
    this.leaseMs = options.leaseMs ?? CLAIM_LEASE_MS;
    this.presence = options.presence;
    this.single = createBatcher((claims) => this.claimEach(claims), { maxBatchSize: 128, concurrency: 4 });
  }

  /** Takes every claim or none; false when any of them is still held. */
  async claim(claims: Claim[]): Promise<boolean> {
    if (claims.length === 1) return this.single.load(claims[0]!);
    const now = this.clock.now();
    try {
      await this.db.transaction(async (tx) => {
        await withoutFlushWait(tx);
        for (const claim of claims) {
          const values = claimRow(claim, now);
          const taken = await tx
            .insert(submissionClaims)
            .values(values)
            .onConflictDoUpdate({
              target: submissionClaims.key,
              set: { ...values, finishedAt: null, response: null },
              setWhere: lt(submissionClaims.expiresAt, now),
            })
            .returning({ key: submissionClaims.key });
          if (taken.length === 0) throw new ClaimHeld();
        }
      });
      return true;
    } catch (error) {
      if (error instanceof ClaimHeld) return false;
      throw error;
    }
  }

  /**
   * Independent single claims in one statement: each is taken when no live claim holds its key. A key asked
   * for twice in the same batch (a double click landing in one event-loop turn) is taken by the first only.
   */
  private async claimEach(claims: readonly Claim[]): Promise<boolean[]> {
    const now = this.clock.now();
    const first = new Map<string, number>();
    claims.forEach(({ key }, i) => {
      if (!first.has(key)) first.set(key, i);
    });
    // One statement, its own transaction: the claims commit without waiting for the disk (`noFlushWait`),
    // where BEGIN, SET LOCAL, the insert and COMMIT were four round trips (issue 31).
    const taken = await insertRows(
      this.db,
      submissionClaims,
      [...first.values()].map((i) => claimRow(claims[i]!, now)),
      sql`where ${noFlushWait}
          on conflict (key) do update set expires_at = excluded.expires_at, created_at = excluded.created_at,
            holder = excluded.holder, fingerprint = excluded.fingerprint, finished_at = null, response = null
          where ${submissionClaims.expiresAt} < ${now.toISOString()}::timestamptz`,
    );
    const takenKeys = new Set(taken.map((row) => row.key));
    return claims.map(({ key }, i) => first.get(key) === i && takenKeys.has(key));
  }

  /**
   * The stored answer for a request whose claims were refused: only a finished `Idempotency-Key` claim of
   * the very same request (same route and body) is replayed; anything else is a repeat.
   */
  async replayFor(claims: Claim[]): Promise<Replay | undefined> {
    const keyClaim = claims.find((claim) => claim.key.startsWith('key:'));
    if (!keyClaim) return undefined;
    const [row] = await this.db.select().from(submissionClaims).where(eq(submissionClaims.key, keyClaim.key));
    if (!row || row.finishedAt === null || row.response === null) return undefined;
    if (row.expiresAt.getTime() < this.clock.now().getTime()) return undefined;
    return row.fingerprint === keyClaim.fingerprint ? { response: row.response } : undefined;
  }

  /** A holder for a new request: this instance's id, then a random part (`<instance>.<random>`). */
  newHolder(): string {
    // randomUUID draws from a buffered pool: a synchronous randomBytes call per request cost more (issue 31).
    const random = crypto.randomUUID();
    return this.presence ? `${this.presence.instanceId}.${random}` : random;
  }

  /**
   * For a request whose claims were refused and that has no answer to replay: whether what blocks it is only
   * the unfinished claims of a request that died with its server (its instance no longer runs). Then the
   * retry is told to come back when the lease ends (the dead request cannot commit any more, but the lease is
   * what guarantees it). A finished claim (the effect committed) or one held by a running instance (the
   * original is still in flight and will answer) makes it a repeat, as before.
   */
  async orphanedLease(claims: Claim[]): Promise<Orphaned | undefined> {
    if (!this.presence || claims.length === 0) return undefined;
    const now = this.clock.now().getTime();
    const rows = await this.db
      .select()
      .from(submissionClaims)
      .where(
        inArray(
          submissionClaims.key,
          claims.map((claim) => claim.key),
        ),
      );
    const blocking = rows.filter((row) => row.expiresAt.getTime() >= now);
    if (blocking.length === 0 || blocking.some((row) => row.finishedAt !== null)) return undefined;
    const instances = new Set(blocking.map((row) => instanceOf(row.holder)));
    for (const instance of instances)
      if (instance === undefined || (await this.presence.isRunning(instance))) return undefined;
    const leaseEnd = Math.max(...blocking.map((row) => row.expiresAt.getTime()));
    return { retryAfterSeconds: Math.max(1, Math.ceil((leaseEnd - now) / 1000)) };
  }

  /**
   * Makes claims final, keeping `response` with each key claim: inside the transaction of the effect they
   * guard, so a claim is final exactly when its effect committed. One statement for any number of requests
   * (a batched transaction finishes all of its requests' claims at once). Throws `30000` when a claim is no
   * longer held by its request (its lease lapsed and a retry took it): the effect must then roll back, since
   * the retry is executing it.
   */
  async finish(executor: Db | Tx, entries: { claims: Claim[]; response: unknown }[]): Promise<void> {
    const now = this.clock.now();
    const records = entries.flatMap(({ claims, response }) =>
      claims.map((claim) => ({
        key: claim.key,
        holder: claim.holder ?? null,
        expires_at: new Date(now.getTime() + claim.ttlMs).toISOString(),
        response: keepsAnswer(claim) ? response : null,
      })),
    );
    if (records.length === 0) return;
    const result = await executor.execute(sql`
      update ${submissionClaims} c
         set finished_at = ${now.toISOString()}::timestamptz, expires_at = v.expires_at, response = v.response
        from jsonb_to_recordset(${toJson(records)}::jsonb)
             as v(key text, holder text, expires_at timestamptz, response jsonb)
       where c.key = v.key and c.holder is not distinct from v.holder
      returning c.key`);
    if (rowsOf(result).length !== records.length) throw new AppError(errors.repeatedSubmission);
  }

  /** Replaces the kept answer of finished key claims with the exact envelope that was sent. */
  async keepResponse(claims: Claim[], response: unknown): Promise<void> {
    const keys = claims.filter(keepsAnswer);
    if (keys.length === 0) return;
    await this.db
      .update(submissionClaims)
      .set({ response })
      .where(
        and(
          inArray(
            submissionClaims.key,
            keys.map((claim) => claim.key),
          ),
          eq(submissionClaims.holder, keys[0]!.holder ?? ''),
        ),
      );
  }

  /**
   * Frees the unfinished claims of a request that failed. A finished claim is never released: its effect
   * committed, and a retry must not execute it twice.
   */
  async release(claims: Claim[] | string[]): Promise<void> {
    if (claims.length === 0) return;
    const keys = claims.map((claim) => (typeof claim === 'string' ? claim : claim.key));
    const holder = typeof claims[0] === 'string' ? undefined : claims[0]!.holder;
    // A release lost in a database crash only leaves the lease to lapse: no need to wait for the disk.
    await this.db.transaction(async (tx) => {
      await withoutFlushWait(tx);
      await tx
        .delete(submissionClaims)
        .where(
          and(
            inArray(submissionClaims.key, keys),
            isNull(submissionClaims.finishedAt),
            holder === undefined ? undefined : eq(submissionClaims.holder, holder),
          ),
        );
    });
  }

  /**
   * Frees every unfinished claim at once. Only for a database that one process opens (PGlite): at start-up
   * the requests that held them died with the previous process, so their retries need not wait the lease.
   */
  async releaseOrphans(): Promise<void> {
    await this.db.delete(submissionClaims).where(isNull(submissionClaims.finishedAt));
  }

  async purgeExpired(): Promise<void> {
    await this.db.delete(submissionClaims).where(lt(submissionClaims.expiresAt, this.clock.now()));
  }

  /**
   * The claims a request takes: its form (if it has a parsed body) and its `Idempotency-Key` (if sent), both
   * held by `holder` until its effect commits.
   */
  claimsFor(request: FastifyRequest, holder: string): Claim[] {
    const actor = actorOf(request);
    const claims: Claim[] = [];
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const fingerprint = sha256(`${route}\n${canonicalJson(request.body ?? null)}`);
    const leaseMs = this.leaseMs;
    if (request.body !== undefined && request.body !== null) {
      claims.push({ key: `form:${actor}:${fingerprint}`, ttlMs: SAME_FORM_WINDOW_MS, leaseMs, holder });
    }
    const header = request.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    if (idempotencyKey)
      claims.push({
        key: `key:${actor}:${sha256(idempotencyKey)}`,
        ttlMs: IDEMPOTENCY_KEY_TTL_MS,
        leaseMs,
        holder,
        fingerprint,
      });
    return claims;
  }
}

/** The instance part of a holder made by `newHolder`; undefined for a holder without one. */
function instanceOf(holder: string | null): string | undefined {
  const dot = holder?.indexOf('.') ?? -1;
  return dot > 0 ? holder!.slice(0, dot) : undefined;
}

/**
 * Whether a finished claim keeps its answer for a retry: `Idempotency-Key` claims of signed-in customers. An
 * answer to a guest (sign-up) carries a session token, and tokens are stored only as hashes; such a retry
 * is refused with `30000` instead.
 */
export function keepsAnswer(claim: Claim): boolean {
  return claim.key.startsWith('key:user:');
}

/**
 * Taking a claim commits without waiting for the write-ahead log to reach the disk. A claim is a lease, not
 * an effect: the effect it guards commits later in a transaction that does wait, and PostgreSQL flushes the
 * log in order, so a durable effect always has a durable claim. A database crash may lose only a claim whose
 * effect never committed, which is exactly a claim the retry should get. On a durable server this takes one
 * disk flush (about 2.5 ms here) off every guarded request's path; docs/decisions.md.
 */
async function withoutFlushWait(tx: Tx): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/**
 * `withoutFlushWait` inside a statement that is its own transaction (no BEGIN): a condition, true, evaluated
 * once before any row (an uncorrelated sub-select), that sets `synchronous_commit` for the statement's
 * transaction only. PostgreSQL reads the setting when that transaction commits, before restoring it.
 */
const noFlushWait = sql`(select set_config('synchronous_commit', 'off', true)) = 'off'`;

function claimRow(claim: Claim, now: Date) {
  return {
    key: claim.key,
    expiresAt: new Date(now.getTime() + (claim.leaseMs ?? claim.ttlMs)),
    createdAt: now,
    holder: claim.holder ?? null,
    fingerprint: claim.fingerprint ?? null,
  };
}

/**
 * The customer (or staff member) when signed in, else the client address. A customer's real and demo
 * account sets are separate actors: the same order placed in demo right after real is not a repeat.
 */
function actorOf(request: FastifyRequest): string {
  const customer = (request as { customer?: { userId: string; mode?: string } | null }).customer;
  if (customer) return `user:${customer.userId}:${customer.mode ?? 'real'}`;
  const staff = (request as { staff?: { staffId: string } | null }).staff;
  if (staff) return `staff:${staff.staffId}`;
  return `ip:${request.ip}`;
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('base64url');
}

/** JSON that carries bigint ids as their digits (a kept answer is JSON; a row may hold a bigint). */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same form. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
