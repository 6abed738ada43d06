import type { FastifyPluginAsync } from 'fastify';

import { ok } from '../http/envelope';
import { route } from '../http/route';

/** Public content: company, policy and footer pages, FAQ (type 4) and notices (type 5). */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  const { content } = app.services;

  route(
    app,
    'content.list',
    {
      schema: {
        tags: ['content'],
        summary:
          'Content items of a type in a language: {type}-{lang}, lang 1 = Chinese, 2 = others, or a language tag',
      },
    },
    async (request) => {
      const dash = request.params.selector.indexOf('-');
      const type = Number(request.params.selector.slice(0, dash));
      return ok(await content.list(type, request.params.selector.slice(dash + 1)));
    },
  );

  route(
    app,
    'content.get',
    {
      schema: {
        tags: ['content'],
        summary: 'One content item with its sanitised HTML body',
      },
    },
    async (request) => ok(await content.get(request.params.id)),
  );
};
