import { and, desc, eq, gt, isNull, like, lt, ne, or, sql } from 'drizzle-orm';
import type DataLoader from 'dataloader';
import type { AccountMode } from '@swx/shared/contract';
import { createBatcher } from '../db/batcher';
import type { Db, Tx } from '../db/client';
import type { Clock } from '../guards/repeat';
import { looksLikeSessionToken, newSessionToken, sha256Hex } from './credentials';
import { sessions, users } from './tables';

/** A session unused for this long stops working; the customer signs in again. */
export const SESSION_IDLE_DAYS = 30;
/** `last_seen_at` is written at most this often per session, so reads do not each cost a write. */
const LAST_SEEN_RESOLUTION_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who a valid token belongs to; `accountMode` is the mode stored for the customer. */
export interface SessionOwner {
  userId: string;
  accountMode: AccountMode;
  tokenHash: string;
}

/**
 * Customers' sessions: a random token handed out at sign-in and stored only as its SHA-256, live while not
 * revoked, used within the idle limit and its customer active. Lookups of concurrent requests are answered by
 * one query.
 */
export class SessionStore {
  private readonly live: DataLoader<string, Awaited<ReturnType<SessionStore['findLive']>>[number]>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.live = createBatcher((hashes) => this.findLive(hashes), { maxBatchSize: 128, concurrency: 4 });
  }

  /**
   * A new session for the customer, with the device it was opened from; the token goes to the customer,
   * only its hash is stored.
   */
  async open(
    db: Db | Tx,
    userId: bigint,
    device?: { address: string | null; userAgent: string | null; deviceHash: string },
  ): Promise<{ token: string; tokenHash: string }> {
    const token = newSessionToken();
    const tokenHash = sha256Hex(token);
    const now = this.clock.now();
    await db.insert(sessions).values({
      tokenHash,
      userId,
      createdAt: now,
      lastSeenAt: now,
      address: device?.address ?? null,
      userAgent: device?.userAgent ?? null,
      deviceHash: device?.deviceHash ?? null,
    });
    return { token, tokenHash };
  }

  /** The customer's live sessions, most recently used first (the Security page's list). */
  async listOf(userId: bigint) {
    const idleCutoff = new Date(this.clock.now().getTime() - SESSION_IDLE_DAYS * DAY_MS);
    return this.db
      .select({
        tokenHash: sessions.tokenHash,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        userAgent: sessions.userAgent,
        address: sessions.address,
      })
      .from(sessions)
      .where(
        and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.lastSeenAt, idleCutoff)),
      )
      .orderBy(desc(sessions.lastSeenAt))
      .limit(50);
  }

  /** Ends one of the customer's live sessions by its handle (a 16-digit prefix of its hash). */
  async revokeHandle(userId: bigint, handle: string): Promise<boolean> {
    if (!/^[0-9a-f]{16}$/.test(handle)) return false;
    const revoked = await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(
        and(eq(sessions.userId, userId), like(sessions.tokenHash, `${handle}%`), isNull(sessions.revokedAt)),
      )
      .returning({ tokenHash: sessions.tokenHash });
    return revoked.length > 0;
  }

  /** The owner of a live session token (not revoked, not idle too long, customer active), or null. */
  async owner(token: string, userAgent?: string): Promise<SessionOwner | null> {
    if (!looksLikeSessionToken(token)) return null;
    const tokenHash = sha256Hex(token);
    const row = await this.live.load(tokenHash);
    if (!row) return null;
    const now = this.clock.now();
    const agent = userAgent === undefined ? row.userAgent : cleanUserAgent(userAgent);
    if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS || agent !== row.userAgent) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: now, userAgent: agent })
        .where(eq(sessions.tokenHash, tokenHash));
    }
    return { userId: String(row.userId), accountMode: row.accountMode, tokenHash };
  }

  /** Which of these sessions (token hashes) are still live. */
  async liveAmong(tokenHashes: readonly string[]): Promise<Set<string>> {
    if (tokenHashes.length === 0) return new Set();
    const rows = await this.findLive(tokenHashes);
    return new Set(rows.flatMap((row) => (row ? [row.tokenHash] : [])));
  }

  /** Ends one session (signing out). */
  async revoke(tokenHash: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  }

  /** Ends every session of a customer, except `keepTokenHash` (the one changing the password). */
  async revokeAll(tx: Db | Tx, userId: bigint, keepTokenHash?: string): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined,
        ),
      );
  }

  /** Deletes sessions revoked or idle for longer than the idle limit. */
  async purgeExpired(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - SESSION_IDLE_DAYS * DAY_MS);
    await this.db.delete(sessions).where(or(lt(sessions.revokedAt, cutoff), lt(sessions.lastSeenAt, cutoff)));
  }

  /**
   * The live sessions among these token hashes (one query for every request that arrived together), in the
   * hashes' order, null where a session is unknown, revoked, idle too long or its customer not active.
   */
  private async findLive(tokenHashes: readonly string[]) {
    const now = this.clock.now();
    const rows = await this.db
      .select({
        tokenHash: sessions.tokenHash,
        userId: users.id,
        accountMode: users.accountMode,
        lastSeenAt: sessions.lastSeenAt,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          // One JSON parameter rather than one per token: the same statement text for any batch size.
          sql`${sessions.tokenHash} in (select json_array_elements_text(${JSON.stringify([...new Set(tokenHashes)])}::json))`,
          isNull(sessions.revokedAt),
          gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS)),
          eq(users.status, 'active'),
          isNull(users.closedAt),
        ),
      );
    const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
    return tokenHashes.map((hash) => byHash.get(hash) ?? null);
  }
}

/**
 * A User-Agent header as stored for staff: printable ASCII only (RFC 9110 allows nothing else unescaped),
 * at most 300 characters; null when nothing is left.
 */
export function cleanUserAgent(header: string): string | null {
  const cleaned = header
    .replace(/[^\x20-\x7E]/g, '')
    .trim()
    .slice(0, 300);
  return cleaned === '' ? null : cleaned;
}
