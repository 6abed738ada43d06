import type Decimal from 'decimal.js';
import { makeAutoObservable, runInAction } from 'mobx';
import { type FieldProblem, parseAmount, wireAmount } from '@swx/shared';
import { optionOrderRefusal, roundReceived, type OrderRefusal } from '@swx/shared/contract';
import { tradingApi, type OptionContract, type OptionPeriod } from '../../../api';
import type { TradingStore } from '../trading-store';

export type OptionDirection = 'up' | 'down';

/** Whole seconds until `expiryTime` (never negative): what the countdown shows. */
export function secondsLeft(expiryTime: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiryTime) - now) / 1000));
}

/**
 * Seed §5: the amount is required and correct. Its bounds, its cents and the balance are the ticket's
 * refusal (`OptionsStore.refusal`), shown as the customer types.
 */
export function stakeProblem(amount: string): FieldProblem | undefined {
  if (amount.trim() === '') return { key: 'common:validation.amountRequired' };
  if (!parseAmount(amount)?.gt(0)) return { key: 'common:validation.amountIncorrect' };
  return undefined;
}

/**
 * The options tab: the form (direction, stake, a period from the chosen market's option terms), the
 * confirmation with the payout, and the customer's contracts with a countdown, then the result with the open
 * and settle ticks.
 */
export class OptionsStore {
  direction: OptionDirection = 'up';
  amount = '';
  /** The period the customer picked; the market's first period applies while it offers no such period. */
  period: number | null = null;
  showProblems = false;
  confirming = false;
  placing = false;
  failure: unknown = null;
  contracts: OptionContract[] = [];
  /** The clock the countdowns read; ticks each second while a contract runs. */
  now = Date.now();
  private timer: ReturnType<typeof setInterval> | null = null;
  private polling = new Set<string>();

  constructor(private readonly trading: TradingStore) {
    makeAutoObservable<OptionsStore, 'trading' | 'timer' | 'polling'>(
      this,
      { trading: false, timer: false, polling: false },
      { autoBind: true },
    );
  }

  /**
   * The periods the chosen market offers (each market may have its own, else the platform's): from its
   * market facts, which the server fills with the terms `/order/buyOptions` applies.
   */
  get periods(): OptionPeriod[] {
    return this.trading.info?.optionTerms?.periods ?? [];
  }

  get bounds(): { min: string; max: string } | null {
    const terms = this.trading.info?.optionTerms;
    return terms ? { min: terms.stakeMin, max: terms.stakeMax } : null;
  }

  async loadContracts(): Promise<void> {
    try {
      const contracts = await tradingApi.listOptions();
      runInAction(() => (this.contracts = contracts.slice(0, 20)));
      this.syncClock();
    } catch {
      // The list keeps what it showed; the next event or purchase reloads it.
    }
  }

  setDirection(direction: OptionDirection): void {
    this.direction = direction;
  }

  setAmount(amount: string): void {
    this.amount = amount;
    this.failure = null;
  }

  setPeriod(seconds: number): void {
    this.period = seconds;
  }

  get chosenPeriod(): OptionPeriod | null {
    return this.periods.find((p) => p.seconds === this.period) ?? this.periods[0] ?? null;
  }

  get problem(): FieldProblem | undefined {
    return stakeProblem(this.amount);
  }

  /**
   * What the server would refuse the stake for (`optionOrderRefusal`: whole cents, the market's bounds, the
   * active account's available USDT), as the customer types; null while the stake is not a positive number.
   */
  get refusal(): OrderRefusal | null {
    const stake = parseAmount(this.amount);
    const bounds = this.bounds;
    if (!stake?.gt(0) || !bounds) return null;
    return optionOrderRefusal({
      stake,
      stakeMin: bounds.min,
      stakeMax: bounds.max,
      availableUsdt: this.trading.spendable('USDT'),
    });
  }

  get visibleProblem(): FieldProblem | undefined {
    return this.showProblems ? this.problem : undefined;
  }

  /** What a right call pays back: the stake and its winnings, stake × rate rounded down to the cent (received). */
  get payout(): Decimal | null {
    const stake = parseAmount(this.amount);
    const period = this.chosenPeriod;
    return stake && period ? stake.plus(roundReceived(stake.times(period.rate), 'USDT')) : null;
  }

  review(): void {
    this.showProblems = true;
    this.failure = null;
    if (this.problem || this.refusal || !this.chosenPeriod || !this.trading.code) return;
    this.confirming = true;
  }

  cancel(): void {
    this.confirming = false;
  }

  async confirm(): Promise<OptionContract | null> {
    const period = this.chosenPeriod;
    if (!this.trading.code || !period || this.placing) return null;
    this.placing = true;
    try {
      const { result } = await tradingApi.buyOption({
        code: this.trading.code,
        direction: this.direction,
        amount: wireAmount(this.amount),
        period: period.seconds,
      });
      runInAction(() => {
        this.confirming = false;
        this.showProblems = false;
        this.contracts = [result, ...this.contracts.filter((c) => c.id !== result.id)];
      });
      this.syncClock();
      return result;
    } catch (error) {
      runInAction(() => {
        this.failure = error;
        this.confirming = false;
      });
      return null;
    } finally {
      runInAction(() => (this.placing = false));
    }
  }

  get running(): OptionContract[] {
    return this.contracts.filter((c) => c.status === 'open');
  }

  private tick(): void {
    this.now = Date.now();
    for (const contract of this.running) {
      if (secondsLeft(contract.expiryTime, this.now) === 0) void this.poll(contract.id);
    }
    this.syncClock();
  }

  /** After expiry the engine settles at the last tick; ask until the result is there. */
  private async poll(id: string): Promise<void> {
    if (this.polling.has(id)) return;
    this.polling.add(id);
    try {
      const contract = await tradingApi.option(id);
      runInAction(() => (this.contracts = this.contracts.map((c) => (c.id === id ? contract : c))));
    } catch {
      // Asked again on the next second.
    } finally {
      this.polling.delete(id);
    }
  }

  /** Runs the clock only while some contract is running. */
  private syncClock(): void {
    if (this.running.length > 0 && this.timer === null) {
      this.timer = setInterval(this.tick, 1000);
    } else if (this.running.length === 0 && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  dispose(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
