import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError, getRootStore } from '@swx/shared';
import { errors } from '@swx/shared/contract';
import type { PlanProduct, PlanReserve, SmartExitQuote, SmartOrder, SmartQuote } from '@swx/shared/contract';

const api = () => getRootStore().api;

/** Whole seconds until `time` (never negative): the countdown to the next earning time. */
export function secondsUntil(time: string | null, now: number): number | null {
  return time === null ? null : Math.max(0, Math.ceil((Date.parse(time) - now) / 1000));
}

/**
 * The Plans area: products with their terms and the reserve, the purchase form → quote → confirm, and the
 * customer's plans with a live countdown and early exit (what it pays quoted first, to the digit). The server
 * decides every figure; this store only shows what it answered. Works in both account sets: demo plans are
 * play money from the demo reserve.
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
  /** Why an exit of this plan could not be quoted or made, shown on its card (or in the exit dialog). */
  exitFailure: { planId: string; error: unknown } | null = null;
  /** The exit's figures moved while the dialog was open (an earning time passed): shown with the new ones. */
  exitRequoted = false;
  now = Date.now();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    makeAutoObservable<PlansStore, 'timer'>(this, { timer: false }, { autoBind: true });
  }

  get product(): PlanProduct | null {
    return this.products.find((p) => p.id === this.productId) ?? null;
  }

  reserveOf(currency: string, mode: 'real' | 'demo' = 'real'): PlanReserve | null {
    return this.reserves.find((r) => r.currency === currency && (r.mode ?? 'real') === mode) ?? null;
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
    this.exitFailure = null;
    this.exitRequoted = false;
    this.busy = true;
    try {
      const exitQuote = await api().call('plans.quoteExit', { body: { id } });
      runInAction(() => (this.exitQuote = exitQuote));
    } catch (error) {
      runInAction(() => (this.exitFailure = { planId: id, error }));
      // A plan that ended meanwhile (completed by a payout): show it as it is now.
      if (error instanceof ApiError && error.code === errors.planNotRunning) await this.load(true);
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  cancelExit(): void {
    this.exitQuote = null;
    this.exitFailure = null;
    this.exitRequoted = false;
  }

  /**
   * Exits on exactly the quoted figure (`total`): if an earning time passed meanwhile, the server refuses
   * (`11007`) and the dialog shows the new figures to confirm again; any other refusal stays in the dialog.
   */
  async confirmExit(): Promise<boolean> {
    const target = this.exitQuote;
    if (!target) return false;
    this.exitFailure = null;
    this.busy = true;
    try {
      await api().call('plans.exit', { body: { id: target.id, total: target.totalPaidNow } });
      runInAction(() => {
        this.exitQuote = null;
        this.exitRequoted = false;
      });
      await this.load(true);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === errors.termsChanged) {
        const fresh = await api()
          .call('plans.quoteExit', { body: { id: target.id } })
          .catch(() => null);
        runInAction(() => {
          if (fresh) this.exitQuote = fresh;
          this.exitRequoted = fresh !== null;
          if (!fresh) this.exitFailure = { planId: target.id, error };
        });
      } else runInAction(() => (this.exitFailure = { planId: target.id, error }));
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
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
