import { makeAutoObservable, runInAction } from 'mobx';
import type { MarketInfo } from '@swx/shared/contract';
import { errors } from '@swx/shared/contract';
import { marketsApi } from '../../api';

/** The facts of the market on the currency-detail screen (`GET /index/getMarketInfo/{code}`). */
export class CurrencyStore {
  info: MarketInfo | null = null;
  status: 'loading' | 'ready' | 'not-found' | 'error' = 'loading';

  constructor(
    readonly code: string,
    private readonly api: Pick<typeof marketsApi, 'marketInfo'> = marketsApi,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    if (!this.code) {
      this.status = 'not-found';
      return;
    }
    this.status = 'loading';
    try {
      const info = await this.api.marketInfo(this.code);
      runInAction(() => {
        this.info = info;
        this.status = 'ready';
      });
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      runInAction(
        () =>
          (this.status = code === errors.marketNotFound || code === errors.notFound ? 'not-found' : 'error'),
      );
    }
  }
}
