import type { FastifyPluginAsync } from 'fastify';
import { byIp, rateLimitGuard } from '../guards/rate-limits';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { withRetryAfter } from '../guards/attempt-throttle';

const security = [{ token: [] }];
const docs = (summary: string) => ({ schema: { tags: ['staff'], summary, security } });

/**
 * A staff member's own credentials under /swx/admin: the password (the forced first change, their own
 * change, and the second half of an admin's reset link), recovery codes, the e-mailed code that re-enrolment
 * needs after an admin reset two-factor, and their sessions.
 */
export const staffCredentialRoutes: FastifyPluginAsync = async (app) => {
  const { staff, config } = app.services;
  const byAddress = await rateLimitGuard(app, [
    { name: 'staff-reset-ip', limit: config.authRateLimits.loginPerIp, keyOf: byIp },
  ]);

  route(
    app,
    'admin.changePassword',
    docs(
      'Changes the caller’s password (the current one, then a new one: 10+ characters, letters and digits, zxcvbn score 3); other sessions end',
    ),
    async (request, reply) => {
      await withRetryAfter(reply, () =>
        staff.credentials.changePassword(request.staff.staffId, request.body, request.staffToken),
      );
      return ok(await staff.me(request.staff));
    },
  );

  route(
    app,
    'admin.completePasswordReset',
    {
      preHandler: byAddress,
      schema: {
        tags: ['staff'],
        summary:
          'Sets a new password with the token of an e-mailed reset link (24 hours, once); every session of the member ends',
      },
    },
    async (request) => {
      await staff.credentials.completeReset(request.body.token, request.body.newPassword);
      return ok(null);
    },
  );

  route(
    app,
    'admin.totpEnrolCode',
    docs('After an admin reset two-factor: e-mails the code that enrolling again needs (with the password)'),
    async (request) => ok(await staff.credentials.sendEnrolmentCode(request.staff.staffId)),
  );

  route(
    app,
    'admin.regenerateRecoveryCodes',
    docs('Ten new recovery codes for a code from the app; the old ones stop working'),
    async (request, reply) =>
      ok(await withRetryAfter(reply, () => staff.regenerateRecoveryCodes(request.staff, request.body.code))),
  );

  route(app, 'admin.mySessions', docs('The caller’s live sessions'), async (request) =>
    ok(await staff.listSessions(request.staff, request.staffToken)),
  );

  route(app, 'admin.revokeMySession', docs('Ends one of the caller’s sessions'), async (request) =>
    ok(await staff.revokeSession(request.staff, request.params.id)),
  );
};
