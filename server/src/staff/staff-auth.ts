import type {
  FastifyPluginAsync,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { AppError } from '../http/errors';
import type { StaffSessionIdentity } from './staff';
import { errors, routes, type RouteSpec } from '@swx/shared/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The staff check, run before parsing on every staff route but the sign-in steps (added by this plugin,
     * whether the route names it or not): sets `request.staff`, or answers 401 without a live session,
     * `staffPasswordChangeRequired` while the temporary password is unchanged (except on the `password`
     * gate's routes), `staffTotpEnrolmentRequired` before two-factor is on (except on enrolment routes) and
     * `staffRoleMissing` when the member holds none of the route's roles (the route map's `roles`).
     */
    authenticateStaff: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticateStaff`; null on routes without it. */
    staff: StaffSessionIdentity;
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

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  Array.isArray(hooks) ? hooks : hooks === undefined ? [] : [hooks];

/**
 * Routes authenticate before they validate: an unauthenticated request must learn nothing about the API (not
 * even that its body is wrong) and must not reach the body parser. Routes keep declaring the check as a
 * `preValidation` or `preHandler` hook (the readable place); this moves it to `onRequest`, which runs before
 * parsing and validation. Used for customer routes by the customer auth plugin; staff routes get the staff
 * check from `guardStaffRoute` whether they declare it or not.
 */
export function authenticateFirst(route: RouteOptions, check: preHandlerAsyncHookHandler): void {
  const preHandlers = asList(route.preHandler);
  const preValidations = asList(route.preValidation);
  if (!preHandlers.includes(check) && !preValidations.includes(check)) return;
  route.preHandler = preHandlers.filter((hook) => hook !== check);
  route.preValidation = preValidations.filter((hook) => hook !== check) as RouteOptions['preValidation'];
  route.onRequest = [check as unknown as onRequestAsyncHookHandler, ...asList(route.onRequest)];
}

/** The route-map entry a staff route was registered from (`route()` records the key in the route's config). */
function staffSpecOf(config: { routeKey?: string } | undefined): RouteSpec | undefined {
  const key = config?.routeKey;
  const spec = key ? (routes as Record<string, RouteSpec>)[key] : undefined;
  return spec?.scope === 'admin' ? spec : undefined;
}

/**
 * Every staff route comes from the route map and, unless it is a sign-in step, runs the staff check first:
 * a route cannot be added to the staff scope without its roles being enforced. Fails start-up otherwise.
 */
function guardStaffRoute(route: RouteOptions, check: preHandlerAsyncHookHandler): void {
  const spec = staffSpecOf(route.config as { routeKey?: string } | undefined);
  if (!spec) throw new Error(`Staff route ${route.method} ${route.url} is not registered from the route map`);
  const preHandlers = asList(route.preHandler).filter((hook) => hook !== check);
  const preValidations = asList(route.preValidation).filter((hook) => hook !== check);
  route.preHandler = preHandlers;
  route.preValidation = preValidations as RouteOptions['preValidation'];
  if (spec.staffGate === 'signIn') return;
  route.onRequest = [check as unknown as onRequestAsyncHookHandler, ...asList(route.onRequest)];
}

/**
 * Decorates the staff scope with `authenticateStaff`. Marked skip-override (what fastify-plugin does) so the
 * decorator lands on the enclosing /swx/admin scope and every admin plugin of every domain can use it.
 */
const plugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest('staff', null as unknown as StaffSessionIdentity);
  app.decorateRequest('staffToken', '');
  app.decorate('authenticateStaff', async function authenticateStaff(request: FastifyRequest) {
    const spec = staffSpecOf(request.routeOptions.config);
    if (!spec) throw new AppError(errors.forbidden);
    const token = bearerToken(request);
    const staff = token ? await request.server.services.staff.authenticate(token) : undefined;
    if (!staff || !token) throw new AppError(errors.unauthorised);
    if (staff.passwordChangeRequired && spec.staffGate !== 'password')
      throw new AppError(errors.staffPasswordChangeRequired);
    if (!staff.totpEnabled && spec.staffGate !== 'password' && spec.staffGate !== 'enrolment')
      throw new AppError(errors.staffTotpEnrolmentRequired);
    if (!spec.roles?.some((role) => staff.roles.includes(role))) throw new AppError(errors.staffRoleMissing);
    request.staff = staff;
    request.staffToken = token;
  });
  app.addHook('onRoute', (route) => guardStaffRoute(route, app.authenticateStaff));
};
Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'swx-staff-auth',
});

export const staffAuth = plugin;
