import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { inArray, lt, sql } from 'drizzle-orm';
import type DataLoader from 'dataloader';
import { createBatcher } from '../db/batcher';
import { insertRows } from '../db/rows';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { submissionClaims } from './tables';
import { errors } from '@swx/shared/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler for POST routes that change something: refuses a repeated submission with `30000` (HTTP 409)
     * and changes nothing. Put it after `app.authenticate` so the claim is per customer:
     * `{ preHandler: [app.authenticate, app.guardRepeat] }`.
     */
    guardRepeat: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Claims this request took; released if it fails so the corrected retry goes through. */
    submissionClaimKeys: string[] | null;
  }
}

/** PRODUCT.md §3: the same form from the same customer within 10 s is a repeat. */
export const SAME_FORM_WINDOW_MS = 10_000;
/** A used `Idempotency-Key` stays used for a day. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export interface Clock {
  now(): Date;
}

const systemClock: Clock = { now: () => new Date() };

interface Claim {
  key: string;
  ttlMs: number;
}

class ClaimHeld extends Error {}

/**
 * Claims in the database: taking one is a single INSERT that succeeds only if no live claim with the same
 * key exists (an expired one is taken over), so concurrent requests on several instances race safely.
 */
export class SubmissionGuard {
  /** Single claims (the usual case: a form without an Idempotency-Key) taken many per statement. */
  private readonly single: DataLoader<Claim, boolean>;

  constructor(
    private readonly db: Db,
    readonly clock: Clock = systemClock,
  ) {
    this.single = createBatcher((claims) => this.claimEach(claims), { maxBatchSize: 128, concurrency: 4 });
  }

  /** Takes every claim or none; false when any of them is still held. */
  async claim(claims: Claim[]): Promise<boolean> {
    if (claims.length === 1) return this.single.load(claims[0]!);
    const now = this.clock.now();
    try {
      await this.db.transaction(async (tx) => {
        for (const { key, ttlMs } of claims) {
          const expiresAt = new Date(now.getTime() + ttlMs);
          const taken = await tx
            .insert(submissionClaims)
            .values({ key, expiresAt, createdAt: now })
            .onConflictDoUpdate({
              target: submissionClaims.key,
              set: { expiresAt, createdAt: now },
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
    const taken = await insertRows(
      this.db,
      submissionClaims,
      [...first.values()].map((i) => ({
        key: claims[i]!.key,
        expiresAt: new Date(now.getTime() + claims[i]!.ttlMs),
        createdAt: now,
      })),
      sql`on conflict (key) do update set expires_at = excluded.expires_at, created_at = excluded.created_at
          where ${submissionClaims.expiresAt} < ${now.toISOString()}::timestamptz`,
    );
    const takenKeys = new Set(taken.map((row) => row.key));
    return claims.map(({ key }, i) => first.get(key) === i && takenKeys.has(key));
  }

  async release(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.db.delete(submissionClaims).where(inArray(submissionClaims.key, keys));
  }

  async purgeExpired(): Promise<void> {
    await this.db.delete(submissionClaims).where(lt(submissionClaims.expiresAt, this.clock.now()));
  }

  /** The claims a request takes: its form (if it has a parsed body) and its `Idempotency-Key` (if sent). */
  claimsFor(request: FastifyRequest): Claim[] {
    const actor = actorOf(request);
    const claims: Claim[] = [];
    if (request.body !== undefined && request.body !== null) {
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      claims.push({
        key: `form:${actor}:${sha256(`${route}\n${canonicalJson(request.body)}`)}`,
        ttlMs: SAME_FORM_WINDOW_MS,
      });
    }
    const header = request.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    if (idempotencyKey)
      claims.push({ key: `key:${actor}:${sha256(idempotencyKey)}`, ttlMs: IDEMPOTENCY_KEY_TTL_MS });
    return claims;
  }
}

/** The customer (or staff member) when signed in, else the client address. */
function actorOf(request: FastifyRequest): string {
  const customer = (request as { customer?: { userId: string } | null }).customer;
  if (customer) return `user:${customer.userId}`;
  const staff = (request as { staff?: { staffId: string } | null }).staff;
  if (staff) return `staff:${staff.staffId}`;
  return `ip:${request.ip}`;
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('base64url');
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

/**
 * Decorates `guardRepeat` on the context it is registered in (wrapped with fastify-plugin, so on the
 * parent) and releases a failed request's claims before its answer leaves, so the client's corrected retry
 * cannot arrive before the release.
 */
export const repeatGuardPlugin = fp<{ guard: SubmissionGuard }>(
  async (app, { guard }) => {
    app.decorateRequest('submissionClaimKeys', null);
    const guardRepeat: preHandlerAsyncHookHandler = async (request) => {
      const claims = guard.claimsFor(request);
      if (claims.length === 0) return;
      if (!(await guard.claim(claims))) throw new AppError(errors.repeatedSubmission);
      request.submissionClaimKeys = claims.map((c) => c.key);
    };
    app.decorate('guardRepeat', guardRepeat);
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.submissionClaimKeys && reply.statusCode >= 400) {
        const keys = request.submissionClaimKeys;
        request.submissionClaimKeys = null;
        await guard.release(keys);
      }
      return payload;
    });
  },
  { name: 'swx-repeat-guard' },
);
