import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { approvedChange, secondAdmin, staffMember } from '../../staff/__tests__/helpers';
import type { SignedUpCustomer } from '../../auth/testing';

/** One cycle in the tests: a minute, so the fake clock moves in readable steps. */
export const CYCLE_MS = 60_000;

/** A test product through the same configuration path production uses (`PLAN_PRODUCTS`). */
export const testProducts = [
  {
    code: 'GOLD-TEST',
    name: 'Gold test plan',
    underlying: 'XAUUSD',
    currency: 'USDT',
    terms: [
      { days: 3, dailyRate: '0.01' },
      { days: 5, dailyRate: '0.012' },
    ],
    minAmount: '10',
    maxAmount: '1000',
    exitDamagesRate: '0.1',
    earningIntervalSeconds: CYCLE_MS / 1000,
    enabled: true,
  },
  {
    code: 'SILVER-TEST',
    name: 'Silver test plan',
    underlying: 'XAGUSD',
    currency: 'USDT',
    terms: [{ days: 2, dailyRate: '0.005' }],
    minAmount: '10',
    maxAmount: '1000',
    exitDamagesRate: '0.05',
    earningIntervalSeconds: CYCLE_MS / 1000,
    enabled: true,
  },
];

export interface PlansTestServer extends CashierTestServer {
  /** The plans clock (ms); `advance` moves it. */
  clock: { now: number; advance(ms: number): void };
  goldId: string;
  silverId: string;
  /** Reserve funding: the desk (finance) asks, a second finance member approves (maker-checker). */
  fundReserve(amount: string): Promise<void>;
  /** New product terms: the start-up admin asks, a second admin approves; answers the approved change. */
  setTerms(productId: string, body: object): Promise<{ status: string }>;

  /** Quote then buy; answers the buy call. */
  buy(
    who: SignedUpCustomer,
    productId: string,
    days: number,
    amount: string,
  ): ReturnType<CashierTestServer['call']>;
  plans(who: SignedUpCustomer): Promise<Record<string, unknown>[]>;
}

export async function plansServer(): Promise<PlansTestServer> {
  const server = await cashierServer({ PLAN_PRODUCTS: JSON.stringify(testProducts) });
  const clock = {
    now: Date.UTC(2026, 0, 5, 9, 0, 0),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  server.services.plans.now = () => clock.now;
  const products = await server.call(null, 'GET', '/order/listSmartProduct');
  const idOf = (code: string) =>
    (products.result.products as { id: string; code: string }[]).find((p) => p.code === code)!.id;
  const chief = server.chief;
  const deputy = (await secondAdmin(server)).token;
  const treasurer = (await staffMember(server, 'treasurer', ['finance'])).token;
  const inject = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url: `/swx/admin${url}`,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return Object.assign(server, {
    clock,
    goldId: idOf('GOLD-TEST'),
    silverId: idOf('SILVER-TEST'),
    async fundReserve(amount: string) {
      await approvedChange(server, treasurer, () =>
        inject(server.staff, 'POST', '/plans/reserve', {
          currency: 'USDT',
          amount,
          reason: 'Owners fund the plan reserve',
        }),
      );
    },
    setTerms(productId: string, body: object) {
      return approvedChange(server, deputy, () =>
        inject(chief, 'POST', `/plans/products/${productId}/terms`, body),
      );
    },

    async buy(who: SignedUpCustomer, productId: string, days: number, amount: string) {
      const quote = await server.call(who, 'POST', '/order/quoteSmart', { productId, days, amount });
      if (quote.code !== '200') return quote;
      return server.call(who, 'POST', '/order/buySmart', {
        productId,
        days,
        amount,
        quoteId: quote.result.quoteId,
      });
    },
    async plans(who: SignedUpCustomer) {
      return (await server.call(who, 'GET', '/order/listSmartOrder')).result as Record<string, unknown>[];
    },
  });
}
