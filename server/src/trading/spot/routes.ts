import type { FastifyPluginAsync } from 'fastify';
import { successes } from '@swx/shared/contract';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';

const tags = ['order'];

/**
 * Spot orders under /swx/customer/order (docs/product.md, the API, business rules). Every call acts on the account
 * set of the request's mode (`virtually` header, else the stored mode): demo and real never see each other's
 * orders.
 */
export const spotRoutes: FastifyPluginAsync = async (app) => {
  const { spot } = app.services.trading;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };
  const authOnce = { preValidation: app.authenticate, preHandler: app.guardRepeat };

  route(
    app,
    'trading.submitSpot',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Spot: buy or sell a coin against USDT, at market or with a limit price',
        description:
          'Market orders fill at the latest feed tick. Limit orders hold USDT (buy, fee included) or the coin (sell) and fill when the feed reaches the limit. Fee: `trade_fee_rate` of the traded value.',
      },
    },
    async (request) =>
      ok(await spot.submit(request.customer, request.body, request.claims), successes.purchased),
  );

  route(
    app,
    'trading.listSpot',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Spot orders, newest first (at most 200); repeat `status` to filter',
      },
    },
    async (request) => ok(await spot.list(request.customer, request.query.status)),
  );

  route(
    app,
    'trading.cancelSpot',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Spot: cancel a pending limit order and release its hold (our addition)',
      },
    },
    async (request) => ok(await spot.cancel(request.customer, request.body.id)),
  );
};
