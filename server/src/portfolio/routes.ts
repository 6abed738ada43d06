import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const tags = ['order'];

/**
 * The customer's portfolio under /swx/customer/order (same URLs as before the split): balances valued at feed
 * prices, profit totals, and the public risk figure.
 */
export const portfolioRoutes: FastifyPluginAsync = async (app) => {
  const { portfolio } = app.services;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };

  route(
    app,
    'trading.assets',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Balances of the active account set, valued in USDT at feed prices',
        description: '`id` is a currency code (e.g. `USDT`, `BTC`) or `all`.',
      },
    },
    async (request) => ok(await portfolio.assets(request.customer, request.params.id)),
  );

  route(
    app,
    'trading.profitTotal',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Realised and unrealised profit of the active account set',
      },
    },
    async (request) => ok(await portfolio.profitTotal(request.customer)),
  );

  route(
    app,
    'trading.riskStats',
    {
      schema: {
        tags,
        summary:
          'Share of real-money customers who lost money on leveraged and option products, last 90 days',
        description:
          '`lossShare` is null ("not enough data") below 100 customers. Public: shown on every risk warning.',
      },
    },
    async () => ok(await portfolio.riskStats()),
  );
};
