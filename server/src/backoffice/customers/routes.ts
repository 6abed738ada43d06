import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';

const security = [{ token: [] }];
const docs = (summary: string) => ({ tags: ['staff'], summary, security });

/** The back office's customers and correction entries, under /swx/admin (roles from the route map). */
export const customersAdminRoutes: FastifyPluginAsync = async (app) => {
  const { customers, corrections } = app.services;
  const preHandler = app.authenticateStaff;

  route(
    app,
    'admin.customers',
    { preHandler, schema: docs('Customers by id, username, e-mail or wallet address, newest first') },
    async (request) => ok(await customers.search(request.query)),
  );
  route(
    app,
    'admin.customer',
    { preHandler, schema: docs("A customer's account, balances, records, open trades and sessions") },
    async (request) =>
      ok(
        await customers.viewed(request.staff, request.params.id, 'profile', () =>
          customers.profile(request.params.id),
        ),
      ),
  );
  route(
    app,
    'admin.customerRecords',
    { preHandler, schema: docs("A page of the customer's records in one mode, as the customer sees them") },
    async (request) =>
      ok(
        await customers.viewed(request.staff, request.params.id, `records:${request.query.mode}`, () =>
          customers.records(request.params.id, request.query),
        ),
      ),
  );
  route(
    app,
    'admin.customerSessions',
    { preHandler, schema: docs("The customer's sign-in sessions, most recently used first") },
    async (request) =>
      ok(
        await customers.viewed(request.staff, request.params.id, 'sessions', () =>
          customers.sessions(request.params.id),
        ),
      ),
  );
  route(
    app,
    'admin.revokeCustomerSession',
    { preHandler, schema: docs('Signs one session of the customer out (audited)') },
    async (request) =>
      ok(await customers.revokeSession(request.staff, request.params.id, request.params.sessionId)),
  );
  route(
    app,
    'admin.customerNotes',
    { preHandler, schema: docs('Staff notes on the customer, newest first') },
    async (request) => ok(await customers.notes(request.params.id)),
  );
  route(
    app,
    'admin.addCustomerNote',
    { preHandler, schema: docs('Adds a staff note on the customer (audited)') },
    async (request) => ok(await customers.addNote(request.staff, request.params.id, request.body.text)),
  );
  route(
    app,
    'admin.disableCustomer',
    { preHandler, schema: docs('Disables the account: sign-in refused, every session revoked (audited)') },
    async (request) =>
      ok(await customers.setStatus(request.staff, request.params.id, 'disabled', request.body.reason)),
  );
  route(
    app,
    'admin.enableCustomer',
    { preHandler, schema: docs('Enables a disabled account again (audited)') },
    async (request) =>
      ok(await customers.setStatus(request.staff, request.params.id, 'active', request.body.reason)),
  );

  route(
    app,
    'admin.corrections',
    { preHandler, schema: docs('Correction entries, newest first (pending ones with ?status=pending)') },
    async (request) => ok(await corrections.list(request.query)),
  );
  route(
    app,
    'admin.requestCorrection',
    { preHandler, schema: docs('Asks for a correction entry; a second finance member must approve it') },
    async (request) => ok(await corrections.request(request.staff, request.body)),
  );
  route(
    app,
    'admin.approveCorrection',
    { preHandler, schema: docs('Approves and posts a correction entry (never by its requester)') },
    async (request) => ok(await corrections.approve(request.staff, request.params.id)),
  );
  route(
    app,
    'admin.rejectCorrection',
    { preHandler, schema: docs('Turns a correction request down with a reason') },
    async (request) => ok(await corrections.reject(request.staff, request.params.id, request.body.reason)),
  );
};
