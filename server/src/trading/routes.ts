import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EnvelopeOf, ReceiptList, ReceiptParams } from '@swx/shared/contract';
import { ok } from '../http/envelope';

const tags = ['order'];

/** Execution receipts of one order (PRODUCT.md §4), of whichever product, under /swx/customer/order. */
export const receiptRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const trading = app.services.trading;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };

  app.get(
    '/order/receipt/:kind/:id',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Execution receipts of one order: requested and fill price, the feed tick, the ledger entries',
        params: ReceiptParams,
        response: { 200: EnvelopeOf(ReceiptList) },
      },
    },
    async (request) =>
      ok(await trading.receipts.list(request.customer, request.params.kind, request.params.id)),
  );
};
