import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  successes,
  errors,
  EnvelopeOf,
  ParamKeyPath,
  ParamRecord,
  ParamValueResult,
  SetParamBody,
} from '@swx/shared/contract';
import { ok } from '../http/envelope';

/** `GET /swx/customer/index/getParamByKey/{key}`: public parameters (download link, fees, minimums...). */
export const paramsCustomerRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { params } = app.services;

  app.get(
    '/index/getParamByKey/:key',
    {
      schema: {
        tags: ['params'],
        summary: 'A public server parameter by key (private or unknown keys answer 10018)',
        params: Type.Object({ key: Type.String({ maxLength: 64, 'x-code': errors.paramUnavailable }) }),
        response: { 200: EnvelopeOf(ParamValueResult) },
      },
    },
    async (request) => ok({ paramValue: params.getPublic(request.params.key) }),
  );
};

/** Staff view and change parameters; every change is audited with its reason. */
export const paramsAdminRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { params } = app.services;
  const security = [{ token: [] }];

  app.get(
    '/params',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'Every server parameter with its value and visibility',
        security,
        response: { 200: EnvelopeOf(Type.Array(ParamRecord)) },
      },
    },
    async () => ok(params.list()),
  );

  app.put(
    '/params/:key',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'Changes a parameter (checked against its definition, audited with the reason)',
        security,
        params: ParamKeyPath,
        body: SetParamBody,
        response: { 200: EnvelopeOf(ParamRecord) },
      },
    },
    async (request) =>
      ok(
        await params.set(request.params.key, request.body.value, {
          staffId: request.staff.staffId,
          reason: request.body.reason,
        }),
        successes.modified,
      ),
  );
};
