import Decimal from 'decimal.js';
import type { AssetInfo, ProfitTotal, RiskStats } from '@swx/shared/contract';
import type { Ledger } from '../ledger/service';
import type { Customer, NetResults, Trading, TradingMarkets } from '../trading';
import { down, fmt, money, spotResult, unrealised } from '../trading/rules';

const RISK_WINDOW_DAYS = 90;
const RISK_MIN_CUSTOMERS = 100;

export interface PortfolioDeps {
  ledger: Pick<Ledger, 'balances'>;
  markets: Pick<TradingMarkets, 'latestTick'>;
  trading: {
    spot: Pick<Trading['spot'], 'filledOrders'>;
    margin: Pick<Trading['margin'], 'realisedProfit' | 'openPositions' | 'netResultsSince'>;
    options: Pick<Trading['options'], 'realisedProfit' | 'netResultsSince'>;
  };
  /** The clock (epoch ms); the trading clock, so tests move both at once. */
  now: () => number;
}

/**
 * The read side of a customer's money across domains: balances valued in USDT at feed prices, realised and
 * unrealised profit, and the public risk figure. It owns no table: it reads the ledger's balances, the
 * feed's prices and the trading products' read functions.
 */
export class PortfolioService {
  constructor(private readonly deps: PortfolioDeps) {}

  /** `id`: a currency code, or `all` for every currency of the active account set. */
  async assets(customer: Customer, id: string): Promise<AssetInfo> {
    const balances = await this.deps.ledger.balances(customer.userId, customer.mode);
    const wanted = id.toLowerCase() === 'all' ? undefined : id.toUpperCase();
    if (wanted && !balances[wanted]) balances[wanted] = { available: '0', held: '0' };
    let total = money(0);
    const assets = Object.entries(balances)
      .filter(([currency]) => !wanted || currency === wanted)
      .map(([currency, balance]) => {
        const price = this.usdtPrice(currency);
        const amount = money(balance.available).plus(balance.held);
        // USDT is its own value: a balance with digits from before ledger precision is not rounded again.
        const value = !price ? undefined : currency === 'USDT' ? amount : down(amount.times(price), 'USDT');
        if (value) total = total.plus(value);
        return {
          currency,
          available: fmt(balance.available),
          held: fmt(balance.held),
          priceUsdt: price ? fmt(price) : null,
          valueUsdt: value ? fmt(value) : null,
        };
      });
    return { mode: customer.mode, assets, totalUsdt: fmt(total) };
  }

  async profitTotal(customer: Customer): Promise<ProfitTotal> {
    const { spot, margin, options } = this.deps.trading;
    const m = await margin.realisedProfit(customer);
    const o = await options.realisedProfit(customer);
    const open = await margin.openPositions(customer);
    const spotFills = await spot.filledOrders(customer);
    const latest = (code: string) => {
      const tick = this.deps.markets.latestTick(code);
      return tick ? money(tick.price) : undefined;
    };
    const spotTotals = spotResult(spotFills, latest);
    let unrealisedTotal = spotTotals.unrealised;
    for (const row of open) {
      const price = latest(row.code);
      if (!price) continue;
      const move = unrealised(
        row.direction,
        money(row.openPrice!),
        price,
        money(row.lots).times(row.contractSize),
      );
      unrealisedTotal = unrealisedTotal.plus(Decimal.max(move, money(row.margin).neg()));
    }
    const realised = m.plus(o).plus(spotTotals.realised);
    return {
      mode: customer.mode,
      realised: { margin: fmt(m), options: fmt(o), spot: fmt(spotTotals.realised), total: fmt(realised) },
      unrealised: fmt(unrealisedTotal),
      total: fmt(realised.plus(unrealisedTotal)),
    };
  }

  /**
   * docs/product.md promise 9: of the real-money customers with a position (or option) closed in the last 90 days,
   * the share whose net result over that window is a loss. Null below 100 customers.
   */
  async riskStats(): Promise<RiskStats> {
    const since = new Date(this.deps.now() - RISK_WINDOW_DAYS * 86_400_000);
    const share = ({ customers, lost }: NetResults) => ({
      customers,
      lossShare:
        customers < RISK_MIN_CUSTOMERS ? null : new Decimal(lost).times(100).div(customers).toFixed(1),
    });
    const leveraged = await this.deps.trading.margin.netResultsSince(since);
    const options = await this.deps.trading.options.netResultsSince(since);
    return {
      windowDays: RISK_WINDOW_DAYS,
      leveraged: share(leveraged),
      options: share(options),
      computedAt: new Date(this.deps.now()).toISOString(),
    };
  }

  /** The price of one unit of a currency in USDT from the feed; undefined when no USDT market prices it. */
  /** `amount` of `currency` valued in USDT at the latest feed price (rounded down); undefined without a price. */
  valueUsdt(currency: string, amount: string): string | undefined {
    const price = this.usdtPrice(currency);
    return price ? fmt(down(money(amount).times(price), 'USDT')) : undefined;
  }

  private usdtPrice(currency: string): Decimal | undefined {
    if (currency === 'USDT') return money(1);
    const tick = this.deps.markets.latestTick(`${currency}USDT`);
    return tick ? money(tick.price) : undefined;
  }
}
