import { makeAutoObservable, runInAction } from 'mobx';
import { getRootStore } from '@swx/shared';
import type { PlanProduct, PlanReserve, SmartExitQuote, SmartOrder, SmartQuote } from '@swx/shared/contract';

const api = () => getRootStore().api;

/** Whole seconds until `time` (never negative): the countdown to the next earning time. */
export function secondsUntil(time: string | null, now: number): number | null {
  return time === null ? null : Math.max(0, Math.ceil((Date.parse(time) - now) / 1000));
}

/**
 * The Plans area: products with their terms and the reserve, the purchase form → quote → confirm, and the
 * customer's plans with a live countdown and early exit (damages quoted first). The server decides every
 * figure; this store only shows what it answered.
 */
export class PlansStore {
  products: PlanProduct[] = [];
  reserves: PlanReserve[] = [];
  plans: SmartOrder[] = [];
  state: 'loading' | 'ready' | 'failed' = 'loading';
  productId: string | null = null;
  days: number | null = null;
  amount = '';
  quote: SmartQuote | null = null;
  exitQuote: SmartExitQuote | null = null;
  busy = false;
  failure: unknown = null;
  now = Date.now();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    makeAutoObservable<PlansStore, 'timer'>(this, { timer: false }, { autoBind: true });
  }

  get product(): PlanProduct | null {
    return this.products.find((p) => p.id === this.productId) ?? null;
  }

  reserveOf(currency: string): PlanReserve | null {
    return this.reserves.find((r) => r.currency === currency) ?? null;
  }

  async load(signedIn: boolean): Promise<void> {
    try {
      const catalogue = await api().call('plans.products');
      const plans = signedIn ? await api().call('plans.list', { query: {} }) : [];
      runInAction(() => {
        this.products = catalogue.products;
        this.reserves = catalogue.reserves;
        this.plans = plans;
        this.state = 'ready';
        const first = catalogue.products.find((p) => p.enabled);
        if (!this.productId && first) this.choose(first.id);
      });
    } catch (error) {
      runInAction(() => {
        this.failure = error;
        this.state = 'failed';
      });
    }
  }

  choose(productId: string): void {
    this.productId = productId;
    this.days = this.product?.terms[0]?.days ?? null;
    this.quote = null;
  }

  setDays(days: number): void {
    this.days = days;
  }

  setAmount(amount: string): void {
    this.amount = amount;
  }

  /** Asks the server for the terms; nothing is bought until `confirm`. */
  async requestQuote(): Promise<void> {
    if (!this.productId || this.days === null) return;
    await this.run(async () => {
      const quote = await api().call('plans.quote', {
        body: { productId: this.productId!, days: this.days!, amount: this.amount.trim() },
      });
      runInAction(() => (this.quote = quote));
    });
  }

  cancelQuote(): void {
    this.quote = null;
  }

  async confirm(): Promise<boolean> {
    const quote = this.quote;
    if (!quote) return false;
    return this.run(async () => {
      await api().submit('plans.buy', {
        body: { productId: quote.productId, days: quote.days, amount: quote.amount, quoteId: quote.quoteId },
      });
      runInAction(() => {
        this.quote = null;
        this.amount = '';
      });
      await this.load(true);
    });
  }

  async quoteExit(id: string): Promise<void> {
    await this.run(async () => {
      const exitQuote = await api().call('plans.quoteExit', { body: { id } });
      runInAction(() => (this.exitQuote = exitQuote));
    });
  }

  cancelExit(): void {
    this.exitQuote = null;
  }

  async confirmExit(): Promise<boolean> {
    const target = this.exitQuote;
    if (!target) return false;
    return this.run(async () => {
      await api().call('plans.exit', { body: { id: target.id } });
      runInAction(() => (this.exitQuote = null));
      await this.load(true);
    });
  }

  /** Ticks the countdowns each second while a plan runs; reloads when an earning time passes. */
  startClock(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const due = this.plans.some((p) => p.nextEarningAt && Date.parse(p.nextEarningAt) <= this.now);
      runInAction(() => (this.now = Date.now()));
      if (due) void this.load(true);
    }, 1000);
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async run(work: () => Promise<void>): Promise<boolean> {
    this.busy = true;
    this.failure = null;
    try {
      await work();
      return true;
    } catch (error) {
      runInAction(() => (this.failure = error));
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
