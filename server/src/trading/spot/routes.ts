import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  EnvelopeOf,
  IdBody,
  SpotListQuery,
  SpotOrder,
  SpotOrderList,
  SpotSubmitBody,
} from '@swx/shared/contract';
import { ok } from '../../http/envelope';

const tags = ['order'];

/**
 * Spot orders under /swx/customer/order (PRODUCT.md §3, §4). Every call acts on the account
 * set of the request's mode (`virtually` header, else the stored mode): demo and real never see each other's
 * orders.
 */
export const spotRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { spot } = app.services.trading;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };
  const authOnce = { preValidation: app.authenticate, preHandler: app.guardRepeat };

  app.post(
    '/order/submit',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Spot: buy or sell a coin against USDT, at market or with a limit price',
        description:
          'Market orders fill at the latest feed tick. Limit orders hold USDT (buy, fee included) or the coin (sell) and fill when the feed reaches the limit. Fee: `trade_fee_rate` of the traded value.',
        body: SpotSubmitBody,
        response: { 200: EnvelopeOf(SpotOrder) },
      },
    },
    async (request) => ok(await spot.submit(request.customer, request.body, request.claims), '20004'),
  );

  app.get(
    '/order/listBbOrder',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Spot orders, newest first (at most 200); repeat `status` to filter',
        querystring: SpotListQuery,
        response: { 200: EnvelopeOf(SpotOrderList) },
      },
    },
    async (request) => ok(await spot.list(request.customer, request.query.status)),
  );

  app.post(
    '/order/cancelBb',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Spot: cancel a pending limit order and release its hold (our addition)',
        body: IdBody,
        response: { 200: EnvelopeOf(SpotOrder) },
      },
    },
    async (request) => ok(await spot.cancel(request.customer, request.body.id)),
  );
};
