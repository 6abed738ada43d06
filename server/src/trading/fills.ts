import type Decimal from 'decimal.js';
import type { Tx } from '../db/client';
import { createBatcher } from '../db/batcher';
import { insertRows } from '../db/rows';
import { RequestClaims } from '../guards/request-claims';
import { AppError } from '../http/errors';
import type { Leg } from '../ledger/service';
import type { FeedTick } from '../markets/feed/types';
import type { Customer } from '../platform/owned';
import type { Unit } from '../platform/unit-of-work';
import type { TradingContext } from './context';
import { receiptRow } from './receipts';
import { fmt } from './rules';
import { tradingPositions, tradingReceipts, tradingSpotOrders } from './tables';

export type PositionRow = typeof tradingPositions.$inferSelect;
export type SpotRow = typeof tradingSpotOrders.$inferSelect;

/** A market order checked and priced at its tick, with the entry that pays for it and the record to store. */
interface MarketFillBase {
  customer: Customer;
  /** The request's repeat-guard claims: made final in the batch's transaction with the order's answer. */
  claims: RequestClaims | null;
  /**
   * Called in the batch's transaction for a fill the ledger accepted: registers what follows the commit
   * (account events) and returns the customer's answer, which is kept with the request's claims.
   */
  settle(unit: Unit, row: PositionRow | SpotRow): unknown;
  tick: FeedTick;
  legs: Leg[];
  memo: string;
  /** The trading fee in USDT, of which the customer's inviter earns a share. */
  fee: Decimal;
}
export interface MarginFill extends MarketFillBase {
  kind: 'margin';
  values: typeof tradingPositions.$inferInsert;
}
export interface SpotFill extends MarketFillBase {
  kind: 'spot';
  values: typeof tradingSpotOrders.$inferInsert;
}
export type MarketFill = MarginFill | SpotFill;

/** A filled order: its stored record and the answer given (and kept for a retry). */
export interface Filled<R> {
  row: R;
  view: unknown;
}

/**
 * Market orders (margin opens and spot fills) that arrived together, filled in one transaction: one
 * statement locks every customer's balance, one inserts the records the ledger accepted (per kind), and one
 * posts their entries with their receipts (the ledger's `attach`), where one transaction per order would cost
 * all of that per order. Each order is still decided on its own: one refused for funds (10011) is answered
 * alone and the others fill. Should the shared transaction fail as a whole (a deadlock with another
 * transaction, say), each order is retried in a transaction of its own, so one order's trouble is never
 * another's.
 */
export class MarketFills {
  private readonly batcher = createBatcher<MarketFill, Filled<PositionRow | SpotRow>>(
    (fills) => this.fill(fills),
    { maxBatchSize: 64, concurrency: 2 },
  );

  constructor(private readonly ctx: TradingContext) {}

  /** Fills one margin open at market; resolves with its position, or rejects with its refusal. */
  margin(fill: Omit<MarginFill, 'kind'>): Promise<Filled<PositionRow>> {
    return this.batcher.load({ kind: 'margin', ...fill }) as Promise<Filled<PositionRow>>;
  }

  /** Fills one spot order at market; resolves with its order, or rejects with its refusal. */
  spot(fill: Omit<SpotFill, 'kind'>): Promise<Filled<SpotRow>> {
    return this.batcher.load({ kind: 'spot', ...fill }) as Promise<Filled<SpotRow>>;
  }

  /**
   * One transaction for the batch. Its requests' claims are made final by one statement in it, with each
   * answer; should one of them have been taken over by a retry (`30000`), or the batch fail otherwise before
   * its commit, each order runs again in a transaction of its own, so one request's trouble is never another's.
   */
  private async fill(fills: readonly MarketFill[]): Promise<(Filled<PositionRow | SpotRow> | Error)[]> {
    let decided = false;
    try {
      return await this.ctx.units.run(
        async (unit) => {
          const outcomes = await this.fillIn(unit, fills);
          // After the claims statement (registered by `fillIn`): only the commit itself is left.
          unit.beforeCommit(async () => {
            decided = true;
          });
          return outcomes;
        },
        // The batcher runs in the context of whichever request came first: no request joins by ambience.
        { ambient: false },
      );
    } catch (error) {
      // A failure at commit leaves it unknown whether the orders filled: never run them a second time.
      if (decided || fills.length === 1) throw error;
      this.ctx.log.warn({ err: error, orders: fills.length }, 'batched market orders retried one by one');
      return Promise.all(
        fills.map((fill) =>
          this.ctx.units
            .run((unit) => this.fillIn(unit, [fill]), { ambient: false })
            .then(
              ([outcome]) => outcome!,
              (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
            ),
        ),
      );
    }
  }

  private async fillIn(
    unit: Unit,
    fills: readonly MarketFill[],
  ): Promise<(Filled<PositionRow | SpotRow> | AppError)[]> {
    const { tx } = unit;
    const requests = fills.map((fill) => ({
      type: fill.kind === 'margin' ? 'margin_open' : 'spot_trade',
      reference: { type: fill.kind === 'margin' ? 'margin_position' : 'spot_order', id: '' },
      memo: fill.memo,
      legs: fill.legs,
    }));
    const rows = new Map<number, PositionRow | SpotRow>();
    const outcomes = await this.ctx.ledger.transferMany(tx, requests, {
      beforeWrite: async (accepted) => {
        for (const [indexes, records] of await insertRecords(tx, fills, accepted)) {
          indexes.forEach((i, k) => {
            const row = records[k]!;
            // PostgreSQL returns a multi-row insert's rows in the order of its values; checked, not assumed.
            if (String(row.userId) !== fills[i]!.customer.userId || row.code !== fills[i]!.tick.code)
              throw new Error('trading: inserted orders came back out of order');
            rows.set(i, row);
            requests[i]!.reference.id = String(row.id);
          });
        }
      },
      // The receipts are written in the ledger's own statement (one round trip fewer), each with its journal.
      attach: {
        table: tradingReceipts,
        journalIdColumn: 'journalIds',
        as: 'array',
        rows: (accepted) =>
          accepted.map((i) => {
            const row = rows.get(i)!;
            const { customer, tick, kind } = fills[i]!;
            const values = receiptRow({
              kind,
              recordId: row.id,
              userId: row.userId,
              mode: customer.mode,
              event: kind === 'margin' ? 'open' : 'fill',
              code: row.code,
              requestedPrice: null,
              fillPrice: tick.price,
              tick,
            });
            return { request: i, values };
          }),
      },
    });
    // The inviters' shares of the fees, all in one go (invite-friends programme; real accounts only).
    await this.ctx.invites?.rewardForFees(
      tx,
      [...rows.keys()].map((i) => ({
        friendUserId: fills[i]!.customer.userId,
        mode: fills[i]!.customer.mode,
        currency: 'USDT',
        fee: fmt(fills[i]!.fee),
        reference: { type: requests[i]!.reference.type, id: String(rows.get(i)!.id) },
        occasion: fills[i]!.kind === 'margin' ? 'open' : 'fill',
      })),
    );
    const answers = outcomes.map((outcome, i) => {
      if (outcome instanceof AppError) return outcome;
      const row = rows.get(i)!;
      return { row, view: fills[i]!.settle(unit, row) };
    });
    // Every served request's claims in one statement, each with the exact envelope it is answered with.
    RequestClaims.settleAllIn(
      unit,
      answers.flatMap((answer, i) =>
        answer instanceof AppError ? [] : [{ claims: fills[i]!.claims, result: answer.view }],
      ),
    );
    return answers;
  }
}

/** The records of the accepted fills, one multi-row insert per kind: [fill indexes, rows in their order]. */
async function insertRecords(
  tx: Tx,
  fills: readonly MarketFill[],
  accepted: number[],
): Promise<[number[], (PositionRow | SpotRow)[]][]> {
  const margin = accepted.filter((i) => fills[i]!.kind === 'margin');
  const spot = accepted.filter((i) => fills[i]!.kind === 'spot');
  const inserted: [number[], (PositionRow | SpotRow)[]][] = [];
  if (margin.length > 0) {
    const values = margin.map((i) => (fills[i] as MarginFill).values);
    inserted.push([margin, await insertRows(tx, tradingPositions, values)]);
  }
  if (spot.length > 0) {
    const values = spot.map((i) => (fills[i] as SpotFill).values);
    inserted.push([spot, await insertRows(tx, tradingSpotOrders, values)]);
  }
  return inserted;
}
