import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import { customerAccount, platformAccount } from '../../ledger/accounts';
import type { Leg } from '../../ledger/service';
import type { FeedTick } from '../../markets/feed/types';
import type { Customer } from '../../platform/owned';
import type { Unit } from '../../platform/unit-of-work';
import type { TradingContext } from '../context';
import type { EngineHandle, Settler, TriggerPayload } from '../engine/settler';
import type { PositionRow } from '../fills';
import { writeReceipt } from '../receipts';
import { equityLevel, fmt, money, settle, unrealised, type Settlement } from '../rules';
import { tradingPositions } from '../tables';

export type CloseReason = 'customer' | 'stop_loss' | 'take_profit' | 'liquidation';

const closeMemo = {
  customer: 'Closed by customer',
  stop_loss: 'Stop loss',
  take_profit: 'Take profit',
  liquidation: 'Liquidated',
} as const;

/**
 * Margin as the engine sees it: a waiting limit entry fills when the feed reaches it; an open position closes
 * at its stop loss, take profit or liquidation level, and is margin-called once at its margin-call level.
 */
export class MarginSettler implements Settler {
  readonly record = 'margin' as const;
  readonly kinds = ['entry', 'stop_loss', 'take_profit', 'liquidation', 'margin_call'] as const;

  constructor(
    private readonly ctx: TradingContext,
    private readonly engine: EngineHandle,
  ) {}

  async rebuild(): Promise<void> {
    const positions = await this.ctx.db
      .select()
      .from(tradingPositions)
      .where(inArray(tradingPositions.status, ['waiting', 'open']));
    for (const row of positions) this.watch(row);
  }

  async reload(id: string): Promise<void> {
    const [row] = await this.ctx.db
      .select()
      .from(tradingPositions)
      .where(eq(tradingPositions.id, BigInt(id)));
    if (row && (row.status === 'open' || row.status === 'waiting')) this.watch(row);
    else this.engine.unwatch('margin', id);
  }

  async onTrigger({ kind, id }: TriggerPayload, tick: FeedTick): Promise<void> {
    if (kind === 'entry') return this.fillEntry(id, tick);
    if (kind === 'margin_call') return this.marginCall(id, tick);
    await this.closePosition(id, kind as Exclude<CloseReason, 'customer'>, tick);
  }

  /** Puts the position's levels in the index: its entry while waiting, its exits once open. */
  watch(row: PositionRow): void {
    const long = row.direction === 'long';
    const level = (value: string | null) => (value === null ? null : fmt(value));
    const toward = long ? 'below' : 'above';
    const away = long ? 'above' : 'below';
    this.engine.watch(
      'margin',
      String(row.id),
      row.code,
      row.status === 'waiting'
        ? [{ kind: 'entry', side: toward, level: level(row.limitPrice) }]
        : [
            { kind: 'stop_loss', side: toward, level: level(row.stopLoss) },
            { kind: 'take_profit', side: away, level: level(row.takeProfit) },
            { kind: 'liquidation', side: toward, level: level(row.liquidationPrice) },
            ...(row.marginCalled
              ? []
              : [{ kind: 'margin_call', side: toward, level: level(row.marginCallPrice) } as const]),
          ],
    );
  }

  /** A waiting limit entry reached by the feed: opens at the tick's price with the quoted margin and fee. */
  async fillEntry(id: string, tick: FeedTick): Promise<void> {
    const opened = await this.ctx.units.run(async (unit) => {
      const { tx } = unit;
      const [current] = await tx
        .select()
        .from(tradingPositions)
        .where(and(eq(tradingPositions.id, BigInt(id)), eq(tradingPositions.status, 'waiting')))
        .for('update');
      if (!current) return undefined;
      const openPrice = money(tick.price);
      const margin = money(current.margin);
      const quantity = money(current.lots).times(current.contractSize);
      const [position] = await tx
        .update(tradingPositions)
        .set({
          status: 'open',
          openPrice: tick.price,
          openTime: new Date(this.ctx.now()),
          liquidationPrice: fmt(
            equityLevel(current.direction, openPrice, margin, quantity, money(current.maintenanceRate)),
          ),
          marginCallPrice: fmt(
            equityLevel(current.direction, openPrice, margin, quantity, money(current.marginCallRate)),
          ),
        })
        .where(eq(tradingPositions.id, current.id))
        .returning();
      this.ctx.publishAfter(unit, current.userId, {
        type: 'order_filled',
        kind: 'margin',
        mode: current.mode,
        id,
        code: current.code,
        price: tick.price,
      });
      await this.settleEntry(unit, current, position!, tick);
      return position!;
    });
    if (!opened) return;
    this.watch(opened);
    this.engine.announce('margin', id);
    // A gap can open the position beyond its own stop loss: the same tick then closes it, by the same rule.
    this.engine.recheck(tick);
  }

  /** The money side of an entry fill, in its transaction: the opening fee, notice and receipt. */
  private async settleEntry(
    unit: Unit,
    current: PositionRow,
    position: PositionRow,
    tick: FeedTick,
  ): Promise<void> {
    const { tx } = unit;
    const id = String(current.id);
    const userId = String(current.userId);
    const journalIds: string[] = [];
    if (money(current.openFee).gt(0)) {
      const { journalId } = await this.ctx.ledger.settleHeld(tx, {
        userId,
        mode: current.mode,
        currency: 'USDT',
        to: [
          { account: platformAccount('platform_fees', 'USDT', current.mode), amount: fmt(current.openFee) },
        ],
        type: 'margin_open',
        reference: { type: 'margin_position', id },
        memo: `Limit entry filled at ${tick.price}: opening fee`,
      });
      journalIds.push(journalId);
      const customer = { userId, mode: current.mode };
      await this.ctx.rewardInviter(
        tx,
        customer,
        money(current.openFee),
        { type: 'margin_position', id },
        'open',
      );
    }
    await this.ctx.notice(
      unit,
      current.userId,
      'margin.entry_opened',
      {
        mode: current.mode,
        code: current.code,
        direction: current.direction,
        lots: fmt(current.lots),
        leverage: current.leverage,
        limitPrice: fmt(current.limitPrice!),
        price: fmt(tick.price),
        margin: fmt(current.margin),
        fee: fmt(current.openFee),
        liquidationPrice: fmt(Decimal.max(money(position.liquidationPrice!), 0)),
      },
      { type: 'margin_position', id },
    );
    await writeReceipt(tx, {
      kind: 'margin',
      recordId: current.id,
      userId: current.userId,
      mode: current.mode,
      event: 'open',
      code: current.code,
      requestedPrice: current.limitPrice,
      fillPrice: tick.price,
      tick,
      journalIds,
    });
  }

  /**
   * Closes an open position at the tick: one transaction with the status change, the settlement entries and
   * the receipt. Returns undefined when it was no longer open (closed by another path first).
   */
  async closePosition(
    id: string,
    reason: CloseReason,
    tick: FeedTick,
    owner?: Customer,
  ): Promise<PositionRow | undefined> {
    const feeRate = this.ctx.feeRate();
    const closed = await this.ctx.units.run(async (unit) => {
      const { tx } = unit;
      const [current] = await tx
        .select()
        .from(tradingPositions)
        .where(
          and(
            eq(tradingPositions.id, BigInt(id)),
            eq(tradingPositions.status, 'open'),
            owner ? eq(tradingPositions.userId, BigInt(owner.userId)) : undefined,
          ),
        )
        .for('update');
      if (!current) return undefined;
      const quantity = money(current.lots).times(current.contractSize);
      const result = settle(
        current.direction,
        money(current.openPrice!),
        money(tick.price),
        quantity,
        money(current.margin),
        money(current.openFee),
        feeRate,
      );
      const [position] = await tx
        .update(tradingPositions)
        .set({
          status: reason === 'liquidation' ? 'liquidated' : 'closed',
          closeReason: reason,
          closePrice: tick.price,
          closeFee: fmt(result.closeFee),
          profit: fmt(result.profit),
          closeTime: new Date(this.ctx.now()),
        })
        .where(eq(tradingPositions.id, current.id))
        .returning();
      // After the commit of the unit this joins (the customer's close runs inside the request's unit).
      unit.afterCommit(() => {
        this.engine.unwatch('margin', id);
        this.engine.announce('margin', id);
      });
      this.ctx.publishAfter(unit, current.userId, {
        type: reason === 'liquidation' ? 'position_liquidated' : 'position_closed',
        kind: 'margin',
        mode: current.mode,
        id,
        code: current.code,
        reason,
        price: tick.price,
        profit: fmt(position!.profit!),
      });
      await this.settleClose(unit, current, reason, result, tick);
      return position!;
    });
    return closed;
  }

  /** The money side of a close, in its transaction: settlement entry, inviter's share, notice and receipt. */
  private async settleClose(
    unit: Unit,
    current: PositionRow,
    reason: CloseReason,
    result: Settlement,
    tick: FeedTick,
  ): Promise<void> {
    const { tx } = unit;
    const id = String(current.id);
    const { userId, mode } = { userId: String(current.userId), mode: current.mode };
    const { journalId } = await this.ctx.ledger.transfer(tx, {
      type: reason === 'liquidation' ? 'margin_liquidation' : 'margin_close',
      reference: { type: 'margin_position', id },
      memo: `${closeMemo[reason]} at ${tick.price}: result ${fmt(result.pnl)}, fee ${fmt(result.closeFee)} USDT`,
      legs: closeLegs(userId, mode, money(current.margin), result),
    });
    await this.ctx.rewardInviter(
      tx,
      { userId, mode },
      result.closeFee,
      { type: 'margin_position', id },
      'close',
    );
    const level =
      reason === 'stop_loss' ? current.stopLoss : reason === 'take_profit' ? current.takeProfit : null;
    // A close the customer clicked is answered on the spot; one by rule happened while they were away.
    if (reason !== 'customer')
      await this.ctx.notice(
        unit,
        current.userId,
        reason === 'liquidation' ? 'margin.liquidated' : `margin.${reason}`,
        {
          mode,
          code: current.code,
          direction: current.direction,
          lots: fmt(current.lots),
          leverage: current.leverage,
          openPrice: fmt(current.openPrice!),
          triggerPrice: fmt(level ?? Decimal.max(money(current.liquidationPrice!), 0)),
          price: fmt(tick.price),
          fee: fmt(result.closeFee),
          profit: fmt(result.profit),
        },
        { type: 'margin_position', id },
      );
    await writeReceipt(tx, {
      kind: 'margin',
      recordId: current.id,
      userId: current.userId,
      mode,
      event: reason === 'customer' ? 'close' : reason,
      code: current.code,
      requestedPrice:
        reason === 'customer' ? null : reason === 'liquidation' ? current.liquidationPrice : level,
      fillPrice: tick.price,
      tick,
      journalIds: [journalId],
    });
  }

  private async marginCall(id: string, tick: FeedTick): Promise<void> {
    // The flag and the customer's notification commit together: a margin call is noted once, or not at all.
    await this.ctx.units.run(async (unit) => {
      const [row] = await unit.tx
        .update(tradingPositions)
        .set({ marginCalled: true })
        .where(
          and(
            eq(tradingPositions.id, BigInt(id)),
            eq(tradingPositions.status, 'open'),
            eq(tradingPositions.marginCalled, false),
          ),
        )
        .returning();
      if (!row) return;
      const quantity = money(row.lots).times(row.contractSize);
      const equity = money(row.margin).plus(
        unrealised(row.direction, money(row.openPrice!), money(tick.price), quantity),
      );
      this.ctx.publishAfter(unit, row.userId, {
        type: 'margin_call',
        kind: 'margin',
        mode: row.mode,
        id,
        code: row.code,
        price: tick.price,
        equity: fmt(equity),
        margin: fmt(row.margin),
        liquidationPrice: fmt(row.liquidationPrice!),
      });
      await this.ctx.notice(
        unit,
        row.userId,
        'margin.margin_call',
        {
          mode: row.mode,
          code: row.code,
          direction: row.direction,
          lots: fmt(row.lots),
          leverage: row.leverage,
          price: fmt(tick.price),
          equity: fmt(equity),
          margin: fmt(row.margin),
          liquidationPrice: fmt(Decimal.max(money(row.liquidationPrice!), 0)),
        },
        { type: 'margin_position', id },
      );
    });
  }
}

/** The legs of a close: the held margin out, the payout, the closing fee and the result against the platform. */
function closeLegs(userId: string, mode: Customer['mode'], margin: Decimal, result: Settlement): Leg[] {
  const legs: Leg[] = [
    { account: customerAccount(userId, mode, 'USDT', 'customer_held'), amount: fmt(margin.neg()) },
  ];
  if (result.payout.gt(0))
    legs.push({ account: customerAccount(userId, mode, 'USDT'), amount: fmt(result.payout) });
  if (result.closeFee.gt(0))
    legs.push({ account: platformAccount('platform_fees', 'USDT', mode), amount: fmt(result.closeFee) });
  if (!result.pnl.isZero())
    legs.push({ account: platformAccount('platform_trading', 'USDT', mode), amount: fmt(result.pnl.neg()) });
  return legs;
}
