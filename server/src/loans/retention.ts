import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AuditService } from '../staff/audit';
import type { ParamsService } from '../params/service';
import { isSealed, sealedColumn, type RewrapSource, type Sealer } from '../platform/crypto';
import { legacyValueRefs, takeLegacyValue } from '../platform/legacy-values';
import type { Scheduler } from '../platform/scheduler';
import { contractScope, signatureScope } from './common';
import { loanContracts, loans } from './tables';

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
const BATCH = 200;

export interface LoanDataDeps {
  db: Db;
  sealer: Sealer;
  audit: AuditService;
  params: ParamsService;
  /** Customers whose account was closed before `cutoff` (auth), by id after `after`. */
  closedBefore: (cutoff: Date, after: string | null, limit: number) => Promise<string[]>;
}

/**
 * The personal data a loan keeps — the signature strokes and the contract PDF, which prints the borrower's
 * identity — at rest and over time (docs/security.md): sealed under the keyring, rotated with it, upgraded
 * from what was stored in plain before, and purged once an account has been closed for the legal retention
 * period (`identity_retention_years`). The loan itself (amounts, dates, the contract's SHA-256) and its
 * ledger entries stay whole.
 */
export class LoanData {
  constructor(private readonly deps: LoanDataDeps) {}

  registerJobs(scheduler: Scheduler): void {
    scheduler.every('loans.retention', 60 * 60_000, (now) => this.purgeClosed(now), { runOnStart: true });
  }

  /** Purges signatures and contracts of accounts closed before the retention period; answers the counts. */
  async purgeClosed(now: number): Promise<{ signatures: number; contracts: number }> {
    const years = this.deps.params.getInteger('identity_retention_years');
    const cutoff = new Date(now - years * YEAR_MS);
    const total = { signatures: 0, contracts: 0 };
    let after: string | null = null;
    for (;;) {
      const closed = await this.deps.closedBefore(cutoff, after, BATCH);
      if (closed.length === 0) return total;
      after = closed[closed.length - 1]!;
      const users = closed.map((id) => BigInt(id));
      await this.deps.db.transaction(async (tx) => {
        const signatures = await tx
          .update(loans)
          .set({ signatureSealed: null })
          .where(and(inArray(loans.userId, users), isNotNull(loans.signatureSealed)))
          .returning({ id: loans.id });
        const contracts = await tx
          .delete(loanContracts)
          .where(inArray(loanContracts.userId, users))
          .returning({ id: loanContracts.loanId });
        if (signatures.length + contracts.length === 0) return;
        total.signatures += signatures.length;
        total.contracts += contracts.length;
        await this.deps.audit.record(tx, {
          staffId: null,
          action: 'retention.purge',
          target: 'loans:closed-accounts',
          details: { signatures: signatures.length, contracts: contracts.length, retentionYears: years },
        });
      });
    }
  }

  /**
   * Seals what was stored in plain before: signatures migration 0024 moved to `legacy_plain_values`
   * (start-up, before requests; the contracts' plain PDFs are sealed by the rotation source's upgrade).
   */
  async upgradeLegacy(): Promise<number> {
    let sealed = 0;
    for (const ref of await legacyValueRefs(this.deps.db, 'loan.signature')) {
      const done = await this.deps.db.transaction(async (tx) => {
        const value = await takeLegacyValue(tx, 'loan.signature', ref);
        if (value === undefined) return false;
        const [row] = await tx
          .select({ id: loans.id, userId: loans.userId, quoteId: loans.quoteId })
          .from(loans)
          .where(and(eq(loans.id, BigInt(ref)), isNull(loans.signatureSealed)))
          .for('update');
        if (!row) return false;
        const signatureSealed = this.deps.sealer.sealJson(
          signatureScope(String(row.userId), row.quoteId),
          value,
        );
        await tx.update(loans).set({ signatureSealed }).where(eq(loans.id, row.id));
        return true;
      });
      if (done) sealed += 1;
    }
    return sealed;
  }

  rewrapSources(): RewrapSource[] {
    return [
      sealedColumn(this.deps.db, this.deps.sealer, {
        name: 'loan.signatures',
        table: 'loans',
        id: 'id',
        column: 'signature_sealed',
        scopeColumns: ['user_id', 'quote_id'],
        scope: (row) => signatureScope(row.user_id!, row.quote_id!),
      }),
      sealedColumn(this.deps.db, this.deps.sealer, {
        name: 'loan.contracts',
        table: 'loan_contracts',
        id: 'loan_id',
        column: 'pdf',
        scopeColumns: ['user_id'],
        scope: (row, id) => contractScope(row.user_id!, id),
        // Contracts stored before sealing are plain PDFs: sealed as they are, byte for byte.
        legacy: (value) =>
          !isSealed(value) && value.subarray(0, 5).toString('latin1') === '%PDF-' ? value : undefined,
      }),
    ];
  }
}
