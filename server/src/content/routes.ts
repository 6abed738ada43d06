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

/** Content pages for the content role: drafts in ten languages, a sanitised preview, publishing (audited). */
export const contentAdminRoutes: FastifyPluginAsync = async (app) => {
  const { contentEditor } = app.services;
  const preHandler = app.authenticateStaff;
  const docs = (summary: string) => ({ tags: ['staff'], summary, security: [{ token: [] }] });

  route(
    app,
    'admin.contentPages',
    { preHandler, schema: docs("Every content page with each language's published and draft state") },
    async (request) => ok(await contentEditor.pages(request.query.type)),
  );
  route(
    app,
    'admin.contentPage',
    { preHandler, schema: docs('One page in one language: published and draft, each as sanitised HTML') },
    async (request) => ok(await contentEditor.page(request.params)),
  );
  route(
    app,
    'admin.saveContentDraft',
    {
      preHandler,
      // A page of 100,000 characters in any script (up to 4 bytes each in UTF-8) exceeds the 64 KiB default.
      bodyLimit: 512 * 1024,
      schema: docs('Creates or replaces the draft (sanitised before it is stored), audited'),
    },
    async (request) => ok(await contentEditor.saveDraft(request.staff, request.params, request.body)),
  );
  route(
    app,
    'admin.publishContent',
    { preHandler, schema: docs('Publishes the draft to customers (audited)') },
    async (request) => ok(await contentEditor.publish(request.staff, request.params)),
  );
};
