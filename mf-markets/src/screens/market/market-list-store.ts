import { makeAutoObservable, runInAction } from 'mobx';
import { getRootStore, marketName } from '@swx/shared';
import { marketsApi, type Market, type MarketTypeId } from '../../api';
import { liveChange, seedLiveMarkets } from '../../components/live-market';
import type { WatchlistStore } from '../../components/watch-star';

export type ChangeSort = 'none' | 'desc' | 'asc';
export type MarketTab = 'all' | 'watchlist';

/** The market list screen: every listed market, narrowed by tab, type and search, optionally sorted by change. */
export class MarketListStore {
  markets: Market[] = [];
  status: 'loading' | 'ready' | 'error' = 'loading';
  tab: MarketTab = 'all';
  /** null shows every type. */
  type: MarketTypeId | null = null;
  query = '';
  sort: ChangeSort = 'none';
  /**
   * The language the page shows, whose market names the search also matches. Set by the screen when i18next
   * has switched (the new language's names are loaded by then), so the filter follows a switch.
   */
  language: string = getRootStore().i18n.language;

  constructor(
    private readonly watchlist: WatchlistStore,
    private readonly api: Pick<typeof marketsApi, 'listMarkets'> = marketsApi,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const markets = await this.api.listMarkets();
      seedLiveMarkets(markets);
      runInAction(() => {
        this.markets = markets;
        this.status = 'ready';
      });
    } catch {
      runInAction(() => (this.status = 'error'));
    }
  }

  setTab(tab: MarketTab): void {
    this.tab = tab;
  }

  setType(type: MarketTypeId | null): void {
    this.type = type;
  }

  setQuery(query: string): void {
    this.query = query;
  }

  setLanguage(language: string): void {
    this.language = language;
  }

  /** Cycles none → highest change first → lowest change first → none. */
  cycleSort(): void {
    this.sort = this.sort === 'none' ? 'desc' : this.sort === 'desc' ? 'asc' : 'none';
  }

  get visible(): Market[] {
    const needle = this.query.trim().toLowerCase();
    const rows = this.markets.filter(
      (m) =>
        (this.tab === 'all' || this.watchlist.has(m.code)) &&
        (this.type === null || m.type === this.type) &&
        (!needle ||
          m.code.toLowerCase().includes(needle) ||
          m.name.toLowerCase().includes(needle) ||
          marketName(getRootStore().i18n, m.code, m.name, this.language).toLowerCase().includes(needle)),
    );
    if (this.sort === 'none') return rows;
    const sign = this.sort === 'desc' ? -1 : 1;
    // Markets without a first tick have no change yet: they stay at the end either way.
    const change = (m: Market) => {
      const value = liveChange(m);
      return value === null ? null : Number(value);
    };
    return rows
      .map((m) => ({ m, c: change(m) }))
      .sort((a, b) => (a.c === null ? 1 : b.c === null ? -1 : sign * (a.c - b.c)))
      .map(({ m }) => m);
  }
}
