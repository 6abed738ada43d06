import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  errors,
  type Correction,
  type CorrectionListQuery,
  type RequestCorrectionBody,
} from '@swx/shared/contract';
import type { CustomerDirectory } from '../../auth/service';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import { Money, customerAccount, formatAmount, platformAccount } from '../../ledger/accounts';
import { requirePostable } from '../../ledger/precision';
import type { Ledger } from '../../ledger/service';
import { recordId } from '../../platform/owned';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { NotificationsService } from '../../notifications/service';
import type { AuditService } from '../../staff/audit';
import type { FourEyes } from '../../staff/four-eyes';
import type { StaffIdentity } from '../../staff/staff';
import { correctionRequests } from '../tables';

export interface CorrectionsDeps {
  db: Db;
  units: UnitOfWork;
  audit: AuditService;
  directory: Pick<CustomerDirectory, 'account'>;
  ledger: Pick<Ledger, 'balances' | 'transfer'>;
  fourEyes: Pick<FourEyes, 'approve' | 'require'>;
  /** Tells the customer a correction was posted, with its reason (committed with the entry). */
  notifications: Pick<NotificationsService, 'add'>;
  usernames: (userIds: readonly string[]) => Promise<Map<string, string>>;
  /** Staff members' usernames by id (the staff domain's `StaffService.usernames`). */
  staffNames: (staffIds: readonly string[]) => Promise<Map<string, string>>;
}

type CorrectionRow = typeof correctionRequests.$inferSelect;

const LIST_LIMIT = 200;

/**
 * Correction entries (PRODUCT.md rule 3): a finance member asks for a reasoned entry on a customer's
 * available funds; a different finance member approves it, which posts it through the ledger against the
 * platform's corrections account (type `correction`, the reason as the memo the customer reads in their
 * records). Every step is audited in its own transaction; a correction that would take the customer's
 * balance below zero is refused when asked for and again when approved (balances move in between).
 */
export class CorrectionsService {
  constructor(private readonly deps: CorrectionsDeps) {}

  async request(who: StaffIdentity, body: RequestCorrectionBody): Promise<Correction> {
    const amount = new Money(body.amount);
    if (amount.isZero())
      throw new AppError(errors.amountIncorrect, 'The amount must not be 0').onField('amount', 'format');
    requirePostable(body.amount, body.currency);
    if (!(await this.deps.directory.account(body.userId))) throw new AppError(errors.userNotFound);
    const balances = await this.deps.ledger.balances(body.userId, body.mode);
    const held = balances[body.currency];
    // Only currencies the customer has an account in: a correction never invents a coin.
    if (!held) throw new AppError(errors.invalidRequest, `The customer has no ${body.currency} account`);
    if (new Money(held.available).plus(amount).isNegative())
      throw new AppError(errors.correctionWouldOverdraw);
    const row = await this.deps.units.run(async ({ tx }) => {
      const [inserted] = await tx
        .insert(correctionRequests)
        .values({
          userId: BigInt(body.userId),
          mode: body.mode,
          currency: body.currency,
          amount: formatAmount(amount),
          reason: body.reason.normalize('NFC').trim(),
          requestedBy: BigInt(who.staffId),
        })
        .returning();
      // Fixed with the request: one approval by a finance member other than the requester.
      await this.deps.fourEyes.require(
        tx,
        { kind: 'correction', id: String(inserted!.id), requestedBy: who.staffId },
        1,
        { currency: body.currency, amount: formatAmount(amount) },
      );
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'correction.request',
        target: `customer:${body.userId}`,
        details: {
          correctionId: String(inserted!.id),
          mode: body.mode,
          currency: body.currency,
          amount: formatAmount(amount),
          reason: inserted!.reason,
        },
      });
      return inserted!;
    });
    return this.get(String(row.id));
  }

  /**
   * Approves and posts: the request is the first pair of eyes, this approval (through the shared four-eyes
   * piece: a finance member other than the requester, 11171) the second. The request row is locked first, so
   * of two approvals at once the second waits and then finds it decided (11043).
   */
  async approve(who: StaffIdentity, id: string): Promise<Correction> {
    await this.deps.units.run(async (unit) => {
      const { tx } = unit;
      const row = await this.pending(tx, id);
      const { complete } = await this.deps.fourEyes.approve(
        tx,
        { kind: 'correction', id, requestedBy: String(row.requestedBy) },
        who,
        { role: 'finance' },
      );
      // More approvals fixed at request time are still needed: this one is recorded, nothing is posted yet.
      if (!complete) return;
      const userId = String(row.userId);
      const amount = new Money(row.amount);
      const { journalId } = await this.deps.ledger
        .transfer(tx, {
          type: 'correction',
          memo: row.reason,
          createdByStaffId: who.staffId,
          once: `correction:${row.id}`,
          legs: [
            { account: customerAccount(userId, row.mode, row.currency), amount: amount.toFixed() },
            {
              account: platformAccount('platform_corrections', row.currency, row.mode),
              amount: amount.neg().toFixed(),
            },
          ],
        })
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === errors.insufficientBalance)
            throw new AppError(errors.correctionWouldOverdraw);
          throw error;
        });
      await tx
        .update(correctionRequests)
        .set({ status: 'approved', decidedBy: BigInt(who.staffId), decidedAt: new Date(), journalId })
        .where(eq(correctionRequests.id, row.id));
      await this.deps.notifications.add(unit, userId, {
        kind: 'correction.posted',
        titleKey: 'notifications.correction.posted.title',
        bodyKey: 'notifications.correction.posted.body',
        params: { amount: formatAmount(amount), currency: row.currency, mode: row.mode, reason: row.reason },
        reference: { type: 'correction', id },
      });
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'correction.approve',
        target: `customer:${userId}`,
        details: { correctionId: id, journalId, currency: row.currency, amount: formatAmount(amount) },
      });
    });
    return this.get(id);
  }

  /** Turns a request down (the requester may withdraw their own: no money moves), audited with why. */
  async reject(who: StaffIdentity, id: string, reason: string): Promise<Correction> {
    await this.deps.units.run(async ({ tx }) => {
      const row = await this.pending(tx, id);
      const rejectReason = reason.normalize('NFC').trim();
      await tx
        .update(correctionRequests)
        .set({
          status: 'rejected',
          // A requester withdrawing their own request is not a second person: the audit log names them.
          decidedBy: String(row.requestedBy) === who.staffId ? null : BigInt(who.staffId),
          decidedAt: new Date(),
          rejectReason,
        })
        .where(eq(correctionRequests.id, row.id));
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'correction.reject',
        target: `customer:${String(row.userId)}`,
        details: { correctionId: id, reason: rejectReason },
      });
    });
    return this.get(id);
  }

  private async pending(tx: Tx, id: string): Promise<CorrectionRow> {
    const key = recordId(id);
    if (key === undefined) throw new AppError(errors.correctionNotFound);
    const [row] = await tx
      .select()
      .from(correctionRequests)
      .where(eq(correctionRequests.id, key))
      .for('update');
    if (!row) throw new AppError(errors.correctionNotFound);
    if (row.status !== 'pending') throw new AppError(errors.alreadyDecided);
    return row;
  }

  async list(query: CorrectionListQuery): Promise<Correction[]> {
    const where = and(
      query.status ? eq(correctionRequests.status, query.status) : undefined,
      query.userId ? eq(correctionRequests.userId, BigInt(query.userId)) : undefined,
    );
    return this.select(where);
  }

  async get(id: string): Promise<Correction> {
    const key = recordId(id);
    const [found] = key === undefined ? [] : await this.select(eq(correctionRequests.id, key));
    if (!found) throw new AppError(errors.correctionNotFound);
    return found;
  }

  private async select(where: SQL | undefined): Promise<Correction[]> {
    const rows = await this.deps.db
      .select({ row: correctionRequests })
      .from(correctionRequests)
      .where(where)
      .orderBy(desc(correctionRequests.id))
      .limit(LIST_LIMIT);
    const [names, staffNames] = await Promise.all([
      this.deps.usernames(rows.map(({ row }) => String(row.userId))),
      this.deps.staffNames(
        rows.flatMap(({ row }) => [
          String(row.requestedBy),
          ...(row.decidedBy === null ? [] : [String(row.decidedBy)]),
        ]),
      ),
    ]);
    return rows.map(({ row }) => ({
      id: String(row.id),
      userId: String(row.userId),
      username: names.get(String(row.userId)) ?? null,
      mode: row.mode,
      currency: row.currency,
      amount: formatAmount(row.amount),
      reason: row.reason,
      status: row.status,
      requestedBy: String(row.requestedBy),
      requestedByUsername: staffNames.get(String(row.requestedBy)) ?? null,
      requestedAt: row.requestedAt.toISOString(),
      decidedBy: row.decidedBy === null ? null : String(row.decidedBy),
      decidedByUsername: row.decidedBy === null ? null : (staffNames.get(String(row.decidedBy)) ?? null),
      decidedAt: row.decidedAt === null ? null : row.decidedAt.toISOString(),
      rejectReason: row.rejectReason,
      journalId: row.journalId,
    }));
  }
}
