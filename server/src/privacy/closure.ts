import {
  closureBlockerCodes,
  errors,
  type AccountClosed,
  type ClosureBlocker,
  type PrivacyOverview,
} from '@swx/shared/contract';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { Money } from '../ledger/accounts';
import type { AuditService } from '../staff/audit';
import type { ParamsService } from '../params/service';
import type { Scheduler } from '../platform/scheduler';
import type { AccountClosures } from '../auth/service';
import type { UnitOfWork } from '../platform/unit-of-work';
import type { DataExports } from './exports';
import { owner, type PrivacySources } from './sources';

export interface ClosureDeps {
  units: UnitOfWork;
  sources: PrivacySources;
  closures: AccountClosures;
  exports: DataExports;
  audit: Pick<AuditService, 'record'>;
  params: Pick<ParamsService, 'getInteger'>;
  /** What account security forgets in the closure's transaction (security/closure.ts). */
  forgetSecurity: (tx: Tx, userId: string) => Promise<void>;
}

type Balances = PrivacyOverview['closure']['balances'];

/** Legal retention counts calendar years; 365.25 days each keeps leap years in (as kyc/retention.ts). */
const YEAR_MS = 365.25 * 24 * 3_600_000;
const BATCH = 200;

/**
 * Closing an account (docs/decisions.md, "Account closure"). Allowed only when nothing is running or owed
 * on the real account: no deposit or withdrawal in process, no open order, position or option, no earning
 * plan, no loan pending, running or overdue, no leading bid in a live auction, and every real balance zero
 * (available and held). The demo account is play money and closes with it. Refusals name the first blocker
 * in `closureBlockerCodes` order (the most specific first: a withdrawal under review also holds a balance).
 *
 * On success, in ONE transaction: the real balances are locked and checked zero again (nothing can have
 * arrived between the checks and the commit), the account is marked closed and its sessions end (auth),
 * second factors, step-up proofs, the address book and data downloads are forgotten (security, privacy),
 * and an audit entry records the closure. Nothing is deleted from the ledger or any record of business.
 */
export class AccountClosure {
  now: () => number = Date.now;

  constructor(private readonly deps: ClosureDeps) {}

  /**
   * When the retention period of a closed account has run (`identity_retention_years`, as its identity
   * data), its sign-in identifiers are replaced too (auth/closure.ts), a batch at a time, audited as counts.
   */
  registerJobs(scheduler: Pick<Scheduler, 'every'>): void {
    scheduler.every('privacy.closed-accounts', 60 * 60_000, (now) => this.pseudonymiseDue(now), {
      runOnStart: true,
    });
  }

  async pseudonymiseDue(now: number): Promise<number> {
    const years = this.deps.params.getInteger('identity_retention_years');
    const cutoff = new Date(now - years * YEAR_MS);
    let total = 0;
    for (;;) {
      const done = await this.deps.closures.pseudonymise(cutoff, new Date(now), BATCH, (tx, count) =>
        this.deps.audit.record(tx, {
          staffId: null,
          action: 'retention.purge',
          target: 'auth:closed-accounts',
          details: { accounts: count, retentionYears: years },
        }),
      );
      total += done;
      if (done < BATCH) return total;
    }
  }

  async blockers(userId: string): Promise<{ blockers: ClosureBlocker[]; balances: Balances }> {
    const real = owner(userId, 'real');
    const { sources } = this.deps;
    const found = new Set<ClosureBlocker>();
    const [deposits, withdrawals] = await Promise.all([
      sources.cashier.listDeposits(real, ['pending']),
      sources.cashier.listWithdrawals(real, ['pending', 'approved']),
    ]);
    if (deposits.length + withdrawals.length > 0) found.add('cashier');
    const [spot, positions, options] = await Promise.all([
      sources.trading.spot.list(real, ['pending']),
      sources.trading.margin.list(real, ['waiting', 'open']),
      sources.trading.options.list(real),
    ]);
    if (spot.length + positions.length > 0 || options.some((contract) => contract.status === 'open'))
      found.add('trading');
    if ((await sources.plans.list(real, ['earning'])).length > 0) found.add('plans');
    if ((await sources.loans.list(real, ['pending', 'repaying', 'expired'])).length > 0) found.add('loans');
    if ((await sources.nfts.mine(real)).bids.some((bid) => bid.status === 'winning')) found.add('bids');
    const balances = nonZero(await sources.ledger.balances(userId, 'real'));
    if (balances.length > 0) found.add('balance');
    const order = Object.keys(closureBlockerCodes) as ClosureBlocker[];
    return { blockers: order.filter((blocker) => found.has(blocker)), balances };
  }

  username(userId: string): Promise<string | undefined> {
    return this.deps.closures.usernameOf(userId);
  }

  async close(userId: string, confirmUsername: string): Promise<AccountClosed> {
    const username = await this.deps.closures.usernameOf(userId);
    if (!username || confirmUsername.trim() !== username) throw new AppError(errors.closureConfirmation);
    const { blockers } = await this.blockers(userId);
    if (blockers.length > 0) throw new AppError(closureBlockerCodes[blockers[0]!]);
    const closedAt = new Date(this.now());
    await this.deps.units.run(async (unit) => {
      const { tx } = unit;
      await this.deps.sources.ledger.lockCustomers(tx, [{ userId, mode: 'real' }]);
      if (nonZero(await this.deps.sources.ledger.balances(userId, 'real', tx)).length > 0)
        throw new AppError(errors.closureBalance);
      await this.deps.closures.close(tx, userId, closedAt);
      await this.deps.forgetSecurity(tx, userId);
      const exportIds = await this.deps.exports.forget(tx, userId);
      await this.deps.audit.record(tx, {
        staffId: null,
        action: 'customer.close',
        target: `user:${userId}`,
        details: { by: 'customer' },
      });
      unit.afterCommit(() => this.deps.exports.removeFiles(exportIds));
    });
    return { closedAt: closedAt.toISOString() };
  }
}

function nonZero(balances: Record<string, { available: string; held: string }>): Balances {
  return Object.entries(balances)
    .map(([currency, { available, held }]) => ({
      currency,
      amount: new Money(available).plus(held).toFixed(),
      zero: new Money(available).isZero() && new Money(held).isZero(),
    }))
    .filter((entry) => !entry.zero)
    .map(({ currency, amount }) => ({ currency, amount }));
}
