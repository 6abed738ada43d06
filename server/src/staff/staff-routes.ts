import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const security = [{ token: [] }];
const docs = (summary: string) => ({ schema: { tags: ['staff'], summary, security } });

/** Staff management under /swx/admin/staff: the admin role only (the route map's `roles`). */
export const staffManagementRoutes: FastifyPluginAsync = async (app) => {
  const { staffManagement, changes } = app.services;

  route(app, 'admin.staffList', docs('Every staff member with roles and two-factor state'), async () =>
    ok(await staffManagement.list()),
  );
  route(
    app,
    'admin.createStaff',
    docs(
      'Creates a staff member with a temporary password, an e-mail address and roles; at first sign-in they choose a password and enrol two-factor',
    ),
    async (request) => ok(await staffManagement.create(request.staff, request.body)),
  );
  route(
    app,
    'admin.setStaffRoles',
    docs(
      "Asks for a member's whole set of roles: a pending change a second admin approves (not the member, nor who created them in the last 24 hours)",
    ),
    async (request) =>
      ok(
        await changes.request(
          'staff-roles',
          request.staff,
          { staffId: request.params.id, roles: request.body.roles },
          request.body.reason,
        ),
      ),
  );
  route(
    app,
    'admin.disableStaff',
    docs('Disables a member and ends their sessions; nobody disables themselves or the last admin'),
    async (request) => ok(await staffManagement.disable(request.staff, request.params.id)),
  );
  route(app, 'admin.enableStaff', docs('Enables a disabled member again'), async (request) =>
    ok(await staffManagement.enable(request.staff, request.params.id)),
  );
  route(
    app,
    'admin.resetStaffTotp',
    docs(
      "Turns a member's two-factor off (lost phone): their sessions end; enrolling again needs their password and an e-mailed code",
    ),
    async (request) => ok(await staffManagement.resetTotp(request.staff, request.params.id)),
  );
  route(
    app,
    'admin.resetStaffPassword',
    docs('E-mails a member a one-time link (24 hours) to choose a new password; the admin never knows it'),
    async (request) => ok(await staffManagement.resetPassword(request.staff, request.params.id)),
  );
  route(app, 'admin.staffSessions', docs("A member's live sessions"), async (request) =>
    ok(await staffManagement.sessions(request.params.id)),
  );
  route(app, 'admin.revokeStaffSessions', docs('Ends every session of a member'), async (request) =>
    ok(await staffManagement.revokeSessions(request.staff, request.params.id)),
  );
};
