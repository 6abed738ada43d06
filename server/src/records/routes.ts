import type { FastifyPluginAsync } from 'fastify';
import { errors, RecordsCsv } from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { AppError } from '../http/errors';

const tags = ['records'];

function filtersOf(query: { type?: string[]; currency?: string; from?: string; to?: string }) {
  if (query.from && query.to && new Date(query.from) > new Date(query.to))
    throw new AppError(errors.invalidRequest, 'from must not be after to');
  return { types: query.type, currency: query.currency, from: query.from, to: query.to };
}

/** Transaction records of the active account set, as a page or as a CSV download. */
export const recordsRoutes: FastifyPluginAsync = async (app) => {
  const { records } = app.services;
  const auth = { preValidation: app.authenticate };

  route(
    app,
    'records.list',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Money events of the active account set, newest first: per currency the available and held change and both balances after',
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok(await records.page(request.customer, filtersOf(request.query), page, pageSize));
    },
  );

  route(
    app,
    'records.csv',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'The same records as CSV in the customer’s language (`lang`, else Accept-Language): amounts as plain numbers, text formula-safe, at most 10,000 events',
        produces: ['text/csv'],
        response: { 200: RecordsCsv },
      },
    },
    async (request, reply) => {
      const { mode } = request.customer;
      const language =
        request.query.lang ?? request.headers['accept-language']?.split(',')[0]?.split(';')[0] ?? 'en';
      const csv = await records.csv(request.customer, filtersOf(request.query), language.trim());
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="swx-records-${mode}.csv"`)
        .header('cache-control', 'no-store');
      return csv;
    },
  );
};
