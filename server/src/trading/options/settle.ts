import type Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { customerAccount, platformAccount } from '../../ledger/accounts';
import type { Leg } from '../../ledger/service';
import type { FeedTick } from '../../markets/feed/types';
import type { TradingContext } from '../context';
import { writeReceipt } from '../receipts';
import { down, fmt, money, optionOutcome } from '../rules';
import { tradingOptions } from '../tables';

export type OptionRow = typeof tradingOptions.$inferSelect;
type Outcome = ReturnType<typeof optionOutcome>;

/** Settles an expired option at the last tick at or before its expiry; a second call does nothing. */
export async function settleOption(ctx: TradingContext, id: string): Promise<void> {
  const [row] = await ctx.db
    .select()
    .from(tradingOptions)
    .where(eq(tradingOptions.id, BigInt(id)));
  if (!row || row.status !== 'open') return;
  const found = await ctx.markets.tickAt(row.code, row.expiryTime.getTime());
  // The open tick is the floor: the settlement tick can never be older than the one the contract opened on.
  const tick: FeedTick =
    found && found.seq >= row.openSeq
      ? found
      : { code: row.code, price: fmt(row.openPrice), time: row.openTickTime.getTime(), seq: row.openSeq };
  const outcome = optionOutcome(row.direction, money(row.openPrice), money(tick.price));
  const stake = money(row.amount);
  const winnings = down(stake.times(row.rate), 'USDT');
  await ctx.units.run(async (unit) => {
    const { tx } = unit;
    const [contract] = await tx
      .update(tradingOptions)
      .set({
        status: outcome,
        settlePrice: tick.price,
        settleSeq: tick.seq,
        profit: fmt(outcome === 'won' ? winnings : outcome === 'lost' ? stake.neg() : 0),
        settledAt: new Date(ctx.now()),
      })
      .where(and(eq(tradingOptions.id, row.id), eq(tradingOptions.status, 'open')))
      .returning();
    if (!contract) return;
    const journalId = await payOut(ctx, tx, row, outcome, stake, winnings, tick);
    ctx.publishAfter(unit, contract.userId, {
      type: 'option_settled',
      kind: 'option',
      mode: contract.mode,
      id,
      code: contract.code,
      status: contract.status,
      openPrice: fmt(contract.openPrice),
      settlePrice: tick.price,
      profit: fmt(contract.profit!),
    });
    await ctx.notice(
      unit,
      row.userId,
      `option.${outcome}`,
      {
        mode: row.mode,
        code: row.code,
        direction: row.direction,
        amount: fmt(stake),
        period: row.period,
        openPrice: fmt(row.openPrice),
        openTickTime: row.openTickTime.toISOString(),
        openSeq: String(row.openSeq),
        settlePrice: fmt(tick.price),
        settleTickTime: new Date(tick.time).toISOString(),
        settleSeq: String(tick.seq),
        profit: fmt(contract.profit!),
        payout: fmt(outcome === 'won' ? stake.plus(winnings) : outcome === 'refunded' ? stake : 0),
      },
      { type: 'option', id },
    );
    await writeReceipt(tx, {
      kind: 'option',
      recordId: row.id,
      userId: row.userId,
      mode: row.mode,
      event: 'settlement',
      code: row.code,
      requestedPrice: null,
      fillPrice: tick.price,
      tick,
      journalIds: [journalId],
    });
  });
}

/** The settlement entry: the stake back (refunded), to the platform (lost), or back with the winnings (won). */
async function payOut(
  ctx: TradingContext,
  tx: Tx,
  row: OptionRow,
  outcome: Outcome,
  stake: Decimal,
  winnings: Decimal,
  tick: FeedTick,
): Promise<string> {
  const userId = String(row.userId);
  const trading = platformAccount('platform_trading', 'USDT', row.mode);
  const reference = { type: 'option', id: String(row.id) };
  const memo = `Option ${outcome}: opened ${fmt(row.openPrice)}, settled ${tick.price}`;
  const held = { userId, mode: row.mode, currency: 'USDT', reference, memo };
  if (outcome === 'refunded')
    return (await ctx.ledger.release(tx, { ...held, amount: fmt(stake), type: 'option_refund' })).journalId;
  if (outcome === 'lost') {
    const to = [{ account: trading, amount: fmt(stake) }];
    return (await ctx.ledger.settleHeld(tx, { ...held, to, type: 'option_lost' })).journalId;
  }
  const legs: Leg[] = [
    { account: customerAccount(userId, row.mode, 'USDT', 'customer_held'), amount: fmt(stake.neg()) },
    { account: customerAccount(userId, row.mode, 'USDT'), amount: fmt(stake.plus(winnings)) },
  ];
  if (winnings.gt(0)) legs.push({ account: trading, amount: fmt(winnings.neg()) });
  return (await ctx.ledger.transfer(tx, { type: 'option_won', reference, memo, legs })).journalId;
}
