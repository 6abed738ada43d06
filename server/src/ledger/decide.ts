import { errors } from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { Money, isCustomerRef, refKey, type AccountRef } from './accounts';

export interface LockedAccount {
  id: bigint;
  kind: string;
  balance: Money;
}

export type NetChanges = Map<string, { ref: AccountRef; net: Money }>;

/** Net change per account and entry: one balance update per customer account however many legs touch it. */
export function netChanges(legsOf: { account: AccountRef; amount: Money }[][]): NetChanges[] {
  return legsOf.map((legs) => {
    const netByKey: NetChanges = new Map();
    for (const leg of legs) {
      const key = refKey(leg.account);
      const entry = netByKey.get(key) ?? { ref: leg.account, net: new Money(0) };
      entry.net = entry.net.add(leg.amount);
      netByKey.set(key, entry);
    }
    return netByKey;
  });
}

/**
 * Decides each entry, in order, against the running balances the earlier ones leave: a refusal (10011, or
 * 11020 for held funds) stands alone and changes nothing. Accounts to open count as zero until opened.
 */
export function decide(
  nets: NetChanges[],
  locked: ReadonlyMap<string, LockedAccount>,
  toOpen: ReadonlyMap<string, AccountRef>,
): { outcomes: (string | AppError | undefined)[]; accepted: number[]; running: Map<string, Money> } {
  const running = new Map<string, Money>();
  const balanceOf = (key: string) => running.get(key) ?? locked.get(key)?.balance;
  const outcomes: (string | AppError | undefined)[] = [];
  const accepted: number[] = [];
  nets.forEach((netByKey, i) => {
    for (const [key, { ref, net }] of netByKey) {
      if (!isCustomerRef(ref)) continue;
      // An account not opened yet is opened by a credit only (as in `transfer`).
      const opens = toOpen.has(key) && net.isPositive() && !net.isZero();
      const balance = balanceOf(key) ?? (opens ? new Money(0) : undefined);
      if (balance === undefined || balance.add(net).isNegative()) {
        // A missing account has no funds to give: 10011 whatever its kind. One opened by an earlier entry
        // of the batch exists by now.
        const exists = locked.has(key) || running.has(key);
        outcomes[i] = new AppError(
          exists && ref.kind === 'customer_held' ? errors.holdInsufficient : errors.insufficientBalance,
        );
        return;
      }
    }
    for (const [key, { ref, net }] of netByKey)
      if (isCustomerRef(ref)) running.set(key, (balanceOf(key) ?? new Money(0)).add(net));
    accepted.push(i);
  });
  return { outcomes, accepted, running };
}
