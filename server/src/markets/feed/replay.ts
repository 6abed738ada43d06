import fs from 'node:fs';
import { TickListeners, type FeedResume, type FeedTick, type MarketFeed } from './types';

/** One line of a recorded file: `{"code":"BTCUSDT","price":"95000.12","time":1764000000000}`. */
export interface RecordedTick {
  code: string;
  price: string;
  time: number;
}

const PRICE = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/;

/** Reads a JSON-lines recording; refuses the whole file on the first malformed line (named by number). */
export function readRecording(file: string): RecordedTick[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const ticks: RecordedTick[] = [];
  let previous = -Infinity;
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${file}:${index + 1}: not JSON`);
    }
    const tick = value as Partial<RecordedTick>;
    if (typeof tick.code !== 'string' || typeof tick.price !== 'string' || !PRICE.test(tick.price)) {
      throw new Error(`${file}:${index + 1}: expected {code, price (decimal string), time (epoch ms)}`);
    }
    if (typeof tick.time !== 'number' || !Number.isFinite(tick.time) || tick.time < previous) {
      throw new Error(`${file}:${index + 1}: time must be epoch ms, not decreasing`);
    }
    previous = tick.time;
    ticks.push({ code: tick.code, price: tick.price, time: tick.time });
  });
  return ticks;
}

/**
 * Replays a recorded file with its original spacing between ticks. Ticks are stamped with the time they
 * are published now (not the recording's time) and numbered by this feed, because settlement must refer to
 * when the platform published a price. At the end of the file the feed falls silent; it does not loop, so
 * no chart shows a jump back to the start of the recording.
 *
 * `sample-replay.jsonl` next to this file is ten minutes of six crypto markets recorded from the simulated
 * feed (seed 20260101, one-second steps, starting 2026-01-05 12:00 UTC): simulated data, labelled as such.
 */
export class ReplayFeed implements MarketFeed {
  readonly kind = 'replay' as const;
  private readonly listeners = new TickListeners();
  private readonly recording: RecordedTick[];
  private timer: NodeJS.Timeout | undefined;
  private lastSeq = 0;
  private position = 0;
  private finished = false;
  private readonly knownCodes: ReadonlySet<string> | undefined;

  constructor(file: string, options: { knownCodes?: ReadonlySet<string> } = {}) {
    this.knownCodes = options.knownCodes;
    this.recording = readRecording(file).filter((t) => !this.knownCodes || this.knownCodes.has(t.code));
  }

  get done(): boolean {
    return this.finished;
  }

  onTicks(listener: (ticks: FeedTick[]) => void): () => void {
    return this.listeners.add(listener);
  }

  start(resume: FeedResume): void {
    this.lastSeq = resume.lastSeq;
    this.position = 0;
    this.finished = this.recording.length === 0;
    if (this.finished) return;
    const startedAt = Date.now();
    const recordedStart = this.recording[0]!.time;
    const publishDue = () => {
      this.timer = undefined;
      const elapsed = Date.now() - startedAt;
      const batch: FeedTick[] = [];
      while (
        this.position < this.recording.length &&
        this.recording[this.position]!.time - recordedStart <= elapsed
      ) {
        const recorded = this.recording[this.position++]!;
        batch.push({ code: recorded.code, price: recorded.price, time: Date.now(), seq: ++this.lastSeq });
      }
      this.listeners.emit(batch);
      if (this.position >= this.recording.length) {
        this.finished = true;
        return;
      }
      const nextDue = this.recording[this.position]!.time - recordedStart - (Date.now() - startedAt);
      this.timer = setTimeout(publishDue, Math.max(0, nextDue));
    };
    publishDue();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
