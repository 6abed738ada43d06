import { and, eq, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { Scheduler } from '../platform/scheduler';
import type { KycDeps } from './deps';
import { kycFiles, kycIdentities } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Legal retention counts calendar years; 365.25 days each keeps leap years in. */
const YEAR_MS = 365.25 * DAY_MS;
/** Records purged per transaction (each batch is one audit entry). */
const BATCH = 200;

export interface KycRetentionDeps extends KycDeps {
  /** Customers whose account was closed before `cutoff` (auth), by id after `after`. */
  closedBefore: (cutoff: Date, after: string | null, limit: number) => Promise<string[]>;
}

export interface KycPurgeCounts {
  identities: number;
  photos: number;
}

/** A record with anything left to purge. */
const holdsData = or(
  isNotNull(kycIdentities.fieldsSealed),
  isNotNull(kycIdentities.signatureSealed),
  isNotNull(kycIdentities.frontFile),
  isNotNull(kycIdentities.backFile),
  isNotNull(kycIdentities.handFile),
);

/**
 * Identity data kept only as long as needed (docs/security.md, "Retention"), a scheduler pass at a time:
 *
 * - a rejected submission nobody resubmitted within `kyc_rejected_retention_days` (30) loses its documents
 *   and data; the record goes back to `unverified`, so the customer starts again if they return;
 * - the identity record of an account closed more than `identity_retention_years` (5) ago loses its data;
 *   its status stays, as the fact that a check happened.
 *
 * Either way the record keeps status, document type, rounds and dates and gets `purged_at`; photo rows and
 * files go. Each batch is one transaction with one audit entry carrying counts only; files are deleted after
 * it commits. A pass handles everything due at `now`, so a missed pass is caught up by the next one.
 */
export class KycRetention {
  constructor(private readonly deps: KycRetentionDeps) {}

  registerJobs(scheduler: Scheduler): void {
    scheduler.every('kyc.retention', 60 * 60_000, (now) => this.purge(now), { runOnStart: true });
  }

  async purge(now: number): Promise<{ rejected: KycPurgeCounts; closed: KycPurgeCounts }> {
    return { rejected: await this.purgeRejected(now), closed: await this.purgeClosed(now) };
  }

  private async purgeRejected(now: number): Promise<KycPurgeCounts> {
    const days = this.deps.params.getInteger('kyc_rejected_retention_days');
    const cutoff = new Date(now - days * DAY_MS);
    const total: KycPurgeCounts = { identities: 0, photos: 0 };
    for (;;) {
      const counts = await this.batch(
        now,
        and(eq(kycIdentities.status, 'failed'), lt(kycIdentities.decidedAt, cutoff)),
        'kyc:rejected',
        { retentionDays: days },
        true,
      );
      total.identities += counts.identities;
      total.photos += counts.photos;
      if (counts.identities < BATCH) return total;
    }
  }

  private async purgeClosed(now: number): Promise<KycPurgeCounts> {
    const years = this.deps.params.getInteger('identity_retention_years');
    const cutoff = new Date(now - years * YEAR_MS);
    const total: KycPurgeCounts = { identities: 0, photos: 0 };
    let after: string | null = null;
    for (;;) {
      const closed = await this.deps.closedBefore(cutoff, after, BATCH);
      if (closed.length === 0) return total;
      after = closed[closed.length - 1]!;
      const counts = await this.batch(
        now,
        inArray(
          kycIdentities.userId,
          closed.map((id) => BigInt(id)),
        ),
        'kyc:closed-accounts',
        { retentionYears: years },
        false,
      );
      total.identities += counts.identities;
      total.photos += counts.photos;
    }
  }

  /**
   * Purges up to `BATCH` records matching `which` that still hold data, in one transaction with its audit
   * entry. `restart` sends the customer back to `unverified` (a rejected submission).
   */
  private async batch(
    now: number,
    which: SQL | undefined,
    target: string,
    rule: Record<string, number>,
    restart: boolean,
  ): Promise<KycPurgeCounts> {
    const files: string[] = [];
    const counts = await this.deps.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(kycIdentities)
        .where(and(which, holdsData, isNull(kycIdentities.purgedAt)))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return { identities: 0, photos: 0 };
      const ids = rows.map((row) => row.id);
      const photos = await tx
        .delete(kycFiles)
        .where(
          inArray(
            kycFiles.id,
            rows
              .flatMap((row) => [row.frontFile, row.backFile, row.handFile])
              .filter((id): id is string => !!id),
          ),
        )
        .returning({ id: kycFiles.id });
      files.push(...photos.map((photo) => photo.id));
      await tx
        .update(kycIdentities)
        .set({
          fieldsSealed: null,
          signatureSealed: null,
          documentIndex: null,
          frontFile: null,
          backFile: null,
          handFile: null,
          rejections: [],
          purgedAt: new Date(now),
          ...(restart ? { status: 'unverified' as const } : {}),
        })
        .where(inArray(kycIdentities.id, ids));
      if (restart)
        for (const row of rows) await this.deps.auth.setKycStatus(tx, String(row.userId), 'unverified');
      await this.audit(tx, target, { identities: rows.length, photos: photos.length, ...rule });
      return { identities: rows.length, photos: photos.length };
    });
    for (const id of files) await this.deps.photos.remove(id);
    return counts;
  }

  private audit(tx: Tx, target: string, details: Record<string, number>): Promise<void> {
    return this.deps.audit.record(tx, { staffId: null, action: 'retention.purge', target, details });
  }
}
