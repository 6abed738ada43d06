import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ContentDetail,
  ContentIdPath,
  ContentListPath,
  ContentSummary,
  EnvelopeOf,
} from '@swx/shared/contract';
import { ok } from '../http/envelope';

/** Public content: company, policy and footer pages, FAQ (type 4) and notices (type 5). */
export const contentRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { content } = app.services;

  app.get(
    '/index/listContents/:selector',
    {
      schema: {
        tags: ['content'],
        summary:
          'Content items of a type in a language: {type}-{lang}, lang 1 = Chinese, 2 = others, or a language tag',
        params: ContentListPath,
        response: { 200: EnvelopeOf(Type.Array(ContentSummary)) },
      },
    },
    async (request) => {
      const dash = request.params.selector.indexOf('-');
      const type = Number(request.params.selector.slice(0, dash));
      return ok(await content.list(type, request.params.selector.slice(dash + 1)));
    },
  );

  app.get(
    '/index/getContentsById/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'One content item with its sanitised HTML body',
        params: ContentIdPath,
        response: { 200: EnvelopeOf(ContentDetail) },
      },
    },
    async (request) => ok(await content.get(request.params.id)),
  );
};
