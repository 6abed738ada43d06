import type { FastifyPluginAsync } from 'fastify';

import { ok } from '../http/envelope';
import { route } from '../http/route';

/** Staff view of the ledger, under /swx/admin. */
export const ledgerAdminRoutes: FastifyPluginAsync = async (app) => {
  const { ledger } = app.services;

  route(
    app,
    'admin.ledgerCheck',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Checks the ledger: postings sum to zero per currency, every entry balances, customer balances match their postings and none is negative',
        security: [{ token: [] }],
      },
    },
    async () => ok(await ledger.check()),
  );

  route(
    app,
    'admin.platformBalances',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary:
          "The platform's own accounts (fees, plan reserve, loans, charity, custody, corrections...) per mode and currency: each the sum of its postings",
        security: [{ token: [] }],
      },
    },
    async () => ok(await ledger.platformBalances()),
  );
};
