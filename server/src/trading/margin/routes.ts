import type { FastifyPluginAsync } from 'fastify';
import { successes } from '@swx/shared/contract';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';

const tags = ['order'];

/**
 * Margin positions under /swx/customer/order (docs/product.md, the API, business rules). Every call acts on the account
 * set of the request's mode (`virtually` header, else the stored mode): demo and real never see each other's
 * orders.
 */
export const marginRoutes: FastifyPluginAsync = async (app) => {
  const { margin } = app.services.trading;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };
  const authOnce = { preValidation: app.authenticate, preHandler: app.guardRepeat };

  route(
    app,
    'trading.quoteMargin',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Margin: the terms of an order before confirming it (our addition)',
        description:
          'Price, required margin, fee, liquidation price and the expected return at take profit. Pass `quoteId` to `buyU`: it is refused with 11007 if the quote expired (30 s), the fee changed or a market price moved more than 0.5 %.',
      },
    },
    async (request) => ok(await margin.quote(request.customer, request.body)),
  );

  route(
    app,
    'trading.buyMargin',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Margin: open a long or short position, at market or as a waiting limit entry',
      },
    },
    async (request) =>
      ok(await margin.buy(request.customer, request.body, request.claims), successes.purchased),
  );

  route(
    app,
    'trading.closeMargin',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Margin: close an open position at the current feed price, or cancel a waiting entry',
      },
    },
    async (request) => ok(await margin.close(request.customer, request.body.id)),
  );

  route(
    app,
    'trading.modifyMargin',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Margin: change the stop loss or take profit (our addition); "" removes one',
      },
    },
    async (request) =>
      ok(await margin.modify(request.customer, request.body, request.claims), successes.modified),
  );

  route(
    app,
    'trading.listMargin',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Margin positions, newest first (at most 200); repeat `status` to filter',
        description:
          'Open positions carry the current price and the unrealised profit (before the closing fee).',
      },
    },
    async (request) => ok(await margin.list(request.customer, request.query.status)),
  );
};
