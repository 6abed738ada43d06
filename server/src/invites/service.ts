import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AccountMode, InviteSummary } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { Ledger, TransferRequest } from '../ledger/service';
import { Money, customerAccount, formatAmount, platformAccount } from '../ledger/accounts';
import type { ParamsService } from '../params/service';
import { users } from '../auth/tables';
import { inviteRewards } from './tables';
import { errors, roundReceived } from '@swx/shared/contract';

export interface RewardForFeeInput {
  /** The customer who paid the trading fee. */
  friendUserId: string;
  mode: AccountMode;
  currency: string;
  /** The fee the friend paid, a positive decimal string. */
  fee: string;
  /** The business record of the fee (a fill, a close), e.g. `{ type: 'spot_order', id: '42' }`. */
  reference: { type: string; id: string };
  /**
   * Tells apart several fees of one record (a position's `open` and `close` fees). The reward is paid at most
   * once per reference, currency and occasion.
   */
  occasion?: string;
}

export interface RewardForFeeResult {
  inviterUserId: string;
  amount: string;
  journalId: string;
}

/** Real-money fees earn rewards; demo fees and zero fees do not. */
function rewardable(input: RewardForFeeInput): boolean {
  if (input.mode !== 'real') return false;
  const fee = new Money(input.fee);
  return fee.isPositive() && !fee.isZero();
}

/** The ledger entry paying an inviter: once per reference, currency and occasion. */
function rewardEntry(input: RewardForFeeInput, inviterUserId: string, amount: Money): TransferRequest {
  return {
    type: 'invite_reward',
    reference: input.reference,
    memo: 'Invite reward: share of a friend’s trading fee',
    once: `invite_reward:${input.reference.type}:${input.reference.id}:${input.currency}:${input.occasion ?? 'fee'}`,
    legs: [
      { account: platformAccount('platform_fees', input.currency, 'real'), amount: amount.neg().toFixed() },
      { account: customerAccount(inviterUserId, 'real', input.currency), amount: amount.toFixed() },
    ],
  };
}

function rewardRow(
  input: RewardForFeeInput,
  inviterUserId: string,
  amount: Money,
  journalId: string,
): typeof inviteRewards.$inferInsert {
  return {
    inviterUserId: BigInt(inviterUserId),
    friendUserId: BigInt(input.friendUserId),
    currency: input.currency,
    fee: new Money(input.fee).toFixed(),
    amount: amount.toFixed(),
    journalId: BigInt(journalId),
    referenceType: input.reference.type,
    referenceId: input.reference.id,
  };
}

const FRIENDS_SHOWN = 500;

/**
 * Invite friends (docs/product.md, business rules): the customer's code, link and QR code, their friends (masked), and the
 * reward: `invite_reward_rate` of each friend's trading fee, paid from the platform's fees account to the
 * inviter as a ledger entry in the same transaction as the fee. Real money only: demo fees earn nothing.
 */
export class InvitesService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly params: ParamsService,
    private readonly publicUrl: string,
  ) {}

  /**
   * The reward on a fee: rate × fee, rounded down to the currency's ledger precision (the inviter receives
   * it): a share of a tiny fee below one cent pays nothing.
   */
  rewardOn(fee: string, currency: string): Money {
    const rate = new Money(this.params.getDecimal('invite_reward_rate').toString());
    return new Money(roundReceived(new Money(fee).times(rate), currency));
  }

  /**
   * Called by the trading engine inside the transaction that charges a fee. Pays the friend's inviter their
   * share (once per reference and currency) and answers what was paid, or null when nothing is due (demo
   * mode, no inviter, zero rate or a reward that rounds to zero).
   *
   * Lock order: the friend's balances are locked by the fee's own entry first, then the inviter's here. An
   * inviter always registered before the friend, so these locks follow one direction and cannot cycle.
   */
  async rewardForFee(tx: Tx, input: RewardForFeeInput): Promise<RewardForFeeResult | null> {
    if (!rewardable(input)) return null;
    const [friend] = await tx
      .select({ invitedBy: users.invitedBy })
      .from(users)
      .where(eq(users.id, BigInt(input.friendUserId)));
    if (!friend?.invitedBy) return null;
    const amount = this.rewardOn(input.fee, input.currency);
    if (amount.isZero()) return null;
    const inviterUserId = String(friend.invitedBy);
    const entry = await this.ledger.transfer(tx, rewardEntry(input, inviterUserId, amount));
    if (entry.duplicate) return null;
    await tx.insert(inviteRewards).values(rewardRow(input, inviterUserId, amount, entry.journalId));
    return { inviterUserId, amount: formatAmount(amount), journalId: entry.journalId };
  }

  /**
   * `rewardForFee` for the fees of several orders filled together (in the caller's transaction, as it is):
   * one query finds the inviters, one statement locks and one posts every reward, one stores their rows.
   * The rewards' balance locks come after the friends' (as in `rewardForFee`), but across a batch an
   * inviter may also be a friend of another batch's order, so two batches can wait on each other; the
   * database then aborts one, and its caller retries its orders one by one.
   */
  async rewardForFees(tx: Tx, inputs: RewardForFeeInput[]): Promise<(RewardForFeeResult | null)[]> {
    const results: (RewardForFeeResult | null)[] = inputs.map(() => null);
    const due = inputs.flatMap((input, i) => (rewardable(input) ? [i] : []));
    if (due.length === 0) return results;
    const friends = await tx
      .select({ id: users.id, invitedBy: users.invitedBy })
      .from(users)
      .where(inArray(users.id, [...new Set(due.map((i) => BigInt(inputs[i]!.friendUserId)))]));
    const inviterOf = new Map(friends.map((f) => [String(f.id), f.invitedBy]));
    const paid = due.flatMap((i) => {
      const input = inputs[i]!;
      const inviter = inviterOf.get(input.friendUserId);
      const amount = this.rewardOn(input.fee, input.currency);
      return inviter && !amount.isZero() ? [{ i, input, inviterUserId: String(inviter), amount }] : [];
    });
    if (paid.length === 0) return results;
    const entries = await this.ledger.transferMany(
      tx,
      paid.map(({ input, inviterUserId, amount }) => rewardEntry(input, inviterUserId, amount)),
    );
    const rows: (typeof inviteRewards.$inferInsert)[] = [];
    paid.forEach(({ i, input, inviterUserId, amount }, k) => {
      const entry = entries[k]!;
      // Credits an inviter from the platform's fees: nothing here can be short of funds.
      if (entry instanceof AppError) throw entry;
      if (entry.duplicate) return;
      rows.push(rewardRow(input, inviterUserId, amount, entry.journalId));
      results[i] = { inviterUserId, amount: formatAmount(amount), journalId: entry.journalId };
    });
    if (rows.length > 0) await tx.insert(inviteRewards).values(rows);
    return results;
  }

  async summary(userId: string): Promise<InviteSummary> {
    const [me] = await this.db
      .select({ inviteCode: users.inviteCode })
      .from(users)
      .where(eq(users.id, BigInt(userId)));
    if (!me) throw new AppError(errors.userNotFound);
    const link = `${this.publicUrl.replace(/\/+$/, '')}/pass/register?invite=${encodeURIComponent(me.inviteCode)}`;
    const svg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    const friends = await this.db
      .select({ username: users.username, joinedAt: users.createdAt })
      .from(users)
      .where(eq(users.invitedBy, BigInt(userId)))
      .orderBy(asc(users.id))
      .limit(FRIENDS_SHOWN);
    const [total] = await this.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.invitedBy, BigInt(userId)));
    const sums = await this.db
      .select({ currency: inviteRewards.currency, amount: sql<string>`sum(${inviteRewards.amount})::text` })
      .from(inviteRewards)
      .where(eq(inviteRewards.inviterUserId, BigInt(userId)))
      .groupBy(inviteRewards.currency);
    const rewards: Record<string, string> = {};
    for (const row of sums) rewards[row.currency] = formatAmount(row.amount);
    return {
      inviteCode: me.inviteCode,
      link,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      rewardRate: formatAmount(this.params.getDecimal('invite_reward_rate').toString()),
      friends: friends.map((f) => ({ maskedName: maskName(f.username), joinedAt: f.joinedAt.toISOString() })),
      totals: { friends: Number(total?.n ?? 0), rewards },
    };
  }
}

/** `alice` → `al***e`: enough for the inviter to recognise a friend, not to read their username. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  if (chars.length <= 4) return `${chars[0]}***${chars.at(-1)}`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}
