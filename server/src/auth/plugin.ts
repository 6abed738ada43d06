import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AccountMode } from '@swx/shared/contract';
import type { Customer } from '../platform/owned';
import { authenticateFirst, bearerToken } from '../staff/staff-auth';
import { repeatGuardPlugin } from '../guards/request-claims';
import { AppError } from '../http/errors';
import { errors } from '@swx/shared/contract';

/** The signed-in customer of a request and the account set (real or demo) it acts on. */
export type { Customer } from '../platform/owned';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for customer routes: sets `request.customer` or answers 401. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler for routes open to guests: sets `request.customer` when a valid token is sent, else null. */
    authenticateOptional: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null on routes without it (and for guests under `authenticateOptional`). */
    customer: Customer;
    /** The SHA-256 of the request's session token, for sign-out and "sign out other sessions". */
    sessionTokenHash: string | null;
  }
}

/** `virtually: YES` acts on the real account set, `virtually: NO` on the demo one (docs/product.md, the API). */
function modeFromHeader(request: FastifyRequest): AccountMode | undefined {
  const header = request.headers.virtually;
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
  return value === 'YES' ? 'real' : value === 'NO' ? 'demo' : undefined;
}

async function identify(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const token = bearerToken(request);
  const agent = request.headers['user-agent'];
  const owner = token ? await app.services.auth.sessionOwner(token, agent ?? '') : null;
  if (!owner) return false;
  request.customer = { userId: owner.userId, mode: modeFromHeader(request) ?? owner.accountMode };
  request.sessionTokenHash = owner.tokenHash;
  return true;
}

/**
 * Decorates the customer scope with `authenticate`, `authenticateOptional` and `guardRepeat`. Wrapped with
 * fastify-plugin so the decorators land on the enclosing /swx/customer scope and every customer plugin
 * registered after it can use them: it is the first entry of `customerRoutes`.
 */
export const customerAuth = fp(
  async (app) => {
    // Cookies: the device cookie of sign-in (auth/device.ts) and the social sign-in state (oidc/state-cookie.ts).
    await app.register(cookie);
    app.decorateRequest('customer', null as unknown as Customer);
    app.decorateRequest('sessionTokenHash', null);
    app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      if (!(await identify(app, request))) throw new AppError(errors.unauthorised);
    });
    app.decorate('authenticateOptional', async function authenticateOptional(request: FastifyRequest) {
      await identify(app, request);
    });
    // Routes authenticate before they validate: a guest's malformed body answers 401, not 400.
    app.addHook('onRoute', (route) => authenticateFirst(route, app.authenticate));
    await app.register(repeatGuardPlugin, { guard: app.services.submissionGuard });
  },
  { name: 'swx-customer-auth' },
);
