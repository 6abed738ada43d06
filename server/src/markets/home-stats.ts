import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { HomeStats } from '@swx/shared/contract';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** The trading window of the home page's figures. */
export const HOME_STATS_WINDOW_MS = 24 * 3_600_000;
/** How long computed figures are served before they are computed again. */
export const HOME_STATS_TTL_MS = 60_000;

/**
 * The home page's headline statistics, computed from the platform's own records (docs/product.md promise 5):
 * active customers, and the customers and USDT volume of real-money trading over the last 24 hours. Demo
 * trading is play money and is never counted.
 *
 * The home page is the busiest public page, so the figures are computed at most once per `ttlMs` per
 * instance: concurrent requests while they are stale share one computation (single flight). If a
 * computation fails, the last figures (with their own `asOf`) are served until one succeeds.
 */
export class HomeStatsService {
  private cached: { stats: HomeStats; computedAt: number } | undefined;
  private refreshing: Promise<HomeStats> | undefined;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    options: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.ttlMs = options.ttlMs ?? HOME_STATS_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  async current(): Promise<HomeStats> {
    const cached = this.cached;
    if (cached && this.now() - cached.computedAt < this.ttlMs) return cached.stats;
    if (!this.refreshing) {
      this.refreshing = this.refresh().finally(() => (this.refreshing = undefined));
    }
    try {
      return await this.refreshing;
    } catch (error) {
      if (cached) return cached.stats;
      throw error;
    }
  }

  private async refresh(): Promise<HomeStats> {
    const computedAt = this.now();
    const stats = await computeHomeStats(this.db, computedAt);
    this.cached = { stats, computedAt };
    return stats;
  }
}

/**
 * One statement over the three kinds of real-money trade opened in [now − 24 h, now). Each branch is served
 * by a (mode, time) index on its table, so the cost follows the day's trades, not the table size. Volumes
 * are multiplied and summed as PostgreSQL numerics (exact) and travel as text.
 */
export async function computeHomeStats(db: Db, now: number): Promise<HomeStats> {
  const to = new Date(now).toISOString();
  const from = new Date(now - HOME_STATS_WINDOW_MS).toISOString();
  const result = await db.execute(sql`
    with trades as (
      select user_id, quantity * fill_price as volume
        from trading_spot_orders
       where mode = 'real' and status = 'filled'
         and filled_at >= ${from}::timestamptz and filled_at < ${to}::timestamptz
      union all
      select user_id, lots * contract_size * open_price
        from trading_positions
       where mode = 'real' and open_price is not null
         and open_time >= ${from}::timestamptz and open_time < ${to}::timestamptz
      union all
      select user_id, amount
        from trading_options
       where mode = 'real'
         and open_time >= ${from}::timestamptz and open_time < ${to}::timestamptz
    )
    select (select count(*) from users where status = 'active')::int as customers,
           count(distinct user_id)::int as traders,
           coalesce(sum(volume), 0)::text as volume
      from trades`);
  const [row] = rowsOf<{ customers: number | string; traders: number | string; volume: string }>(result);
  return {
    registeredCustomers: Number(row?.customers ?? 0),
    tradingCustomers24h: Number(row?.traders ?? 0),
    // The exact sum; only digits beyond the 18 decimals every stored amount has are dropped.
    tradedVolume24h: new Decimal(row?.volume ?? '0').toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed(),
    asOf: to,
  };
}
