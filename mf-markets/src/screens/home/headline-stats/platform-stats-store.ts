import { makeAutoObservable, runInAction } from 'mobx';
import type { HomeStats } from '@swx/shared/contract';
import { marketsApi } from '../../../api';

type PlatformStatsApi = Pick<typeof marketsApi, 'homeStats'>;

/**
 * The platform's own figures for the home page (customers, 24-hour real-money trading), as the server
 * computes them from its records (docs/product.md promise 5). Nothing here is estimated: until the server has
 * answered, the figures are unknown and the page says so.
 */
export class PlatformStatsStore {
  stats: HomeStats | null = null;
  status: 'loading' | 'ready' | 'error' = 'loading';

  constructor(private readonly api: PlatformStatsApi = marketsApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    if (!this.stats) this.status = 'loading';
    try {
      const stats = await this.api.homeStats();
      runInAction(() => {
        this.stats = stats;
        this.status = 'ready';
      });
    } catch {
      // A failed refresh keeps the figures already shown (the server computed them, with their own time).
      runInAction(() => {
        if (!this.stats) this.status = 'error';
      });
    }
  }
}
