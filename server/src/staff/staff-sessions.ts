import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import { errors, type StaffSessionInfo } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { staff, staffSessions } from './tables';

/** A staff session ends after this long without a call ... */
export const STAFF_IDLE_MS = 30 * 60_000;
/** ... and this long after sign-in at the latest (one working day). */
export const STAFF_ABSOLUTE_MS = 12 * 3_600_000;
/** Calls within this long of the last recorded one do not write `last_seen_at` again. */
const TOUCH_EVERY_MS = 60_000;

export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Where a session was opened from, as the member sees it in their list (bounded, one line). */
export interface SessionOrigin {
  address?: string | undefined;
  userAgent?: string | undefined;
}

const oneLine = (value: string | undefined, max: number) =>
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  value === undefined ? null : value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').slice(0, max) || null;

type SessionRow = typeof staffSessions.$inferSelect;

/**
 * Staff sessions: opaque tokens stored as SHA-256 hashes, each alive until 30 minutes without a call or 12
 * hours after sign-in, whichever comes first (`STAFF_IDLE_MS`, `STAFF_ABSOLUTE_MS`). Members list and revoke
 * their own; admins list and end a member's.
 */
export class StaffSessions {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** A new session in `tx` (expired ones of the member are cleared on the way); the token is returned once. */
  async open(tx: Tx, staffId: string, origin: SessionOrigin): Promise<{ token: string; expiresAt: Date }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = new Date(this.now());
    const expiresAt = new Date(now.getTime() + STAFF_ABSOLUTE_MS);
    const id = BigInt(staffId);
    await tx.insert(staffSessions).values({
      tokenHash: tokenHash(token),
      staffId: id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      address: oneLine(origin.address, 64),
      userAgent: oneLine(origin.userAgent, 300),
    });
    await tx.delete(staffSessions).where(and(eq(staffSessions.staffId, id), this.ended()));
    return { token, expiresAt };
  }

  /** The live session of `token` with its member (enabled), touching its last use; undefined when it ended. */
  async live(token: string) {
    const now = this.now();
    const [row] = await this.db
      .select({ session: staffSessions, member: staff })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(and(eq(staffSessions.tokenHash, tokenHash(token)), this.alive(), isNull(staff.disabledAt)));
    if (!row) return undefined;
    if (now - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
      await this.db
        .update(staffSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(staffSessions.tokenHash, row.session.tokenHash));
    return row;
  }

  /** The member's live sessions, newest first; `currentToken` marks the caller's own. */
  async list(staffId: string, currentToken?: string): Promise<StaffSessionInfo[]> {
    const rows = await this.db
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.staffId, BigInt(staffId)), this.alive()))
      .orderBy(desc(staffSessions.createdAt));
    const current = currentToken ? tokenHash(currentToken) : undefined;
    return rows.map((row) => this.view(row, row.tokenHash === current));
  }

  /** Ends one of the member's sessions by its id (11185 when it is not theirs or already over). */
  async revoke(tx: Tx, staffId: string, sessionId: string): Promise<number> {
    const gone = await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, BigInt(staffId)), eq(staffSessions.id, BigInt(sessionId))))
      .returning({ id: staffSessions.id });
    if (gone.length === 0) throw new AppError(errors.customerSessionNotFound);
    return gone.length;
  }

  /** Ends every session of the member, but the one of `keepToken` when given; answers how many ended. */
  async endAll(tx: Tx, staffId: bigint, keepToken?: string): Promise<number> {
    const gone = await tx
      .delete(staffSessions)
      .where(
        and(
          eq(staffSessions.staffId, staffId),
          keepToken ? ne(staffSessions.tokenHash, tokenHash(keepToken)) : undefined,
        ),
      )
      .returning({ id: staffSessions.id });
    return gone.length;
  }

  /** How many live sessions each member has. */
  async counts(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ staffId: staffSessions.staffId })
      .from(staffSessions)
      .where(this.alive());
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(String(row.staffId), (counts.get(String(row.staffId)) ?? 0) + 1);
    return counts;
  }

  async signOut(tx: Tx, token: string): Promise<void> {
    await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash(token)));
  }

  private alive() {
    const now = this.now();
    return and(
      gt(staffSessions.expiresAt, new Date(now)),
      gt(staffSessions.lastSeenAt, new Date(now - STAFF_IDLE_MS)),
    );
  }

  private ended() {
    const now = this.now();
    return or(
      lt(staffSessions.expiresAt, new Date(now)),
      lt(staffSessions.lastSeenAt, new Date(now - STAFF_IDLE_MS)),
    );
  }

  private view(row: SessionRow, current: boolean): StaffSessionInfo {
    return {
      id: row.id.toString(),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      idleExpiresAt: new Date(
        Math.min(row.lastSeenAt.getTime() + STAFF_IDLE_MS, row.expiresAt.getTime()),
      ).toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      address: row.address,
      userAgent: row.userAgent,
      current,
    };
  }
}
