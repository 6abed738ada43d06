import type {
  FastifyPluginAsync,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { AttemptThrottle, Throttled } from '../guards/attempt-throttle';
import { AppError } from '../http/errors';
import type { StaffIdentity } from './staff';
import { errors } from '@swx/shared/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for staff routes: sets `request.staff` or answers 401. */
    authenticateStaff: preHandlerAsyncHookHandler;
    /**
     * preHandler for the staff sign-in: tries are counted per username and address together (a growing
     * wait after a few failures, 429 with Retry-After), so a stranger cannot lock a colleague out.
     */
    staffSignInThrottle: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticateStaff`; null on routes without it. */
    staff: StaffIdentity;
    staffToken: string;
    /** The throttle key of a staff sign-in being tried; cleared from the throttle when it succeeds. */
    staffSignInKey: string | null;
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
 * parsing and validation. Used for staff routes here and for customer routes by the customer auth plugin.
 */
export function authenticateFirst(route: RouteOptions, check: preHandlerAsyncHookHandler): void {
  const preHandlers = asList(route.preHandler);
  const preValidations = asList(route.preValidation);
  if (!preHandlers.includes(check) && !preValidations.includes(check)) return;
  route.preHandler = preHandlers.filter((hook) => hook !== check);
  route.preValidation = preValidations.filter((hook) => hook !== check) as RouteOptions['preValidation'];
  route.onRequest = [check as unknown as onRequestAsyncHookHandler, ...asList(route.onRequest)];
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
  app.addHook('onRoute', (route) => authenticateFirst(route, app.authenticateStaff));

  const limit = app.services.config.authRateLimits.loginPerAccount;
  const throttle = new AttemptThrottle({ freeFailures: limit.max, firstLockMs: limit.windowMs });
  app.decorateRequest('staffSignInKey', null);
  app.decorate('staffSignInThrottle', async function staffSignInThrottle(request, reply) {
    const username = (request.body as { username?: unknown } | undefined)?.username;
    const key = `${typeof username === 'string' ? username.trim().toLowerCase() : ''}|${request.ip}`;
    try {
      throttle.begin(key);
    } catch (error) {
      if (error instanceof Throttled) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
    request.staffSignInKey = key;
  });
  // The try was counted as failed when it began; only a signed-in answer clears it.
  app.addHook('onResponse', async (request, reply) => {
    if (request.staffSignInKey !== null && reply.statusCode === 200)
      throttle.succeeded(request.staffSignInKey);
  });
};
Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'swx-staff-auth',
});

export const staffAuth = plugin;
