import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { successes, errors } from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { AppError } from '../http/errors';
import { byIp, rateLimitGuard } from '../guards/rate-limits';
import { languageFromHeader } from '../mail/verification-code';
import { withRetryAfter } from '../guards/attempt-throttle';
import { SharedAttemptThrottle } from '../guards/shared-counters';
import { signInContext } from './device';

const security = [{ token: [] }];

const emailKey = (request: FastifyRequest) => (request.body as { email: string }).email.trim().toLowerCase();

/** Sign-up, sign-in, verification codes, sessions and the customer's own record (docs/product.md, the API). */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const { auth, config } = app.services;
  const limits = config.authRateLimits;
  // Per address, whatever the account; per account only together with the address (AuthService.login),
  // so nobody can lock an owner out by failing on purpose.
  const loginLimits = await rateLimitGuard(app, [
    { name: 'login-ip', limit: limits.loginPerIp, keyOf: byIp },
  ]);
  // Counted in PostgreSQL, so guesses spread over several instances are all counted.
  const signInThrottle = passwordThrottle(app);
  const oldPasswordThrottle = new SharedAttemptThrottle(app.services.database.db, {
    name: 'old-password',
    freeFailures: limits.loginPerAccount.max,
    firstLockMs: limits.loginPerAccount.windowMs,
    clock: auth.clock,
  });
  const sendCodeLimits = await rateLimitGuard(app, [
    { name: 'send-code-ip', limit: limits.sendCodePerIp, keyOf: byIp },
    { name: 'send-code-email', limit: limits.sendCodePerEmail, keyOf: emailKey },
  ]);
  const registerLimits = await rateLimitGuard(app, [
    { name: 'register-ip', limit: limits.registerPerIp, keyOf: byIp },
  ]);

  route(
    app,
    'auth.sendCode',
    {
      schema: {
        tags: ['auth'],
        summary:
          'E-mail a 6-digit verification code (valid 10 minutes, 5 tries) for sign-up or password reset',
      },
      preHandler: [sendCodeLimits, app.guardRepeat],
    },
    async (request) => {
      const language = languageFromHeader(request.headers['accept-language']);
      await auth.sendCode(request.body.email, request.body.scene, language);
      return ok(null);
    },
  );

  route(
    app,
    'auth.register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign up with the e-mailed code; opens the real and demo accounts and signs in',
      },
      preHandler: [registerLimits, app.guardRepeat],
    },
    async (request, reply) =>
      ok(await auth.register(request.body, signInContext(request, reply, 'password'))),
  );

  route(
    app,
    'auth.login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username or e-mail and password',
      },
      preHandler: [loginLimits],
    },
    async (request, reply) =>
      ok(
        await withRetryAfter(reply, () =>
          auth.login(
            request.body.account,
            request.body.password,
            { throttle: signInThrottle, address: request.ip },
            signInContext(request, reply, 'password'),
          ),
        ),
      ),
  );

  route(
    app,
    'auth.checkName',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a username (?username=) or an e-mail address (?email=) is still free',
      },
    },
    async (request) => ok({ available: await auth.isAvailable(request.query) }),
  );

  route(
    app,
    'auth.logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the token stops working',
        security,
      },
      preHandler: [app.authenticate],
    },
    async (request) => {
      if (request.sessionTokenHash) await auth.logout(request.sessionTokenHash);
      return ok(null);
    },
  );

  route(
    app,
    'auth.userInfo',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in customer',
        security,
      },
      preHandler: [app.authenticate],
    },
    async (request) => ok(await auth.userInfo(request.customer.userId)),
  );

  route(
    app,
    'auth.repassword',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Reset a forgotten password {email, code, password, confirmPassword} (signs out everywhere), or change it ' +
          'when signed in {oldPassword, password, confirmPassword} (signs out every other session)',
      },
      preHandler: [app.authenticateOptional, app.guardRepeat],
    },
    async (request, reply) => {
      const { email, code, oldPassword, password, confirmPassword } = request.body;
      const language = languageFromHeader(request.headers['accept-language']);
      if (oldPassword !== undefined) {
        if (email !== undefined || code !== undefined)
          throw new AppError(errors.invalidRequest, 'Send either oldPassword or email and code');
        if (!request.customer || !request.sessionTokenHash) throw new AppError(errors.unauthorised);
        const owner = { userId: request.customer.userId, tokenHash: request.sessionTokenHash };
        // A signed-in change is a sensitive action: a fresh second factor first (security/step-up.ts).
        await app.services.security.stepUp.require(owner, 'changePassword');
        await withRetryAfter(reply, () =>
          auth.changePassword(
            owner,
            { oldPassword, password, confirmPassword },
            oldPasswordThrottle,
            language,
          ),
        );
      } else {
        if (email === undefined) throw new AppError(errors.accountRequired);
        if (code === undefined) throw new AppError(errors.verificationCodeWrong);
        await auth.resetPassword({ email, code, password, confirmPassword }, language);
      }
      return ok(null, successes.modified);
    },
  );

  route(
    app,
    'auth.accountMode',
    {
      schema: {
        tags: ['auth'],
        summary: 'Store which account set (real or demo) applies when a request has no `virtually` header',
        security,
      },
      preHandler: [app.authenticate],
    },
    async (request) =>
      ok(await auth.setAccountMode(request.customer.userId, request.body.mode), successes.modified),
  );

  route(
    app,
    'auth.preferences',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Store trading preferences (one-click trading: spot market orders and closes skip the review)',
        security,
      },
      preHandler: [app.authenticate],
    },
    async (request) =>
      ok(await auth.setPreferences(request.customer.userId, request.body), successes.modified),
  );
};

/**
 * The per-account brake on password guesses (sign-in, and confirming a provider link, which is the same
 * guess), counted in PostgreSQL across instances.
 */
export function passwordThrottle(app: FastifyInstance): SharedAttemptThrottle {
  const limit = app.services.config.authRateLimits.loginPerAccount;
  return new SharedAttemptThrottle(app.services.database.db, {
    name: 'password',
    freeFailures: limit.max,
    firstLockMs: limit.windowMs,
    clock: app.services.auth.clock,
  });
}

export { withRetryAfter } from '../guards/attempt-throttle';
