import { OrderLimits } from './order-limits';
import { Type, type Static } from '@sinclair/typebox';
import { Amount, Body, EpochMs, Id, MarketCode } from './common';
import { errors } from './error-names';

/** Market types (docs/product.md, business rules): 1 smart product, 2 crypto, 3 stocks, 4 futures, 5 metals, 6 forex. */
export const MarketType = Type.Integer({
  minimum: 1,
  maximum: 6,
  description: '2 crypto, 3 stocks, 4 futures, 5 metals, 6 forex',
});
export type MarketType = Static<typeof MarketType>;

/** Decimal price string; null until the feed has published a first tick for the market. */
const Price = Type.Union([Type.String({ examples: ['64210.5'] }), Type.Null()]);

export const ListMarketAllQuery = Type.Object({
  type: Type.Optional(Type.Array(MarketType, { maxItems: 6, description: 'repeat the key: ?type=2&type=3' })),
});

/** One row of `GET /index/listMarketAll`; the first nine fields are pinned by docs/product.md (the API). */
export const MarketListItem = Type.Object({
  code: Type.String(),
  type: Type.Integer(),
  id: Id,
  appName: Type.String(),
  logo: Type.String({ description: 'URL path of the market logo (SVG)' }),
  price: Price,
  nowPrice: Price,
  zdf: Type.Union([
    Type.String({ description: 'percent change against the previous day close, e.g. "-1.25"' }),
    Type.Null(),
  ]),
  hundred: Type.Array(Type.String(), { description: 'latest prices, oldest first, at most 100' }),
  openNow: Type.Boolean(),
  /** Feed (stale-price guard): no fresh tick for the market's stale window; orders are refused (`10015`). */
  stale: Type.Optional(Type.Boolean()),
});
export type MarketListItem = Static<typeof MarketListItem>;

export const MarketListResult = Type.Array(MarketListItem);

export const MarketCodeOrIdParams = Type.Object({
  codeOrId: Type.String({ pattern: '^[A-Za-z0-9._-]{1,24}$' }),
});

export const TradingSession = Type.Object({
  /** Day of the week the session opens on, 0 = Sunday (UTC). */
  openDay: Type.Integer(),
  openTime: Type.String({ description: 'HH:MM UTC' }),
  closeDay: Type.Integer(),
  closeTime: Type.String({ description: 'HH:MM UTC' }),
});

export const TradingHours = Type.Object({
  calendarId: Type.String(),
  timezone: Type.Literal('UTC'),
  description: Type.String(),
  /** Weekly sessions; an always-open market has a single session covering the whole week. */
  sessions: Type.Array(TradingSession),
  alwaysOpen: Type.Boolean(),
});

export const FeedKind = Type.Union([
  Type.Literal('simulated'),
  Type.Literal('replay'),
  Type.Literal('exchange'),
]);
export type FeedKind = Static<typeof FeedKind>;

/** One option period: the contract length and its payout rate (a win pays stake × (1 + rate)). */
export const OptionPeriod = Type.Object({
  seconds: Type.Integer({ minimum: 10, maximum: 86_400, description: 'contract length in seconds' }),
  rate: Type.String({ description: 'payout rate from 0 to 1', examples: ['0.85'] }),
});
export type OptionPeriod = Static<typeof OptionPeriod>;

/**
 * The option terms in force on a market: its own periods and stake bounds where staff set them, else the
 * parameters `option_periods`, `option_stake_min` and `option_stake_max` (each field separately).
 */
export const OptionTerms = Type.Object({
  periods: Type.Array(OptionPeriod),
  stakeMin: Amount,
  stakeMax: Amount,
});
export type OptionTerms = Static<typeof OptionTerms>;

export const MarketInfo = Type.Object({
  id: Id,
  code: MarketCode,
  type: Type.Integer(),
  appName: Type.String(),
  baseAsset: Type.String(),
  quoteAsset: Type.String(),
  logo: Type.String(),
  price: Price,
  zdf: Type.Union([Type.String(), Type.Null()]),
  previousClose: Price,
  dayOpen: Price,
  lastTick: Type.Union([
    Type.Object({ price: Amount, time: Type.Integer({ description: 'epoch ms' }), seq: Type.String() }),
    Type.Null(),
  ]),
  tickSize: Type.String(),
  priceDecimals: Type.Integer(),
  contractSize: Type.String(),
  leverages: Type.Array(Type.Integer()),
  tradable: Type.Object({ spot: Type.Boolean(), margin: Type.Boolean(), options: Type.Boolean() }),
  openNow: Type.Boolean(),
  tradingHours: TradingHours,
  simulated: Type.Boolean(),
  feed: FeedKind,
  /** Feed (stale-price guard): no fresh tick for `staleAfterSeconds`; orders are refused (`10015`). */
  stale: Type.Optional(Type.Boolean()),
  staleAfterSeconds: Type.Optional(Type.Integer()),
  /** The periods and stake bounds `/order/buyOptions` accepts on this market now. */
  optionTerms: Type.Optional(OptionTerms),
  /** Order minimums (spot quantity, margin lots): below or off the step answers `11407`–`11409`. */
  orderLimits: Type.Optional(OrderLimits),
  /**
   * Seconds an option whose expiry found the market stale waits for the first fresh tick before it is
   * voided and its stake returned (`option_stale_grace_seconds`).
   */
  optionStaleGraceSeconds: Type.Optional(Type.Integer()),
});
export type MarketInfo = Static<typeof MarketInfo>;

export const candleIntervals = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type CandleInterval = (typeof candleIntervals)[number];

export const KLineQuery = Type.Object({
  code: Type.String({ pattern: '^[A-Za-z0-9._-]{1,24}$' }),
  interval: Type.Optional(
    Type.String({
      'x-code': errors.chartIntervalUnsupported,
      description: '1m 5m 15m 30m 1h 4h 1d 1w (default 1m)',
    }),
  ),
  from: Type.Optional({
    ...EpochMs,
    'x-code': errors.chartRangeIncorrect,
    description: 'epoch ms, inclusive',
  }),
  to: Type.Optional({
    ...EpochMs,
    'x-code': errors.chartRangeIncorrect,
    description: 'epoch ms, exclusive; default now',
  }),
});

/** A candle: `time` is the interval's start (epoch ms, UTC); prices are decimal strings. */
export const Candle = Type.Object({
  time: Type.Integer(),
  open: Type.String(),
  high: Type.String(),
  low: Type.String(),
  close: Type.String(),
  ticks: Type.Integer({ description: 'number of feed ticks in the candle' }),
});
export type Candle = Static<typeof Candle>;
export const CandleList = Type.Array(Candle);

/** The exchange adapter's connection as the instance running it sees it (feed: exchange only). */
export const FeedConnection = Type.Object({
  state: Type.Union([
    Type.Literal('connecting'),
    Type.Literal('live'),
    Type.Literal('reconnecting'),
    Type.Literal('stopped'),
  ]),
  url: Type.String({ description: 'the stream URL without query' }),
  connectedSince: Type.Union([Type.Integer({ description: 'epoch ms' }), Type.Null()]),
  lastMessageAt: Type.Union([Type.Integer({ description: 'epoch ms' }), Type.Null()]),
  reconnects: Type.Integer({ minimum: 0 }),
  gaps: Type.Integer({ minimum: 0, description: 'sequence gaps seen (each answered by a resubscription)' }),
  lastGap: Type.Union([
    Type.Object({
      code: Type.String(),
      expected: Type.String(),
      received: Type.String(),
      at: Type.Integer(),
    }),
    Type.Null(),
  ]),
  rejectedFrames: Type.Integer({ minimum: 0, description: 'frames ignored as malformed' }),
  /** Catalogue markets with no exchange symbol: they get no prices from this feed. */
  unmapped: Type.Array(Type.String()),
});
export type FeedConnection = Static<typeof FeedConnection>;

export const FeedStatus = Type.Object({
  feed: FeedKind,
  simulated: Type.Boolean(),
  /** Markets whose last tick is older than their stale window (orders refused with `10015`). */
  staleMarkets: Type.Optional(Type.Array(Type.String())),
  /** Present on the instance that runs an exchange feed; null elsewhere. */
  connection: Type.Optional(Type.Union([FeedConnection, Type.Null()])),
});
export type FeedStatus = Static<typeof FeedStatus>;

/**
 * The home page's headline statistics (`GET /index/homeStats`), computed from the platform's own records
 * (docs/product.md promise 5). Trading figures count real-money trading only; the demo account is play money.
 */
export const HomeStats = Type.Object({
  registeredCustomers: Type.Integer({ minimum: 0, description: 'customers whose account is active' }),
  tradingCustomers24h: Type.Integer({
    minimum: 0,
    description:
      'customers with at least one real-money spot fill, margin opening or option in the last 24 h',
  }),
  tradedVolume24h: Type.String({
    pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$',
    description:
      'USDT traded with real money in the last 24 h: spot fills (quantity × fill price), margin openings (lots × contract size × open price) and option stakes',
    examples: ['125034.5'],
  }),
  asOf: Type.String({
    format: 'date-time',
    description: 'when the figures were computed (cached up to 60 s)',
  }),
});
export type HomeStats = Static<typeof HomeStats>;

export const WatchlistBody = Type.Object({ code: MarketCode }, { additionalProperties: false });
export const WatchlistQuery = Type.Object({ code: MarketCode });
export const WatchlistResult = Type.Array(MarketListItem);

/**
 * A price update on the `/message` websocket (frames are JSON arrays of these). `time` is our addition. The
 * one live-price type: the server's push, the SDK's socket and its market store all use it.
 */
export interface LivePrice {
  code: string;
  /** Decimal string. */
  price: string;
  /** Change against the previous day's close in percent; null while the feed does not know it (not 0). */
  zdf: string | null;
  /** Feed time of the tick, epoch ms. */
  time: number;
}

/**
 * A change of freshness on the `/message` websocket (our addition): the markets that went stale or became
 * fresh again since the last such event on this connection. A new connection first gets every stale market.
 */
export interface MarketFreshnessEvent {
  type: 'market.freshness';
  stale: string[];
  fresh: string[];
  /** On connect: `stale` is every stale market, and every other market is fresh. */
  snapshot?: boolean;
}

/** Client → server messages on `/message`. */
export type LiveClientMessage = { op: 'subscribe' | 'unsubscribe'; codes: string[] } | { op: 'ping' };

// ---- staff: a market's own option terms ----------------------------------------------------------------

/** Every failure in the staff body answers `11041` (parameter value invalid), like a parameter change. */
const invalidTerms = { 'x-code': errors.paramValueInvalid } as const;
const amountRule = { pattern: Amount.pattern, maxLength: 40, ...invalidTerms };

export const MarketCodePath = Type.Object({ code: MarketCode });

/**
 * `POST /swx/admin/markets/{code}/optionTerms`: a field left out keeps the market's current override, `null`
 * clears it (the parameter applies again). The reason is audited.
 */
export const SetMarketOptionTermsBody = Body({
  periods: Type.Optional(
    Type.Union(
      [
        Type.Array(
          Type.Object(
            {
              seconds: Type.Integer(invalidTerms),
              rate: Type.String({ ...invalidTerms, maxLength: 20 }),
            },
            { ...invalidTerms, additionalProperties: false },
          ),
          { ...invalidTerms, maxItems: 20 },
        ),
        Type.Null(),
      ],
      invalidTerms,
    ),
  ),
  stakeMin: Type.Optional(Type.Union([Type.String(amountRule), Type.Null()], invalidTerms)),
  stakeMax: Type.Optional(Type.Union([Type.String(amountRule), Type.Null()], invalidTerms)),
  reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
});
export type SetMarketOptionTermsBody = Static<typeof SetMarketOptionTermsBody>;

/** A market's option terms as staff see them: its own overrides (null = inherited) and what applies. */
export const MarketOptionTermsRecord = Type.Object({
  code: MarketCode,
  override: Type.Object({
    periods: Type.Union([Type.Array(OptionPeriod), Type.Null()]),
    stakeMin: Type.Union([Amount, Type.Null()]),
    stakeMax: Type.Union([Amount, Type.Null()]),
  }),
  effective: OptionTerms,
});
export type MarketOptionTermsRecord = Static<typeof MarketOptionTermsRecord>;

/** `GET /swx/admin/markets/optionTerms`: the markets that offer options, and whether their terms are their own. */
export const OptionMarketList = Type.Array(
  Type.Object({
    code: MarketCode,
    name: Type.String(),
    type: Type.Integer(),
    /** True when the market has any option term of its own (periods or stake bounds) over the parameters. */
    overridden: Type.Boolean(),
  }),
);
export type OptionMarketList = Static<typeof OptionMarketList>;

/** A logo file name, `BTCUSDT.svg`. */
export const LogoPath = Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9._-]{1,40}\\.svg$' }) });
