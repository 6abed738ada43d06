import { action, makeObservable, observable, reaction, runInAction } from 'mobx';
import { useEffect } from 'react';
import { getRootStore } from '@swx/shared';
import { marketsApi } from '../../api';

type WatchlistApi = Pick<typeof marketsApi, 'watchlist' | 'watch' | 'unwatch'>;

/** What a star tap did: signed-out customers are sent to sign in instead. */
export type ToggleOutcome = 'added' | 'removed' | 'sign-in' | 'failed';

/**
 * The signed-in customer's watched market codes, kept on the server (`/user/watchlist`). One instance for
 * the module, shared by the market list and the currency detail so a star set on one shows on the other.
 */
export class WatchlistStore {
  codes = observable.set<string>();
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';

  constructor(
    private readonly api: WatchlistApi = marketsApi,
    private readonly isLoggedIn: () => boolean = () => getRootStore().session.isLoggedIn,
  ) {
    makeObservable(this, { status: observable, clear: action });
  }

  has(code: string): boolean {
    return this.codes.has(code);
  }

  clear(): void {
    this.codes.clear();
    this.status = 'idle';
  }

  async load(): Promise<void> {
    if (!this.isLoggedIn()) {
      this.clear();
      return;
    }
    runInAction(() => (this.status = 'loading'));
    try {
      const markets = await this.api.watchlist();
      runInAction(() => {
        this.codes.replace(markets.map((m) => m.code));
        this.status = 'ready';
      });
    } catch {
      runInAction(() => (this.status = 'error'));
    }
  }

  /** Stars or unstars a market at once and saves it; a refused save puts the star back. */
  async toggle(code: string): Promise<ToggleOutcome> {
    if (!this.isLoggedIn()) return 'sign-in';
    const watched = this.codes.has(code);
    runInAction(() => (watched ? this.codes.delete(code) : this.codes.add(code)));
    try {
      await (watched ? this.api.unwatch(code) : this.api.watch(code));
      return watched ? 'removed' : 'added';
    } catch {
      runInAction(() => (watched ? this.codes.add(code) : this.codes.delete(code)));
      return 'failed';
    }
  }
}

let shared: WatchlistStore | undefined;

export function getWatchlist(): WatchlistStore {
  shared ??= new WatchlistStore();
  return shared;
}

/** The module's watchlist, loaded while the screen is mounted and reloaded when the customer signs in or out. */
export function useWatchlist(): WatchlistStore {
  const watchlist = getWatchlist();
  useEffect(
    () =>
      reaction(
        () => getRootStore().session.isLoggedIn,
        () => void watchlist.load(),
        { fireImmediately: true },
      ),
    [watchlist],
  );
  return watchlist;
}
