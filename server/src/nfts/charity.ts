import { desc, eq, sql } from 'drizzle-orm';
import {
  errors,
  nftCurrency,
  type CharityBook,
  type CharityPayout,
  type CharityPayoutPublic,
  type RequestCharityPayoutBody,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { Money, formatAmount, platformAccount } from '../ledger/accounts';
import { requirePostable } from '../ledger/precision';
import type { FourEyes } from '../staff/four-eyes';
import type { StaffIdentity } from '../staff/staff';
import { recordId } from '../platform/owned';
import { DONATION_REFERENCE, type NftsDeps } from './common';
import { charityPayouts } from './tables';

type PayoutRow = typeof charityPayouts.$inferSelect;

export interface CharityDeps extends NftsDeps {
  fourEyes: Pick<FourEyes, 'require' | 'approve'>;
  staffNames: (ids: readonly string[]) => Promise<Map<string, string>>;
}

/** The four-eyes subject kind of a payout (`charity-payout:<id>`). */
export const PAYOUT_SUBJECT = 'charity-payout';
/** The ledger reference of a payout entry. */
export const PAYOUT_REFERENCE = 'charity_payout';
const LOCK = 0x63686172; // "char"

/**
 * Payouts of donations to the charity (docs/product.md, Charity NFTs). Donations land in `platform_charity`
 * when auctions settle; a finance member records a payout with the payment's own reference (the first pair of
 * eyes), a different finance member approves it through the shared four-eyes piece (the second), and the
 * approval posts it from `platform_charity` to `platform_charity_external`, the charity's account outside the
 * platform. Raised, paid out and held are read from the ledger, each with its entries.
 */
export class CharityPayouts {
  constructor(
    private readonly deps: CharityDeps,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private balance(kind: 'platform_charity' | 'platform_charity_external', reader: Db | Tx) {
    return this.deps.ledger.platformBalance(kind, nftCurrency, 'real', reader).then((b) => new Money(b));
  }

  /** What payouts waiting for approval already promise. */
  private async promised(reader: Db | Tx): Promise<Money> {
    const [row] = await reader
      .select({ total: sql<string | null>`sum(${charityPayouts.amount})` })
      .from(charityPayouts)
      .where(eq(charityPayouts.status, 'pending'));
    return new Money(row?.total ?? '0');
  }

  async request(who: StaffIdentity, body: RequestCharityPayoutBody): Promise<CharityPayout> {
    const amount = new Money(body.amount);
    if (amount.isZero()) throw new AppError(errors.amountIncorrect);
    requirePostable(amount, nftCurrency);
    const id = await this.deps.units.run(async ({ tx }) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK}, 0)`);
      const free = (await this.balance('platform_charity', tx)).minus(await this.promised(tx));
      if (amount.gt(free)) throw new AppError(errors.charityPayoutOverHeld);
      const [row] = await tx
        .insert(charityPayouts)
        .values({
          currency: nftCurrency,
          amount: amount.toFixed(2),
          reference: body.reference.normalize('NFC').trim(),
          recipient: body.recipient.normalize('NFC').trim(),
          requestedBy: BigInt(who.staffId),
          requestedAt: new Date(this.now()),
        })
        .returning();
      // Fixed with the request (the back office's four-eyes piece): one approval by another finance member.
      await this.deps.fourEyes.require(
        tx,
        { kind: PAYOUT_SUBJECT, id: String(row!.id), requestedBy: who.staffId },
        1,
        { currency: nftCurrency, amount: amount.toFixed(2) },
      );
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'charity.payout.request',
        target: `charity_payout:${row!.id}`,
        details: { amount: formatAmount(amount), reference: row!.reference, recipient: row!.recipient },
      });
      return String(row!.id);
    });
    return this.get(id);
  }

  /** The second pair of eyes posts it: a finance member other than the one who recorded it (`11171`). */
  async approve(who: StaffIdentity, id: string): Promise<CharityPayout> {
    await this.deps.units.run(async ({ tx }) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK}, 0)`);
      const row = await this.pending(tx, id);
      const { complete } = await this.deps.fourEyes.approve(
        tx,
        { kind: PAYOUT_SUBJECT, id, requestedBy: String(row.requestedBy) },
        who,
        { role: 'finance' },
      );
      // More approvals fixed at request time are still needed: this one is recorded, nothing is posted yet.
      if (!complete) return;
      if (new Money(row.amount).gt(await this.balance('platform_charity', tx)))
        throw new AppError(errors.charityPayoutOverHeld);
      const amount = new Money(row.amount).toFixed(2);
      const { journalId } = await this.deps.ledger.transfer(tx, {
        type: 'charity_payout',
        reference: { type: PAYOUT_REFERENCE, id },
        memo: `Donations paid out to ${row.recipient} (${row.reference})`,
        createdByStaffId: who.staffId,
        once: `charity_payout:${id}`,
        legs: [
          { account: platformAccount('platform_charity', row.currency), amount: `-${amount}` },
          { account: platformAccount('platform_charity_external', row.currency), amount },
        ],
      });
      await tx
        .update(charityPayouts)
        .set({
          status: 'approved',
          decidedBy: BigInt(who.staffId),
          decidedAt: new Date(this.now()),
          journalId: BigInt(journalId),
        })
        .where(eq(charityPayouts.id, row.id));
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'charity.payout.approve',
        target: `charity_payout:${id}`,
        details: { amount, requestedBy: String(row.requestedBy), journalId },
      });
    });
    return this.get(id);
  }

  async reject(who: StaffIdentity, id: string, reason: string): Promise<CharityPayout> {
    const text = reason.normalize('NFC').trim();
    await this.deps.units.run(async ({ tx }) => {
      const row = await this.pending(tx, id);
      await tx
        .update(charityPayouts)
        .set({
          status: 'rejected',
          decidedBy: String(row.requestedBy) === who.staffId ? null : BigInt(who.staffId),
          decidedAt: new Date(this.now()),
          rejectReason: text,
        })
        .where(eq(charityPayouts.id, row.id));
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'charity.payout.reject',
        target: `charity_payout:${id}`,
        details: { reason: text },
      });
    });
    return this.get(id);
  }

  /** The staff view: raised, paid out, held, and every payout request, newest first. */
  async book(): Promise<CharityBook> {
    const rows = await this.deps.db.select().from(charityPayouts).orderBy(desc(charityPayouts.id)).limit(500);
    const names = await this.namesOf(rows);
    const figures = await this.figures();
    return {
      currency: nftCurrency,
      raised: figures.raised,
      paidOut: figures.paidOut,
      held: figures.held,
      payouts: rows.map((row) => view(row, names)),
    };
  }

  /**
   * The public figures: raised (the sale donations' postings), paid out (the external account's), held
   * (the charity account's balance, as of its latest entry), and each payout with its entry.
   */
  async figures() {
    const [sales, payouts, held, external] = await Promise.all([
      this.deps.ledger.platformPostingsByReference('platform_charity', nftCurrency, DONATION_REFERENCE),
      this.deps.ledger.platformPostingsByReference(
        'platform_charity_external',
        nftCurrency,
        PAYOUT_REFERENCE,
      ),
      this.balance('platform_charity', this.deps.db),
      this.balance('platform_charity_external', this.deps.db),
    ]);
    const raised = sales.reduce((total, p) => total.plus(p.amount), new Money(0));
    const rows = await this.deps.db
      .select()
      .from(charityPayouts)
      .where(eq(charityPayouts.status, 'approved'));
    const byId = new Map(rows.map((row) => [String(row.id), row]));
    const paid: CharityPayoutPublic[] = payouts
      .map((p) => {
        const row = byId.get(p.referenceId);
        return {
          amount: p.amount,
          recipient: row?.recipient ?? '',
          reference: row?.reference ?? '',
          paidAt: p.createdAt.toISOString(),
          ledgerReference: p.journalId,
        };
      })
      .reverse();
    const last = [...sales, ...payouts].reduce<string | null>(
      (latest, p) => (latest === null || BigInt(p.journalId) > BigInt(latest) ? p.journalId : latest),
      null,
    );
    return {
      raised: formatAmount(raised),
      paidOut: formatAmount(external),
      held: formatAmount(held),
      heldAsOf: last,
      payouts: paid,
    };
  }

  private async pending(tx: Tx, id: string): Promise<PayoutRow> {
    const key = recordId(id);
    const [row] =
      key === undefined
        ? []
        : await tx.select().from(charityPayouts).where(eq(charityPayouts.id, key)).for('update');
    if (!row) throw new AppError(errors.notFound);
    if (row.status !== 'pending') throw new AppError(errors.alreadyDecided);
    return row;
  }

  private async get(id: string): Promise<CharityPayout> {
    const key = recordId(id);
    const [row] =
      key === undefined
        ? []
        : await this.deps.db.select().from(charityPayouts).where(eq(charityPayouts.id, key));
    if (!row) throw new AppError(errors.notFound);
    return view(row, await this.namesOf([row]));
  }

  private namesOf(rows: PayoutRow[]) {
    return this.deps.staffNames(
      rows.flatMap((r) => [String(r.requestedBy), ...(r.decidedBy === null ? [] : [String(r.decidedBy)])]),
    );
  }
}

function view(row: PayoutRow, names: Map<string, string>): CharityPayout {
  return {
    id: String(row.id),
    currency: row.currency,
    amount: formatAmount(new Money(row.amount).toFixed(2)),
    reference: row.reference,
    recipient: row.recipient,
    status: row.status,
    requestedBy: String(row.requestedBy),
    requestedByUsername: names.get(String(row.requestedBy)) ?? null,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy === null ? null : String(row.decidedBy),
    decidedByUsername: row.decidedBy === null ? null : (names.get(String(row.decidedBy)) ?? null),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    journalId: row.journalId === null ? null : String(row.journalId),
  };
}
