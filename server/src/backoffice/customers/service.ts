import { desc, eq } from 'drizzle-orm';
import {
  errors,
  type AccountMode,
  type CustomerBook,
  type CustomerNote,
  type CustomerProfile,
  type CustomerSearchQuery,
  type CustomerSession,
  type CustomerStatus,
  type CustomerSummary,
  type TransactionRecordPage,
} from '@swx/shared/contract';
import type { CustomerDirectory } from '../../auth/service';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Ledger } from '../../ledger/service';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { RecordsService } from '../../records/service';
import type { Trading } from '../../trading';
import type { AuditService } from '../../staff/audit';
import type { StaffIdentity } from '../../staff/staff';
import { customerNotes } from '../tables';

export interface CustomersDeps {
  db: Db;
  units: UnitOfWork;
  audit: AuditService;
  directory: CustomerDirectory;
  ledger: Pick<Ledger, 'balances'>;
  records: Pick<RecordsService, 'page'>;
  trading: Pick<Trading, 'margin' | 'spot' | 'options'>;
  /** Staff members' usernames by id (the staff domain's `StaffService.usernames`). */
  staffNames: (staffIds: readonly string[]) => Promise<Map<string, string>>;
}

/** How many of a customer's newest records the profile shows per account set. */
const RECENT_RECORDS = 10;
const NOTE_LIMIT = 200;

/**
 * The back office's customers (issue 19, item 4): search and profile through the owners' read functions
 * (auth directory, ledger balances, records, trading lists), sessions, notes and the account's status. Every
 * change is audited in its own transaction.
 */
export class CustomersService {
  constructor(private readonly deps: CustomersDeps) {}

  search(query: CustomerSearchQuery) {
    return this.deps.directory.search(query);
  }

  /**
   * A staff view of a customer's data, audited as `customer.view` (who, when, what) once the read succeeded:
   * the profile, the records, the sessions. The audit row is written before the data is answered.
   */
  async viewed<T>(who: StaffIdentity, userId: string, what: string, read: () => Promise<T>): Promise<T> {
    const data = await read();
    await this.deps.units.run(({ tx }) =>
      this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'customer.view',
        target: `customer:${userId}`,
        details: { what },
      }),
    );
    return data;
  }

  async profile(userId: string): Promise<CustomerProfile> {
    const account = await this.deps.directory.account(userId);
    if (!account) throw new AppError(errors.userNotFound);
    const [real, demo, sessions] = await Promise.all([
      this.book(userId, 'real'),
      this.book(userId, 'demo'),
      this.deps.directory.sessions(userId),
    ]);
    return { account, real, demo, sessions };
  }

  /** One account set as the customer sees it: balances, newest records, what is open. */
  private async book(userId: string, mode: AccountMode): Promise<CustomerBook> {
    const owner = { userId, mode };
    const { margin, spot, options } = this.deps.trading;
    const [balances, records, openPositions, pendingSpotOrders, contracts] = await Promise.all([
      this.deps.ledger.balances(userId, mode),
      this.deps.records.page(owner, {}, 1, RECENT_RECORDS),
      margin.list(owner, ['waiting', 'open']),
      spot.list(owner, ['pending']),
      options.list(owner),
    ]);
    return {
      balances,
      recentRecords: records.items,
      openPositions,
      pendingSpotOrders,
      openOptions: contracts.filter((contract) => contract.status === 'open'),
    };
  }

  async records(
    userId: string,
    query: { mode: AccountMode; page: number; pageSize: number },
  ): Promise<TransactionRecordPage> {
    await this.existing(userId);
    return this.deps.records.page({ userId, mode: query.mode }, {}, query.page, query.pageSize);
  }

  async sessions(userId: string): Promise<CustomerSession[]> {
    await this.existing(userId);
    return this.deps.directory.sessions(userId);
  }

  /** Signs one session out (audited); the customer's next request with it answers 401. */
  async revokeSession(who: StaffIdentity, userId: string, sessionId: string): Promise<CustomerSession[]> {
    await this.existing(userId);
    await this.deps.units.run(async ({ tx }) => {
      if (!(await this.deps.directory.revokeSession(tx, userId, sessionId)))
        throw new AppError(errors.customerSessionNotFound);
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'customer.session.revoke',
        target: `customer:${userId}`,
        details: { session: sessionId },
      });
    });
    return this.deps.directory.sessions(userId);
  }

  async notes(userId: string): Promise<CustomerNote[]> {
    await this.existing(userId);
    const rows = await this.deps.db
      .select({
        id: customerNotes.id,
        text: customerNotes.text,
        staffId: customerNotes.staffId,
        createdAt: customerNotes.createdAt,
      })
      .from(customerNotes)
      .where(eq(customerNotes.userId, BigInt(userId)))
      .orderBy(desc(customerNotes.id))
      .limit(NOTE_LIMIT);
    const names = await this.deps.staffNames(rows.map((row) => String(row.staffId)));
    return rows.map((row) => ({
      id: String(row.id),
      text: row.text,
      staffId: String(row.staffId),
      staffUsername: names.get(String(row.staffId)) ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Adds a note (text already bounded and checked clean at the edge; trimmed here), audited. */
  async addNote(who: StaffIdentity, userId: string, text: string): Promise<CustomerNote> {
    await this.existing(userId);
    const cleaned = text.normalize('NFC').trim();
    return this.deps.units.run(async ({ tx }) => {
      const [row] = await tx
        .insert(customerNotes)
        .values({ userId: BigInt(userId), staffId: BigInt(who.staffId), text: cleaned })
        .returning();
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'customer.note.add',
        target: `customer:${userId}`,
        details: { noteId: String(row!.id) },
      });
      return {
        id: String(row!.id),
        text: row!.text,
        staffId: who.staffId,
        staffUsername: who.username,
        createdAt: row!.createdAt.toISOString(),
      };
    });
  }

  /**
   * Disables or enables the account, audited with the reason. Disabling revokes every session in the same
   * transaction: sign-in answers 10005 and every token the customer held answers 401 from then on.
   */
  async setStatus(
    who: StaffIdentity,
    userId: string,
    status: CustomerStatus,
    reason: string,
  ): Promise<CustomerSummary> {
    await this.deps.units.run(async ({ tx }) => {
      const before = await this.deps.directory.setStatus(tx, userId, status);
      if (before === undefined) throw new AppError(errors.userNotFound);
      if (before === status) throw new AppError(errors.customerStatusUnchanged);
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: status === 'disabled' ? 'customer.disable' : 'customer.enable',
        target: `customer:${userId}`,
        details: { reason: reason.trim(), from: before, to: status },
      });
    });
    const { inviteCode: _i, invitedBy: _b, hasPassword: _p, ...summary } = (await this.existing(userId))!;
    return summary;
  }

  private async existing(userId: string) {
    const account = await this.deps.directory.account(userId);
    if (!account) throw new AppError(errors.userNotFound);
    return account;
  }
}
