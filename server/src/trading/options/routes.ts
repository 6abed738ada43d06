import type { FastifyPluginAsync } from 'fastify';
import { successes } from '@swx/shared/contract';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';

const tags = ['order'];

/**
 * Option contracts under /swx/customer/order (docs/product.md, the API, business rules). Every call acts on the account
 * set of the request's mode (`virtually` header, else the stored mode): demo and real never see each other's
 * orders.
 */
export const optionsRoutes: FastifyPluginAsync = async (app) => {
  const { options } = app.services.trading;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };
  const authOnce = { preValidation: app.authenticate, preHandler: app.guardRepeat };

  route(
    app,
    'trading.buyOption',
    {
      ...authOnce,
      schema: {
        tags,
        summary: "Options: buy an up/down contract for a period from the market's option terms",
      },
    },
    async (request) =>
      ok(await options.buy(request.customer, request.body, request.claims), successes.purchased),
  );

  route(
    app,
    'trading.option',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Options: one contract',
      },
    },
    async (request) => ok(await options.get(request.customer, request.params.id)),
  );

  route(
    app,
    'trading.listOptions',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Options: contracts, newest first (at most 200)',
      },
    },
    async (request) => ok(await options.list(request.customer)),
  );
};
