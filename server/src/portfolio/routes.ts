import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AssetInfo, AssetParams, EnvelopeOf, ProfitTotal, RiskStats } from '@swx/shared/contract';
import { ok } from '../http/envelope';

const tags = ['order'];

/**
 * The customer's portfolio under /swx/customer/order (same URLs as before the split): balances valued at feed
 * prices, profit totals, and the public risk figure.
 */
export const portfolioRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { portfolio } = app.services;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };

  app.get(
    '/order/getAssestInfo/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Balances of the active account set, valued in USDT at feed prices',
        description: '`id` is a currency code (e.g. `USDT`, `BTC`) or `all`.',
        params: AssetParams,
        response: { 200: EnvelopeOf(AssetInfo) },
      },
    },
    async (request) => ok(await portfolio.assets(request.customer, request.params.id)),
  );

  app.get(
    '/order/getProfitTotal',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Realised and unrealised profit of the active account set',
        response: { 200: EnvelopeOf(ProfitTotal) },
      },
    },
    async (request) => ok(await portfolio.profitTotal(request.customer)),
  );

  app.get(
    '/order/riskStats',
    {
      schema: {
        tags,
        summary:
          'Share of real-money customers who lost money on leveraged and option products, last 90 days',
        description:
          '`lossShare` is null ("not enough data") below 100 customers. Public: shown on every risk warning.',
        response: { 200: EnvelopeOf(RiskStats) },
      },
    },
    async () => ok(await portfolio.riskStats()),
  );
};
