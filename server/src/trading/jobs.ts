import type { Scheduler } from '../platform/scheduler';
import type { TradingEngine } from './engine/engine';

/** How often the leader looks for options past their expiry and grace that no tick has settled yet. */
export const OPTION_EXPIRY_SWEEP_MS = 250;

/**
 * Trading's background work. The expiry sweep runs on the scheduler's leader only: every instance holds every
 * open option in its expiry heap (rebuilt at start, kept in step by the bus), so the leader alone sees all
 * that is due, and when it dies the next leader's heap still holds them and its first pass settles them.
 * Ticks after an expiry still settle on whichever instance receives them, as before; the conditional status
 * update makes each option settle once whoever gets there first.
 *
 * The engine reads its own clock (`trading.now`, which tests move) rather than the scheduler's, so a sweep
 * compares expiries with the same time the ticks and the orders carry.
 */
export function registerTradingJobs(
  scheduler: Pick<Scheduler, 'every'>,
  engine: Pick<TradingEngine, 'settleDue'>,
  now: () => number,
): void {
  scheduler.every('trading.option-expiry', OPTION_EXPIRY_SWEEP_MS, () => engine.settleDue(now()));
}
