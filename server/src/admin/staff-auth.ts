import type { FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../http/errors';
import type { StaffIdentity } from './staff';
import { errors } from '@swx/shared/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for staff routes: sets `request.staff` or answers 401. */
    authenticateStaff: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticateStaff`; null on routes without it. */
    staff: StaffIdentity;
    staffToken: string;
  }
}

/** The token from `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/**
 * Decorates the staff scope with `authenticateStaff`. Marked skip-override (what fastify-plugin does) so the
 * decorator lands on the enclosing /swx/admin scope and every admin plugin of every domain can use it.
 */
const plugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest('staff', null as unknown as StaffIdentity);
  app.decorateRequest('staffToken', '');
  app.decorate('authenticateStaff', async function authenticateStaff(request: FastifyRequest) {
    const token = bearerToken(request);
    const staff = token ? await request.server.services.staff.authenticate(token) : undefined;
    if (!staff || !token) throw new AppError(errors.unauthorised);
    request.staff = staff;
    request.staffToken = token;
  });
};
Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'swx-staff-auth',
});

export const staffAuth = plugin;
