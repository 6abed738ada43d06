import { and, count, desc, eq, ilike, inArray, isNull, like, or, type SQL } from 'drizzle-orm';
import type { CustomerSession, CustomerStatus, CustomerSummary } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import type { Clock } from '../guards/repeat';
import { recordId } from '../platform/owned';
import { sessions, users, walletLinks } from './tables';

type UserRow = typeof users.$inferSelect;

/** How many sessions staff see per customer: the most recently used ones. */
const SESSION_LIMIT = 50;
/** Staff see a prefix of the token's SHA-256 as the session's handle: 64 bits, unique within a customer. */
const SESSION_HANDLE_LENGTH = 16;
const walletAddress = /^0x[0-9a-fA-F]{40}$/;

export interface CustomerAccountFacts extends CustomerSummary {
  inviteCode: string;
  invitedBy: string | null;
  hasPassword: boolean;
}

/** `%`, `_` and `\` are LIKE wildcards (PostgreSQL's default escape is the backslash). */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The staff side of customers' identities (the auth domain's tables, read and changed for the back office):
 * search, account facts, sessions and the account's status. Writes take the caller's transaction so the
 * caller's audit row commits with them.
 */
export class CustomerDirectory {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Customers matching `q`: the id exactly, username or e-mail containing it (either case), or a linked
   * wallet address exactly (either case). Newest first.
   */
  async search(options: { q?: string | undefined; page: number; pageSize: number }) {
    const where = this.matching(options.q?.trim());
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    const [totals] = await this.db.select({ total: count() }).from(users).where(where);
    const wallets = await this.wallets(rows.map((row) => row.id));
    return {
      items: rows.map((row) => toSummary(row, wallets.get(row.id) ?? [])),
      total: Number(totals?.total ?? 0),
      page: options.page,
      pageSize: options.pageSize,
    };
  }

  private matching(q: string | undefined): SQL | undefined {
    if (!q) return undefined;
    const contains = `%${likeEscaped(q)}%`;
    const id = recordId(q);
    return or(
      ilike(users.username, contains),
      ilike(users.email, contains),
      id === undefined ? undefined : eq(users.id, id),
      walletAddress.test(q)
        ? inArray(
            users.id,
            this.db
              .select({ userId: walletLinks.userId })
              .from(walletLinks)
              .where(eq(walletLinks.address, q.toLowerCase())),
          )
        : undefined,
    );
  }

  /** A customer's account facts, or undefined for an unknown id. */
  async account(userId: string, reader: Db | Tx = this.db): Promise<CustomerAccountFacts | undefined> {
    const id = recordId(userId);
    if (id === undefined) return undefined;
    const [row] = await reader.select().from(users).where(eq(users.id, id));
    if (!row) return undefined;
    const wallets = await this.wallets([row.id], reader);
    return {
      ...toSummary(row, wallets.get(row.id) ?? []),
      inviteCode: row.inviteCode,
      invitedBy: row.invitedBy === null ? null : String(row.invitedBy),
      hasPassword: row.passwordHash !== null,
    };
  }

  private async wallets(ids: bigint[], reader: Db | Tx = this.db): Promise<Map<bigint, string[]>> {
    const result = new Map<bigint, string[]>();
    if (ids.length === 0) return result;
    const rows = await reader
      .select({ userId: walletLinks.userId, address: walletLinks.address })
      .from(walletLinks)
      .where(inArray(walletLinks.userId, ids))
      .orderBy(walletLinks.linkedAt);
    for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), row.address]);
    return result;
  }

  /** The customer's sessions, most recently used first (revoked ones too, until the sign-in purge). */
  async sessions(userId: string, reader: Db | Tx = this.db): Promise<CustomerSession[]> {
    const id = recordId(userId);
    if (id === undefined) return [];
    const rows = await reader
      .select()
      .from(sessions)
      .where(eq(sessions.userId, id))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(SESSION_LIMIT);
    return rows.map((row) => ({
      id: row.tokenHash.slice(0, SESSION_HANDLE_LENGTH),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      userAgent: row.userAgent,
      revokedAt: row.revokedAt === null ? null : row.revokedAt.toISOString(),
    }));
  }

  /** Revokes one live session of the customer by its handle; false when there is no such live session. */
  async revokeSession(tx: Tx, userId: string, handle: string): Promise<boolean> {
    const id = recordId(userId);
    if (id === undefined || !/^[0-9a-f]{16}$/.test(handle)) return false;
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.userId, id), like(sessions.tokenHash, `${handle}%`), isNull(sessions.revokedAt)))
      .returning({ tokenHash: sessions.tokenHash });
    return revoked.length > 0;
  }

  /**
   * Sets the account's status under a row lock. Disabling revokes every live session in the same
   * transaction, so no request of the customer's is served after it commits. Answers the status before, or
   * undefined for an unknown customer.
   */
  async setStatus(tx: Tx, userId: string, status: CustomerStatus): Promise<CustomerStatus | undefined> {
    const id = recordId(userId);
    if (id === undefined) return undefined;
    const [before] = await tx
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!before) return undefined;
    if (before.status === status) return before.status;
    await tx.update(users).set({ status }).where(eq(users.id, id));
    if (status === 'disabled') {
      await tx
        .update(sessions)
        .set({ revokedAt: this.clock.now() })
        .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    }
    return before.status;
  }
}

function toSummary(row: UserRow, wallets: string[]): CustomerSummary {
  return {
    id: String(row.id),
    username: row.username,
    email: row.email,
    status: row.status,
    kycStatus: row.kycStatus,
    accountMode: row.accountMode,
    createdAt: row.createdAt.toISOString(),
    wallets,
  };
}
