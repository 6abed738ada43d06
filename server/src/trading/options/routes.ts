import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BuyOptionsBody,
  EnvelopeOf,
  IdParams,
  OptionContract,
  OptionContractList,
} from '@swx/shared/contract';
import { ok } from '../../http/envelope';

const tags = ['order'];

/**
 * Option contracts under /swx/customer/order (PRODUCT.md §3, §4). Every call acts on the account
 * set of the request's mode (`virtually` header, else the stored mode): demo and real never see each other's
 * orders.
 */
export const optionsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { options } = app.services.trading;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };
  const authOnce = { preValidation: app.authenticate, preHandler: app.guardRepeat };

  app.post(
    '/order/buyOptions',
    {
      ...authOnce,
      schema: {
        tags,
        summary: "Options: buy an up/down contract for a period from the market's option terms",
        body: BuyOptionsBody,
        response: { 200: EnvelopeOf(OptionContract) },
      },
    },
    async (request) => ok(await options.buy(request.customer, request.body, request.claims), '20004'),
  );

  app.get(
    '/order/getOptionsOrderById/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Options: one contract',
        params: IdParams,
        response: { 200: EnvelopeOf(OptionContract) },
      },
    },
    async (request) => ok(await options.get(request.customer, request.params.id)),
  );

  app.get(
    '/order/listOptionsOrder',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Options: contracts, newest first (at most 200)',
        response: { 200: EnvelopeOf(OptionContractList) },
      },
    },
    async (request) => ok(await options.list(request.customer)),
  );
};
