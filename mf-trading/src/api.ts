import { getRootStore, type ApiAnswer } from '@swx/shared';
import { leverageCapKey } from '@swx/shared/contract';
import type {
  AssetInfo,
  BuyOptionsBody,
  BuyUBody,
  MarginQuote,
  MarginQuoteBody,
  MarketInfo,
  ModifyUBody,
  OptionContract,
  OptionPeriod,
  Position,
  Receipt,
  RiskStats,
  SpotOrder,
  SpotSubmitBody,
} from '@swx/shared/contract';

export type {
  AssetInfo,
  MarginQuote,
  MarketInfo,
  OptionContract,
  OptionPeriod,
  Position,
  Receipt,
  RiskStats,
  SpotOrder,
};

/** A market the picker offers, in the module's words; the seed's wire names stop here. */
export interface TradableMarket {
  code: string;
  id: string;
  type: number;
  name: string;
  /** The price the list call returned; the live feed value in the root store wins once it arrives. */
  listedPrice: string | null;
  /** The latest feed prices, oldest first (at most 100), for the compact chart's first paint. */
  recentPrices: string[];
  /** Percent change against the previous day's close, as listed. */
  listedChange: string | null;
  /** Fraction digits of the feed's prices (the list carries no tick size; every price is rounded to it). */
  priceDecimals: number;
}

function decimalsOf(prices: readonly (string | null)[]): number {
  let decimals = 0;
  for (const price of prices) {
    const dot = price?.indexOf('.') ?? -1;
    if (price && dot >= 0) decimals = Math.max(decimals, price.length - dot - 1);
  }
  return decimals;
}

export type PositionStatus = Position['status'];
export type ReceiptKind = Receipt['kind'];

const api = () => getRootStore().api;

async function param(key: string): Promise<string> {
  return (await api().call('params.get', { params: { key } })).paramValue;
}

/** The customer API calls of the trading module (base path `/swx/customer` is the client's). */
export const tradingApi = {
  async listMarkets(): Promise<TradableMarket[]> {
    const items = await api().call('markets.list');
    return items
      .filter((item) => item.type !== 1)
      .map((item) => ({
        code: item.code,
        id: item.id,
        type: item.type,
        name: item.appName,
        listedPrice: item.nowPrice ?? item.price,
        recentPrices: item.hundred,
        listedChange: item.zdf,
        priceDecimals: decimalsOf([...item.hundred, item.nowPrice, item.price]),
      }));
  },

  marketInfo(code: string): Promise<MarketInfo> {
    return api().call('markets.info', { params: { codeOrId: code } });
  },

  /** Codes of the markets the signed-in customer watches (`GET /user/watchlist`, kept by the markets module). */
  async watchlistCodes(): Promise<string[]> {
    return (await api().call('markets.watchlist')).map((item) => item.code);
  },

  riskStats(): Promise<RiskStats> {
    return api().call('trading.riskStats');
  },

  /** The highest leverage a market type allows (crypto's cap binds real accounts only; the server says so too). */
  async leverageCap(type: number): Promise<number | null> {
    const key = leverageCapKey[type as keyof typeof leverageCapKey];
    return key ? Number(await param(key)) : null;
  },

  /** The trading fee rate as a decimal string (e.g. "0.001" for 0.1 %). */
  tradeFeeRate(): Promise<string> {
    return param('trade_fee_rate');
  },

  /** Share of margin at which a position is liquidated (e.g. "0.5"). */
  maintenanceRate(): Promise<string> {
    return param('maintenance_margin_rate');
  },

  assets(currency = 'all'): Promise<AssetInfo> {
    return api().call('trading.assets', { params: { id: currency } });
  },

  // ---- margin ----
  quoteMargin(body: MarginQuoteBody): Promise<MarginQuote> {
    return api().call('trading.quoteMargin', { body });
  },
  buyMargin(body: BuyUBody): Promise<ApiAnswer<Position>> {
    return api().submit('trading.buyMargin', { body }, { orderCall: true });
  },
  closeMargin(id: string): Promise<Position> {
    return api().call('trading.closeMargin', { body: { id } }, { orderCall: true });
  },
  modifyMargin(body: ModifyUBody): Promise<ApiAnswer<Position>> {
    return api().submit('trading.modifyMargin', { body }, { orderCall: true });
  },
  listMargin(status: readonly PositionStatus[]): Promise<Position[]> {
    return api().call('trading.listMargin', { query: { status: [...status] } });
  },

  // ---- options ----
  buyOption(body: BuyOptionsBody): Promise<ApiAnswer<OptionContract>> {
    return api().submit('trading.buyOption', { body }, { orderCall: true });
  },
  option(id: string): Promise<OptionContract> {
    return api().call('trading.option', { params: { id } });
  },
  listOptions(): Promise<OptionContract[]> {
    return api().call('trading.listOptions');
  },

  // ---- spot ----
  submitSpot(body: SpotSubmitBody): Promise<ApiAnswer<SpotOrder>> {
    return api().submit('trading.submitSpot', { body }, { orderCall: true });
  },
  cancelSpot(id: string): Promise<SpotOrder> {
    return api().call('trading.cancelSpot', { body: { id } }, { orderCall: true });
  },
  listSpot(): Promise<SpotOrder[]> {
    return api().call('trading.listSpot');
  },

  receipts(kind: ReceiptKind, id: string): Promise<Receipt[]> {
    return api().call('trading.receipts', { params: { kind, id } });
  },
};
