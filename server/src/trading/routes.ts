import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const tags = ['order'];

/** Execution receipts of one order (docs/product.md, business rules), of whichever product, under /swx/customer/order. */
export const receiptRoutes: FastifyPluginAsync = async (app) => {
  const trading = app.services.trading;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };

  route(
    app,
    'trading.receipts',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Execution receipts of one order: requested and fill price, the feed tick, the ledger entries',
      },
    },
    async (request) =>
      ok(await trading.receipts.list(request.customer, request.params.kind, request.params.id)),
  );
};
