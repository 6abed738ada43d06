import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { calendars, isOpenAt, openHoursPerYear } from '../calendar';
import { listedFeedMarkets, listedMarkets } from '../catalogue';
import { SimulatedFeed } from '../feed/simulated';
import { ReplayFeed, readRecording } from '../feed/replay';
import type { FeedMarket, FeedTick } from '../feed/types';

const feedMarkets = (codes?: string[]): FeedMarket[] => listedFeedMarkets(codes);

// Monday 5 January 2026, 15:00 UTC: every calendar is open.
const MONDAY_1500 = Date.UTC(2026, 0, 5, 15, 0, 0);

function run(seed: number, steps: number, start = MONDAY_1500, markets = feedMarkets()): FeedTick[] {
  const feed = new SimulatedFeed({ seed, markets });
  feed.resume({ lastSeq: 0, lastPrices: new Map() });
  const ticks: FeedTick[] = [];
  for (let i = 0; i < steps; i++) ticks.push(...feed.step(start + i * 1000));
  return ticks;
}

describe('catalogue', () => {
  it('lists at least 40 markets across every type 2–6, with unique codes', () => {
    expect(listedMarkets.length).toBeGreaterThanOrEqual(40);
    expect(new Set(listedMarkets.map((m) => m.type))).toEqual(new Set([2, 3, 4, 5, 6]));
    expect(new Set(listedMarkets.map((m) => m.code)).size).toBe(listedMarkets.length);
  });

  it('ships a logo for every market', () => {
    for (const m of listedMarkets) {
      const file = path.resolve(__dirname, '..', '..', '..', 'assets', 'logos', `${m.code}.svg`);
      expect(fs.readFileSync(file, 'utf8')).toContain('<svg');
    }
  });

  it('keeps leverage lists within the per-type caps', () => {
    const caps: Record<number, number> = { 2: 20, 3: 5, 4: 10, 5: 20, 6: 30 };
    for (const m of listedMarkets) expect(Math.max(...m.leverages)).toBeLessThanOrEqual(caps[m.type]!);
  });
});

describe('trading calendars', () => {
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ['crypto-24x7', '2026-01-10T12:00:00Z', true], // Saturday
    ['crypto-24x7', '2026-01-11T03:00:00Z', true],
    ['fx-24x5', '2026-01-11T21:59:00Z', false], // Sunday before the open
    ['fx-24x5', '2026-01-11T22:00:00Z', true], // Sunday 22:00 open
    ['fx-24x5', '2026-01-14T03:00:00Z', true], // Wednesday night
    ['fx-24x5', '2026-01-16T21:59:00Z', true], // Friday before the close
    ['fx-24x5', '2026-01-16T22:00:00Z', false], // Friday 22:00 closed
    ['fx-24x5', '2026-01-10T12:00:00Z', false], // Saturday
    ['us-equities', '2026-01-05T14:29:00Z', false], // Monday pre-market
    ['us-equities', '2026-01-05T14:30:00Z', true],
    ['us-equities', '2026-01-05T20:59:00Z', true],
    ['us-equities', '2026-01-05T21:00:00Z', false],
    ['us-equities', '2026-01-10T15:00:00Z', false], // Saturday
    ['us-equities', '2026-01-11T15:00:00Z', false], // Sunday
    ['cme-globex', '2026-01-06T21:30:00Z', false], // Tuesday daily break
    ['cme-globex', '2026-01-06T22:00:00Z', true],
    ['cme-globex', '2026-01-11T22:30:00Z', true], // Sunday evening open
    ['cme-globex', '2026-01-09T21:00:00Z', false], // Friday close
    ['cme-globex', '2026-01-10T12:00:00Z', false], // Saturday
  ] as const)('%s at %s is open: %s', (id, when, open) => {
    expect(isOpenAt(calendars[id], at(when))).toBe(open);
  });

  it('counts open hours per year sensibly', () => {
    expect(openHoursPerYear(calendars['crypto-24x7'])).toBeCloseTo(8766, 0);
    expect(openHoursPerYear(calendars['us-equities'])).toBeCloseTo(6.5 * 5 * (365.25 / 7), 3);
  });
});

describe('simulated feed', () => {
  it('gives the same ticks for the same seed and different ticks for another seed', () => {
    const a = run(42, 120);
    const b = run(42, 120);
    const c = run(43, 120);
    expect(a.length).toBeGreaterThan(100);
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
  });

  it('numbers ticks 1, 2, 3... continuing from the resume point, and rounds to the tick size', () => {
    const feed = new SimulatedFeed({ seed: 7, markets: feedMarkets(['EURUSD', 'BTCUSDT']) });
    feed.resume({ lastSeq: 500, lastPrices: new Map([['BTCUSDT', '90000.00']]) });
    const ticks: FeedTick[] = [];
    for (let i = 0; i < 50; i++) ticks.push(...feed.step(MONDAY_1500 + i * 1000));
    expect(ticks.map((t) => t.seq)).toEqual(ticks.map((_, i) => 501 + i));
    for (const t of ticks) {
      if (t.code === 'EURUSD') expect(t.price).toMatch(/^\d+\.\d{5}$/);
      else expect(t.price).toMatch(/^\d+\.\d{2}$/);
    }
    const firstBtc = ticks.find((t) => t.code === 'BTCUSDT')!;
    // Continues from the resumed price, not the reference price.
    expect(Math.abs(Number(firstBtc.price) / 90000 - 1)).toBeLessThan(0.01);
  });

  it('is silent for closed markets: no stock ticks on a Saturday', () => {
    const saturday = Date.UTC(2026, 0, 10, 15, 0, 0);
    const ticks = run(1, 60, saturday);
    const types = new Set(ticks.map((t) => listedMarkets.find((m) => m.code === t.code)!.type));
    expect(types).toEqual(new Set([2]));
  });

  it('moves prices with realistic size: a 1 s tick of a major forex pair moves far less than 0.1 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const ticks = run(seed, 30, MONDAY_1500, feedMarkets(['EURUSD']));
        for (let i = 1; i < ticks.length; i++) {
          expect(Math.abs(Number(ticks[i]!.price) / Number(ticks[i - 1]!.price) - 1)).toBeLessThan(0.001);
        }
      }),
      { numRuns: 30 },
    );
  });
});

describe('replay feed', () => {
  const sample = path.resolve(__dirname, '..', 'feed', 'sample-replay.jsonl');

  it('reads the shipped sample recording', () => {
    const recording = readRecording(sample);
    expect(recording.length).toBeGreaterThan(1000);
    expect(new Set(recording.map((t) => t.code)).has('BTCUSDT')).toBe(true);
  });

  it('refuses a malformed line, naming it', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'swx-replay-')), 'bad.jsonl');
    fs.writeFileSync(
      file,
      '{"code":"BTCUSDT","price":"1","time":1}\n{"code":"BTCUSDT","price":-1,"time":2}\n',
    );
    expect(() => readRecording(file)).toThrow(/bad\.jsonl:2/);
  });

  it('replays with the recorded spacing, numbering ticks from the resume point, then falls silent', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'swx-replay-')), 'ticks.jsonl');
    const lines = [
      { code: 'BTCUSDT', price: '100.5', time: 1_000 },
      { code: 'NOPE', price: '1', time: 1_010 },
      { code: 'ETHUSDT', price: '10', time: 1_020 },
      { code: 'BTCUSDT', price: '101', time: 1_150 },
    ];
    fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
    const feed = new ReplayFeed(file, { knownCodes: new Set(['BTCUSDT', 'ETHUSDT']) });
    const batches: FeedTick[][] = [];
    feed.onTicks((ticks) => batches.push(ticks));
    const started = Date.now();
    feed.start({ lastSeq: 9, lastPrices: new Map() });
    await new Promise((resolve) => setTimeout(resolve, 400));
    feed.stop();
    const ticks = batches.flat();
    expect(ticks.map((t) => [t.code, t.price, t.seq])).toEqual([
      ['BTCUSDT', '100.5', 10],
      ['ETHUSDT', '10', 11],
      ['BTCUSDT', '101', 12],
    ]);
    expect(ticks[2]!.time - started).toBeGreaterThanOrEqual(140);
    expect(feed.done).toBe(true);
  });
});
