import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { EXPORT_HOURS } from './exports';

const tags = ['privacy'];
const security = [{ token: [] }];
const docs = (summary: string, description?: string) => ({
  tags,
  summary,
  security,
  ...(description ? { description } : {}),
});

/** The customer's data and account closure, under /swx/customer/user/privacy (signed in). */
export const privacyRoutes: FastifyPluginAsync = async (app) => {
  const { privacy } = app.services;
  const signedIn = { preValidation: app.authenticate };

  route(
    app,
    'privacy.overview',
    { ...signedIn, schema: docs('The last data downloads, and what stops the account from closing now') },
    async (request) => {
      const { userId } = request.customer;
      const closure = await privacy.closure.blockers(userId);
      return ok({
        exports: await privacy.exports.list(userId),
        closure,
        exportHours: EXPORT_HOURS,
        username: (await privacy.closure.username(userId)) ?? '',
      });
    },
  );
  route(
    app,
    'privacy.requestExport',
    {
      ...signedIn,
      schema: docs(
        'Prepare a ZIP of everything kept about the customer in the background; a notification says when it is ready',
        'One at a time: while one is being prepared `11527`.',
      ),
    },
    async (request) => ok(await privacy.exports.request(request.customer.userId)),
  );
  route(
    app,
    'privacy.downloadExport',
    {
      ...signedIn,
      preHandler: app.stepUp('downloadData'),
      schema: {
        ...docs(
          'Download a prepared ZIP (its SHA-256 in `X-Content-SHA256`), within 24 hours, after a step-up',
          'Without a fresh second factor `11200`; unknown, another customer’s or expired `11528`.',
        ),
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const { zip, sha256 } = await privacy.exports.download(request.customer.userId, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="swx-data-${request.params.id.slice(0, 8)}.zip"`)
        .header('content-length', String(zip.length))
        .header('x-content-sha256', sha256)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(zip);
    },
  );
  route(
    app,
    'privacy.closeAccount',
    {
      ...signedIn,
      preHandler: app.stepUp('closeAccount'),
      schema: docs(
        'Close the account: sessions end, sign-in is refused (`11520`), the ledger and records stay',
        'A fresh second factor first (`11200`); the username typed exactly (`11529`); refused while a deposit or withdrawal is in process `11526`, an order, position or option is open `11522`, a plan earns `11523`, a loan is pending or unpaid `11524`, a bid leads a live auction `11525`, or a real balance is not zero `11521`.',
      ),
    },
    async (request) => ok(await privacy.closure.close(request.customer.userId, request.body.confirmUsername)),
  );
};
