import Decimal from 'decimal.js';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { TickListeners, type FeedMarket, type FeedResume, type FeedTick, type MarketFeed } from './types';

export interface SimulatedFeedOptions {
  seed: number;
  markets: FeedMarket[];
  /** How often the simulator steps. */
  stepMs?: number;
  /** Chance that an open market ticks on a step: 0.5 at 1 s steps gives one tick every ~2 s per market. */
  tickProbability?: number;
  now?: () => number;
}

interface Walk {
  market: FeedMarket;
  rng: RandomGenerator;
  /** The walk's unrounded level; published prices are this rounded to the tick size. */
  level: number;
  tickSize: Decimal;
  /** Standard deviation of one tick's log return. */
  sigma: number;
}

const MS_PER_HOUR = 3_600_000;

/** FNV-1a: a stable 32-bit hash so each market has its own random stream derived from the one seed. */
export function hashCode(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** One standard normal draw (Box–Muller: two uniforms → one normal). */
export function standardNormal(rng: RandomGenerator): number {
  const u1 = 1 - uniformFloat64(rng);
  const u2 = uniformFloat64(rng);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * The standard deviation of one step's log return for a market with annualised `volatility`, when a step
 * lasts `stepMs` of open market time.
 */
export function stepSigma(market: FeedMarket, stepMs: number): number {
  return market.volatility * Math.sqrt(stepMs / MS_PER_HOUR / market.openHoursPerYear);
}

/** The walk's next level: a geometric random walk without drift (the mean of the multiplier is 1). */
export function nextLevel(level: number, sigma: number, rng: RandomGenerator): number {
  return level * Math.exp(sigma * standardNormal(rng) - (sigma * sigma) / 2);
}

/**
 * The built-in simulator: a geometric random walk per market with the market's own volatility, ticking only
 * while the market's calendar is open. Deterministic: the same seed, markets, resume state and step instants
 * give the same ticks (each market draws from its own generator, so adding a market changes no other path).
 * Its prices are labelled as simulated everywhere they are shown.
 */
export class SimulatedFeed implements MarketFeed {
  readonly kind = 'simulated' as const;
  private readonly listeners = new TickListeners();
  private readonly stepMs: number;
  private readonly tickProbability: number;
  private readonly now: () => number;
  private walks: Walk[] = [];
  private lastSeq = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SimulatedFeedOptions) {
    this.stepMs = options.stepMs ?? 1000;
    this.tickProbability = options.tickProbability ?? 0.5;
    this.now = options.now ?? Date.now;
  }

  onTicks(listener: (ticks: FeedTick[]) => void): () => void {
    return this.listeners.add(listener);
  }

  /** The seed and markets the walks derive from: its generated past (`simulated-history.ts`) uses the same. */
  get seed(): number {
    return this.options.seed;
  }

  get markets(): readonly FeedMarket[] {
    return this.options.markets;
  }

  /** Prepares the walks without starting the timer; `step` can then be driven by hand (tests, tools). */
  resume(resume: FeedResume): void {
    this.lastSeq = resume.lastSeq;
    const expectedTickMs = this.stepMs / this.tickProbability;
    this.walks = this.options.markets.map((market) => {
      const start = resume.lastPrices.get(market.code) ?? market.referencePrice;
      return {
        market,
        rng: xoroshiro128plus(this.options.seed ^ hashCode(market.code)),
        level: Number(start),
        tickSize: new Decimal(market.tickSize),
        sigma: stepSigma(market, expectedTickMs),
      };
    });
  }

  start(resume: FeedResume): void {
    this.resume(resume);
    this.timer = setInterval(() => this.listeners.emit(this.step(this.now())), this.stepMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One simulator step at instant `at`: the ticks of every open market that ticks on this step. */
  step(at: number): FeedTick[] {
    const ticks: FeedTick[] = [];
    for (const walk of this.walks) {
      if (!walk.market.isOpenAt(at)) continue;
      if (uniformFloat64(walk.rng) >= this.tickProbability) continue;
      walk.level = nextLevel(walk.level, walk.sigma, walk.rng);
      let price = new Decimal(walk.level).toNearest(walk.tickSize);
      if (price.lte(0)) {
        price = walk.tickSize;
        walk.level = price.toNumber();
      }
      ticks.push({
        code: walk.market.code,
        price: price.toFixed(walk.tickSize.decimalPlaces()),
        time: at,
        seq: ++this.lastSeq,
      });
    }
    return ticks;
  }
}
