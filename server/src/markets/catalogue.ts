import { calendars, isOpenAt, openHoursPerYear, type CalendarId } from './calendar';
import type { FeedMarket } from './feed/types';

/**
 * The listed markets. Reference prices are plausible late-2025 levels and serve only as the simulator's
 * starting point on a fresh database (afterwards it continues from the last stored tick); they are never
 * shown as a price. Volatility is annualised. Leverage lists stay within the per-type caps of docs/product.md (business rules)
 * (forex 30, metals 20, stocks 5, futures 10); the crypto real-account cap of 2 is enforced by trading,
 * which knows the account mode.
 */
export interface ListedMarket {
  code: string;
  type: 2 | 3 | 4 | 5 | 6;
  name: string;
  base: string;
  quote: string;
  referencePrice: string;
  tickSize: string;
  priceDecimals: number;
  contractSize: string;
  leverages: number[];
  volatility: number;
  calendar: CalendarId;
  spot: boolean;
  margin: boolean;
  options: boolean;
}

const crypto = (
  code: string,
  name: string,
  base: string,
  referencePrice: string,
  tickSize: string,
  volatility: number,
): ListedMarket => ({
  code,
  type: 2,
  name,
  base,
  quote: 'USDT',
  referencePrice,
  tickSize,
  priceDecimals: decimalsOf(tickSize),
  contractSize: '1',
  leverages: [1, 2, 5, 10, 20],
  volatility,
  calendar: 'crypto-24x7',
  spot: true,
  margin: true,
  options: true,
});

const stock = (code: string, name: string, referencePrice: string, volatility: number): ListedMarket => ({
  code,
  type: 3,
  name,
  base: code,
  quote: 'USD',
  referencePrice,
  tickSize: '0.01',
  priceDecimals: 2,
  contractSize: '1',
  leverages: [1, 2, 5],
  volatility,
  calendar: 'us-equities',
  spot: false,
  margin: true,
  options: true,
});

const future = (
  code: string,
  name: string,
  referencePrice: string,
  tickSize: string,
  contractSize: string,
  volatility: number,
): ListedMarket => ({
  code,
  type: 4,
  name,
  base: code,
  quote: 'USD',
  referencePrice,
  tickSize,
  priceDecimals: decimalsOf(tickSize),
  contractSize,
  leverages: [1, 2, 5, 10],
  volatility,
  calendar: 'cme-globex',
  spot: false,
  margin: true,
  options: true,
});

const metal = (
  code: string,
  name: string,
  referencePrice: string,
  tickSize: string,
  contractSize: string,
  volatility: number,
): ListedMarket => ({
  code,
  type: 5,
  name,
  base: code.slice(0, 3),
  quote: 'USD',
  referencePrice,
  tickSize,
  priceDecimals: decimalsOf(tickSize),
  contractSize,
  leverages: [1, 5, 10, 20],
  volatility,
  calendar: 'fx-24x5',
  spot: false,
  margin: true,
  options: true,
});

const forex = (code: string, name: string, referencePrice: string, volatility: number): ListedMarket => {
  const tickSize = code.endsWith('JPY') ? '0.001' : '0.00001';
  return {
    code,
    type: 6,
    name,
    base: code.slice(0, 3),
    quote: code.slice(3),
    referencePrice,
    tickSize,
    priceDecimals: decimalsOf(tickSize),
    contractSize: '100000',
    leverages: [1, 5, 10, 20, 30],
    volatility,
    calendar: 'fx-24x5',
    spot: false,
    margin: true,
    options: true,
  };
};

function decimalsOf(tickSize: string): number {
  const dot = tickSize.indexOf('.');
  return dot < 0 ? 0 : tickSize.length - dot - 1;
}

export const listedMarkets: ListedMarket[] = [
  crypto('BTCUSDT', 'Bitcoin', 'BTC', '95000', '0.01', 0.55),
  crypto('ETHUSDT', 'Ethereum', 'ETH', '3300', '0.01', 0.7),
  crypto('SOLUSDT', 'Solana', 'SOL', '180', '0.01', 0.9),
  crypto('XRPUSDT', 'XRP', 'XRP', '2.3', '0.0001', 0.9),
  crypto('BNBUSDT', 'BNB', 'BNB', '900', '0.01', 0.6),
  crypto('DOGEUSDT', 'Dogecoin', 'DOGE', '0.22', '0.00001', 1.0),
  crypto('ADAUSDT', 'Cardano', 'ADA', '0.7', '0.0001', 0.9),
  crypto('TRXUSDT', 'TRON', 'TRX', '0.28', '0.00001', 0.6),
  crypto('AVAXUSDT', 'Avalanche', 'AVAX', '25', '0.001', 0.95),
  crypto('LINKUSDT', 'Chainlink', 'LINK', '17', '0.001', 0.9),
  crypto('DOTUSDT', 'Polkadot', 'DOT', '4', '0.001', 0.9),
  crypto('LTCUSDT', 'Litecoin', 'LTC', '95', '0.01', 0.75),
  crypto('BCHUSDT', 'Bitcoin Cash', 'BCH', '500', '0.01', 0.75),
  crypto('TONUSDT', 'Toncoin', 'TON', '3', '0.0001', 0.85),
  stock('AAPL', 'Apple', '230', 0.25),
  stock('MSFT', 'Microsoft', '480', 0.24),
  stock('NVDA', 'NVIDIA', '180', 0.5),
  stock('TSLA', 'Tesla', '400', 0.6),
  stock('AMZN', 'Amazon', '225', 0.32),
  stock('GOOGL', 'Alphabet', '250', 0.3),
  stock('META', 'Meta Platforms', '700', 0.38),
  stock('AMD', 'AMD', '220', 0.5),
  stock('JPM', 'JPMorgan Chase', '300', 0.22),
  stock('V', 'Visa', '340', 0.2),
  stock('KO', 'Coca-Cola', '70', 0.15),
  stock('DIS', 'Walt Disney', '110', 0.27),
  future('CL', 'Crude Oil WTI', '62', '0.01', '1000', 0.35),
  future('BZ', 'Brent Crude', '66', '0.01', '1000', 0.33),
  future('NG', 'Natural Gas', '3.8', '0.001', '10000', 0.6),
  future('ES', 'E-mini S&P 500', '6700', '0.25', '50', 0.16),
  future('NQ', 'E-mini Nasdaq-100', '24500', '0.25', '20', 0.22),
  future('YM', 'E-mini Dow', '46500', '1', '5', 0.15),
  future('RTY', 'E-mini Russell 2000', '2450', '0.1', '50', 0.22),
  future('HG', 'Copper', '4.9', '0.0005', '25000', 0.25),
  metal('XAUUSD', 'Gold', '4000', '0.01', '100', 0.16),
  metal('XAGUSD', 'Silver', '48', '0.001', '5000', 0.3),
  metal('XPTUSD', 'Platinum', '1500', '0.01', '50', 0.28),
  metal('XPDUSD', 'Palladium', '1400', '0.01', '100', 0.35),
  forex('EURUSD', 'Euro / US Dollar', '1.16', 0.07),
  forex('GBPUSD', 'British Pound / US Dollar', '1.31', 0.08),
  forex('USDJPY', 'US Dollar / Japanese Yen', '155', 0.1),
  forex('AUDUSD', 'Australian Dollar / US Dollar', '0.65', 0.09),
  forex('USDCAD', 'US Dollar / Canadian Dollar', '1.4', 0.06),
  forex('USDCHF', 'US Dollar / Swiss Franc', '0.8', 0.07),
  forex('NZDUSD', 'New Zealand Dollar / US Dollar', '0.57', 0.09),
  forex('EURJPY', 'Euro / Japanese Yen', '179', 0.09),
  forex('EURGBP', 'Euro / British Pound', '0.88', 0.05),
  forex('GBPJPY', 'British Pound / Japanese Yen', '203', 0.11),
];

/** Listed markets as a feed sees them, straight from the catalogue (tests, benchmarks and tools). */
export function listedFeedMarkets(codes?: readonly string[]): FeedMarket[] {
  return listedMarkets
    .filter((m) => !codes || codes.includes(m.code))
    .map((m) => ({
      code: m.code,
      type: m.type,
      referencePrice: m.referencePrice,
      tickSize: m.tickSize,
      volatility: m.volatility,
      isOpenAt: (at: number) => isOpenAt(calendars[m.calendar], at),
      openHoursPerYear: openHoursPerYear(calendars[m.calendar]),
    }));
}
