import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const security = [{ token: [] }];
const docs = (summary: string) => ({ schema: { tags: ['staff'], summary, security } });

/** Maker-checker: the pending changes a member's role may decide, and the decisions (both reasons audited). */
export const changeRoutes: FastifyPluginAsync = async (app) => {
  const { changes } = app.services;

  route(
    app,
    'admin.changes',
    docs('Changes waiting for (or given) a second member’s decision'),
    async (request) => ok(await changes.list(request.query.status, request.staff)),
  );

  route(
    app,
    'admin.approveChange',
    docs('Approves and applies a pending change: a member with its role, not the one who asked'),
    async (request) => ok(await changes.approve(request.params.id, request.staff, request.body.reason)),
  );

  route(
    app,
    'admin.rejectChange',
    docs('Rejects a pending change (or withdraws one’s own); nothing is applied'),
    async (request) => ok(await changes.reject(request.params.id, request.staff, request.body.reason)),
  );
};
