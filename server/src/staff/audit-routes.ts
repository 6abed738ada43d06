import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const security = [{ token: [] }];

/** The audit log for admins: pages, the chain's verifier, the daily anchors, and exports (CSV or JSON). */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { audit, auditChain, units } = app.services;

  route(
    app,
    'admin.audit',
    { schema: { tags: ['staff'], summary: 'The staff audit log, newest first', security } },
    async (request) => ok(await audit.list(request.query)),
  );

  route(
    app,
    'admin.auditVerify',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Recomputes the whole hash chain, the head and the daily anchors; names the first broken row',
        security,
      },
    },
    async (request) => {
      const result = await auditChain.verify();
      await units.run(({ tx }) =>
        audit.record(tx, {
          staffId: request.staff.staffId,
          action: 'audit.verify',
          target: 'audit:chain',
          details: { ok: result.ok, rowsChecked: result.rowsChecked, firstBroken: result.firstBroken },
        }),
      );
      return ok(result);
    },
  );

  route(
    app,
    'admin.auditAnchors',
    { schema: { tags: ['staff'], summary: 'The latest daily anchors, newest first', security } },
    async () => ok(await auditChain.anchors()),
  );

  route(
    app,
    'admin.auditExport',
    {
      schema: {
        tags: ['staff'],
        summary:
          'The log of a period (optionally one actor and one kind of action) as CSV or JSON, chain fields included; at most 100,000 rows',
        produces: ['text/csv', 'application/json'],
        security,
      },
    },
    async (request, reply) => {
      const query = request.query;
      const pieces = await audit.export(query);
      // The export is itself an audited staff action (recorded before any row leaves).
      await units.run(({ tx }) =>
        audit.record(tx, {
          staffId: request.staff.staffId,
          action: 'audit.export',
          target: 'audit:log',
          details: {
            format: query.format,
            from: query.from,
            to: query.to,
            staffId: query.staffId ?? null,
            action: query.action ?? null,
          },
        }),
      );
      const day = query.from.slice(0, 10);
      reply
        .header(
          'content-type',
          query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        )
        .header('content-disposition', `attachment; filename="swx-audit-${day}.${query.format}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(pieces));
    },
  );
};
