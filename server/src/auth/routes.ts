import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { successes, errors } from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { AppError } from '../http/errors';
import { byIp, rateLimitGuard } from '../guards/rate-limits';
import { languageFromHeader } from '../mail/verification-code';
import { AttemptThrottle, Throttled } from '../guards/attempt-throttle';

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
  const signInThrottle = new AttemptThrottle({
    freeFailures: limits.loginPerAccount.max,
    firstLockMs: limits.loginPerAccount.windowMs,
    clock: auth.clock,
  });
  const oldPasswordThrottle = new AttemptThrottle({
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
    async (request) => ok(await auth.register(request.body)),
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
          auth.login(request.body.account, request.body.password, {
            throttle: signInThrottle,
            address: request.ip,
          }),
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
      if (oldPassword !== undefined) {
        if (email !== undefined || code !== undefined)
          throw new AppError(errors.invalidRequest, 'Send either oldPassword or email and code');
        if (!request.customer || !request.sessionTokenHash) throw new AppError(errors.unauthorised);
        const owner = { userId: request.customer.userId, tokenHash: request.sessionTokenHash };
        await withRetryAfter(reply, () =>
          auth.changePassword(owner, { oldPassword, password, confirmPassword }, oldPasswordThrottle),
        );
      } else {
        if (email === undefined) throw new AppError(errors.accountRequired);
        if (code === undefined) throw new AppError(errors.verificationCodeWrong);
        await auth.resetPassword({ email, code, password, confirmPassword });
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

/** Runs `action`; a throttled try answers 429 with `Retry-After`. */
export async function withRetryAfter<T>(reply: FastifyReply, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof Throttled) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
