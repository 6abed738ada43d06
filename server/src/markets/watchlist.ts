import { and, asc, eq, sql } from 'drizzle-orm';
import { errors, type MarketListItem } from '@swx/shared/contract';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { ownedBy } from '../platform/owned';
import type { MarketRecord } from './records';
import { watchlist } from './tables';

const WATCHLIST_LIMIT = 100;

/** What the watchlist needs of the catalogue: markets by code and their list view. */
export interface WatchlistCatalogue {
  byCode(code: string): MarketRecord | undefined;
  get(codeOrId: string): MarketRecord;
  listItem(market: MarketRecord, at: number): MarketListItem;
}

/** A customer's watched markets, in the order they were added (at most WATCHLIST_LIMIT). */
export class Watchlist {
  constructor(
    private readonly db: Db,
    private readonly catalogue: WatchlistCatalogue,
  ) {}

  async list(userId: string): Promise<MarketListItem[]> {
    const rows = await this.db
      .select({ code: watchlist.code })
      .from(watchlist)
      .where(ownedBy(watchlist, { userId }))
      .orderBy(asc(watchlist.createdAt), asc(watchlist.code));
    const now = Date.now();
    return rows.flatMap((r) => {
      const market = this.catalogue.byCode(r.code);
      return market ? [this.catalogue.listItem(market, now)] : [];
    });
  }

  /** Adds a market to the watchlist; adding one already there changes nothing. */
  async watch(userId: string, code: string): Promise<MarketListItem[]> {
    const market = this.catalogue.get(code);
    const current = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(watchlist)
      .where(ownedBy(watchlist, { userId }));
    if ((current[0]?.n ?? 0) >= WATCHLIST_LIMIT) {
      const already = await this.db
        .select({ code: watchlist.code })
        .from(watchlist)
        .where(and(ownedBy(watchlist, { userId }), eq(watchlist.code, market.code)));
      if (already.length === 0) throw new AppError(errors.watchlistFull);
    }
    await this.db
      .insert(watchlist)
      .values({ userId: BigInt(userId), code: market.code })
      .onConflictDoNothing();
    return this.list(userId);
  }

  async unwatch(userId: string, code: string): Promise<MarketListItem[]> {
    await this.db
      .delete(watchlist)
      .where(and(ownedBy(watchlist, { userId }), eq(watchlist.code, code.toUpperCase())));
    return this.list(userId);
  }
}
