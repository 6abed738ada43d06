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
type Outcome = ReturnType<typeof optionOutcome> | 'voided';
type Rule = 'stale_first_fresh' | 'stale_void';

/** What settling found: done (or already done), or waiting for a fresh tick until `deadline`. */
export type SettleResult = { settled: true } | { settled: false; deadline: number };

/**
 * The tick an expired option settles at, by rule. Ordinarily the last tick at or before expiry (never older
 * than the open tick). When that tick was already stale at expiry (the market had no fresh price then), the
 * first tick after expiry within the grace window (`option_stale_grace_seconds`); when none comes in time,
 * the contract is voided and the stake returned (`tick` is then the last, stale one, shown on the receipt).
 */
export async function expiryTick(
  ctx: TradingContext,
  row: OptionRow,
  now: number,
): Promise<{ tick: FeedTick; rule: Rule | null } | { waitUntil: number }> {
  const expiry = row.expiryTime.getTime();
  const found = await ctx.markets.tickAt(row.code, expiry);
  // The open tick is the floor: the settlement tick can never be older than the one the contract opened on.
  const tick: FeedTick =
    found && found.seq >= row.openSeq
      ? found
      : { code: row.code, price: fmt(row.openPrice), time: row.openTickTime.getTime(), seq: row.openSeq };
  if (expiry - tick.time <= ctx.markets.staleAfterMs(row.code)) return { tick, rule: null };
  const deadline = expiry + ctx.params.getInteger('option_stale_grace_seconds') * 1000;
  const fresh = await ctx.markets.firstTickAfter(row.code, expiry, deadline);
  if (fresh) return { tick: fresh, rule: 'stale_first_fresh' };
  if (now < deadline) return { waitUntil: deadline };
  return { tick, rule: 'stale_void' };
}

/** Settles an expired option by the rule above; a second call does nothing. */
export async function settleOption(ctx: TradingContext, id: string): Promise<SettleResult> {
  const [row] = await ctx.db
    .select()
    .from(tradingOptions)
    .where(eq(tradingOptions.id, BigInt(id)));
  if (!row || row.status !== 'open') return { settled: true };
  const chosen = await expiryTick(ctx, row, ctx.now());
  if ('waitUntil' in chosen) return { settled: false, deadline: chosen.waitUntil };
  const { tick, rule } = chosen;
  const outcome: Outcome =
    rule === 'stale_void' ? 'voided' : optionOutcome(row.direction, money(row.openPrice), money(tick.price));
  const stake = money(row.amount);
  const winnings = down(stake.times(row.rate), 'USDT');
  await ctx.units.run(async (unit) => {
    const { tx } = unit;
    const [contract] = await tx
      .update(tradingOptions)
      .set({
        status: outcome,
        // A voided contract had no price to settle at: it keeps none.
        settlePrice: outcome === 'voided' ? null : tick.price,
        settleSeq: outcome === 'voided' ? null : tick.seq,
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
      settlePrice: outcome === 'voided' ? null : tick.price,
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
        payout: fmt(outcome === 'won' ? stake.plus(winnings) : outcome === 'lost' ? 0 : stake),
        graceSeconds: ctx.params.getInteger('option_stale_grace_seconds'),
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
      ...(rule ? { rule } : {}),
      journalIds: [journalId],
    });
  });
  return { settled: true };
}

/** The settlement entry: the stake back (refunded, voided), to the platform (lost), or back with the winnings. */
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
  const memo =
    outcome === 'voided'
      ? `Option voided: no fresh price at expiry or within the grace window (last price ${tick.price}); stake returned`
      : `Option ${outcome}: opened ${fmt(row.openPrice)}, settled ${tick.price}`;
  const held = { userId, mode: row.mode, currency: 'USDT', reference, memo };
  if (outcome === 'refunded' || outcome === 'voided')
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
