import Decimal from 'decimal.js';
import type { FeedMarket } from './types';

/**
 * Binance's public spot market streams, combined form (`/stream?streams=btcusdt@trade/ethusdt@trade`): every
 * frame is `{"stream":"btcusdt@trade","data":{...}}` and a trade's data is
 * `{"e":"trade","E":event ms,"s":"BTCUSDT","t":trade id,"p":"95000.12000000","q":"0.001","T":trade ms,"m":bool,
 * "M":bool}`. Live subscription changes are `{"method":"SUBSCRIBE","params":["btcusdt@trade"],"id":1}`,
 * acknowledged with `{"result":null,"id":1}`. Trade ids increase by one per symbol, which is what the adapter
 * checks for gaps.
 */
export interface ExchangeTrade {
  /** Our catalogue code. */
  code: string;
  /** The exchange's trade id (per symbol, consecutive); ids beyond 2^53 are refused rather than rounded. */
  tradeId: number;
  /** The exchange's price text as sent (validated, not yet rounded). */
  price: string;
  /** The exchange's trade time, epoch ms: the tick's time (capped at our clock). */
  tradeTime: number;
}

export type ParsedFrame =
  | { kind: 'trade'; trade: ExchangeTrade }
  | { kind: 'ack'; id: number }
  | { kind: 'ignored' }
  | { kind: 'rejected'; reason: string };

/** A positive decimal without sign, exponent or spaces: what the exchange sends and all we accept. */
const PRICE = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/;

/** Our code ↔ the exchange's stream symbol (lowercase), both ways. */
export class SymbolMap {
  readonly byCode: ReadonlyMap<string, string>;
  readonly bySymbol: ReadonlyMap<string, string>;

  constructor(pairs: Iterable<[code: string, symbol: string]>) {
    const byCode = new Map<string, string>();
    const bySymbol = new Map<string, string>();
    for (const [code, symbol] of pairs) {
      byCode.set(code, symbol.toLowerCase());
      bySymbol.set(symbol.toLowerCase(), code);
    }
    this.byCode = byCode;
    this.bySymbol = bySymbol;
  }

  streamOf(code: string): string | undefined {
    const symbol = this.byCode.get(code);
    return symbol === undefined ? undefined : `${symbol}@trade`;
  }

  streams(): string[] {
    return [...this.byCode.values()].map((symbol) => `${symbol}@trade`);
  }
}

/**
 * The symbol map in force: `EXCHANGE_SYMBOLS` (`BTCUSDT=btcusdt,ETHUSDT=ethusdt`) when given, else every
 * crypto market (type 2) under its own code, which is the exchange's symbol for our USDT pairs. Markets left
 * out get no price from this feed: mixing simulated prices into a live feed would label them wrongly.
 * Throws on a malformed entry or an unknown code, so a typo fails at start-up rather than silently.
 */
export function symbolMapFor(setting: string | undefined, markets: readonly FeedMarket[]): SymbolMap {
  const known = new Set(markets.map((m) => m.code));
  if (setting === undefined || setting.trim() === '') {
    return new SymbolMap(markets.filter((m) => m.type === 2).map((m) => [m.code, m.code.toLowerCase()]));
  }
  const pairs: [string, string][] = [];
  for (const entry of setting
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([A-Z0-9._-]{1,24})=([a-z0-9]{1,30})$/i.exec(entry);
    if (!match) throw new Error(`EXCHANGE_SYMBOLS: expected CODE=symbol, got "${entry}"`);
    const code = match[1]!.toUpperCase();
    if (!known.has(code)) throw new Error(`EXCHANGE_SYMBOLS: no market ${code} in the catalogue`);
    pairs.push([code, match[2]!]);
  }
  return new SymbolMap(pairs);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads one text frame. Anything not exactly a known frame is rejected, never guessed at. */
export function parseFrame(text: string, symbols: SymbolMap): ParsedFrame {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return { kind: 'rejected', reason: 'not JSON' };
  }
  if (!isObject(frame)) return { kind: 'rejected', reason: 'not an object' };
  if ('result' in frame && 'id' in frame) {
    return typeof frame.id === 'number'
      ? { kind: 'ack', id: frame.id }
      : { kind: 'rejected', reason: 'bad ack' };
  }
  const { stream, data } = frame;
  if (typeof stream !== 'string' || !isObject(data))
    return { kind: 'rejected', reason: 'not a stream frame' };
  if (data.e !== 'trade') return { kind: 'ignored' };
  const [symbol, channel] = stream.split('@');
  const code = symbols.bySymbol.get(symbol ?? '');
  if (channel !== 'trade' || code === undefined) return { kind: 'rejected', reason: 'unknown stream' };
  if (typeof data.s !== 'string' || data.s.toLowerCase() !== symbol)
    return { kind: 'rejected', reason: 'symbol does not match stream' };
  if (typeof data.p !== 'string' || !PRICE.test(data.p) || new Decimal(data.p).lte(0))
    return { kind: 'rejected', reason: 'price is not a positive decimal string' };
  if (typeof data.t !== 'number' || !Number.isSafeInteger(data.t) || data.t < 0)
    return { kind: 'rejected', reason: 'trade id is not a whole number' };
  if (typeof data.T !== 'number' || !Number.isFinite(data.T))
    return { kind: 'rejected', reason: 'trade time is not a number' };
  return { kind: 'trade', trade: { code, tradeId: data.t, price: data.p, tradeTime: data.T } };
}

/**
 * The exchange's price in our market's precision: rounded half-up to the tick size, as decimal text (never a
 * float). Undefined when rounding leaves nothing positive (a price below half a tick).
 */
export function marketPrice(price: string, tickSize: string): string | undefined {
  const tick = new Decimal(tickSize);
  const rounded = new Decimal(price).toNearest(tick, Decimal.ROUND_HALF_UP);
  return rounded.gt(0) ? rounded.toFixed(tick.decimalPlaces()) : undefined;
}
