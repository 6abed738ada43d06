import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const security = [{ token: [] }];
const docs = (summary: string) => ({ schema: { tags: ['staff'], summary, security } });

/** Staff management under /swx/admin/staff: the admin role only (the route map's `roles`). */
export const staffManagementRoutes: FastifyPluginAsync = async (app) => {
  const { staffManagement } = app.services;

  route(app, 'admin.staffList', docs('Every staff member with roles and two-factor state'), async () =>
    ok(await staffManagement.list()),
  );
  route(
    app,
    'admin.createStaff',
    docs(
      'Creates a staff member with a temporary password and roles; they enrol two-factor at first sign-in',
    ),
    async (request) => ok(await staffManagement.create(request.staff, request.body)),
  );
  route(
    app,
    'admin.setStaffRoles',
    docs("Replaces a member's roles; nobody removes their own admin role, and the last admin keeps it"),
    async (request) =>
      ok(await staffManagement.setRoles(request.staff, request.params.id, request.body.roles)),
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
    docs("Turns a member's two-factor off (lost phone): their sessions end and they enrol again"),
    async (request) => ok(await staffManagement.resetTotp(request.staff, request.params.id)),
  );
};
