import { TradingContext, type TradingDeps } from './context';
import { TradingEngine } from './engine/engine';
import { MarketFills } from './fills';
import { registerTradingJobs } from './jobs';
import { MarginService } from './margin/service';
import { MarginSettler } from './margin/settler';
import { OptionsService } from './options/service';
import { ReceiptsService } from './receipts';
import { SpotService } from './spot/service';
import type { Scheduler } from '../platform/scheduler';

export type { AccountEvents, Customer, TradingDeps, TradingMarkets } from './context';
export type { NetResults } from './net-results';
export type { PositionRow } from './fills';
export { OPTION_SETTLE_GRACE_MS } from './engine/engine';
export { TRADING_CHANNEL, tradingChannel } from './engine/announcer';
export { OPTION_EXPIRY_SWEEP_MS } from './jobs';

/**
 * Trading, assembled: the three products, their receipts, and the engine that settles them by rule. The
 * engine knows the products only as `Settler`s; the products reach the engine only through `EngineHandle`.
 * `now` is the clock all of them read (tests move it).
 */
export function createTrading(deps: TradingDeps) {
  const context = new TradingContext(deps);
  const engine = new TradingEngine(context);
  const fills = new MarketFills(context);
  const spot = new SpotService(context, engine, fills);
  const marginSettler = new MarginSettler(context, engine);
  const margin = new MarginService(context, engine, fills, marginSettler);
  const options = new OptionsService(context, engine);
  engine.register([spot, marginSettler, options]);
  const receipts = new ReceiptsService(deps.db, deps.ledger);
  return {
    engine,
    spot,
    margin,
    options,
    receipts,
    /** The option-expiry sweep, run by the scheduler's leader. */
    registerJobs(scheduler: Pick<Scheduler, 'every'>): void {
      registerTradingJobs(scheduler, engine, () => context.now());
    },
    get now(): () => number {
      return context.now;
    },
    set now(clock: () => number) {
      context.now = clock;
    },
  };
}

export type Trading = ReturnType<typeof createTrading>;
