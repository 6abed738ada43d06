import type { FastifyPluginAsync } from 'fastify';
import { successes } from '@swx/shared/contract';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { byIp, rateLimitGuard } from '../../guards/rate-limits';
import { passwordThrottle, withRetryAfter } from '../routes';
import { signInContext } from '../device';
import { bindStateToBrowser, browserHoldsState, forgetState } from './state-cookie';

const security = [{ token: [] }];

/** Social sign-in (OpenID Connect): docs/decisions.md, "Social sign-in"; docs/configuration.md for operators. */
export const oidcRoutes: FastifyPluginAsync = async (app) => {
  const { oidc, config } = app.services;
  const limits = config.authRateLimits;
  // Starting and finishing cost a provider round trip each; both count against the sign-in limit per address.
  const startLimits = await rateLimitGuard(app, [
    { name: 'social-start-ip', limit: limits.loginPerIp, keyOf: byIp },
  ]);
  const finishLimits = await rateLimitGuard(app, [
    { name: 'social-finish-ip', limit: limits.loginPerIp, keyOf: byIp },
  ]);
  const registerLimits = await rateLimitGuard(app, [
    { name: 'social-register-ip', limit: limits.registerPerIp, keyOf: byIp },
  ]);
  const confirmLimits = await rateLimitGuard(app, [
    { name: 'social-confirm-ip', limit: limits.loginPerIp, keyOf: byIp },
  ]);
  // Confirming a link is a password guess against an existing account: the same per-account brake as sign-in.
  const confirmThrottle = passwordThrottle(app);

  route(
    app,
    'social.providers',
    {
      schema: { tags: ['auth'], summary: 'The configured social sign-in providers (name and button label)' },
    },
    async () => ok(oidc.providers()),
  );

  route(
    app,
    'social.start',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Start signing in with a provider: answers the URL to send the browser to (PKCE, state, nonce)',
      },
      preHandler: [startLimits],
    },
    async (request, reply) => {
      const started = await oidc.start(request.params.provider, request.body?.returnTo);
      bindStateToBrowser(request, reply, started.stateHash);
      return ok({ authorizationUrl: started.authorizationUrl });
    },
  );

  route(
    app,
    'social.finish',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Finish with the provider's answer (the callback page's query string): signed in, or what is still needed",
      },
      preHandler: [finishLimits, app.authenticateOptional],
    },
    async (request, reply) => {
      const answer = await oidc.finish(
        request.params.provider,
        request.body.callback,
        request.customer?.userId ?? null,
        (stateHash) => browserHoldsState(request, stateHash),
        signInContext(request, reply, 'provider', request.params.provider.toLowerCase()),
      );
      forgetState(reply, request.body.callback);
      return ok(answer);
    },
  );

  route(
    app,
    'social.register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Open an account for a new provider identity with a chosen username',
      },
      preHandler: [registerLimits, app.guardRepeat],
    },
    async (request, reply) =>
      ok(
        await oidc.register(
          request.body.ticket,
          request.body.username,
          signInContext(request, reply, 'provider'),
        ),
      ),
  );

  route(
    app,
    'social.confirmLink',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Link a provider identity to the account with its verified e-mail, after that account's password",
      },
      preHandler: [confirmLimits, app.guardRepeat],
    },
    async (request, reply) =>
      ok(
        await withRetryAfter(reply, () =>
          oidc.confirmLink(
            request.body.ticket,
            request.body.password,
            { throttle: confirmThrottle, address: request.ip },
            signInContext(request, reply, 'provider'),
          ),
        ),
      ),
  );

  route(
    app,
    'social.identities',
    {
      schema: {
        tags: ['auth'],
        summary: 'Linked providers, whether a password is set, providers to link',
        security,
      },
      preHandler: [app.authenticate],
    },
    async (request) => ok(await oidc.identities(request.customer.userId)),
  );

  route(
    app,
    'social.link',
    {
      schema: { tags: ['auth'], summary: 'Start linking a provider to the signed-in customer', security },
      preHandler: [app.authenticate, startLimits, app.stepUp('linkSocial')],
    },
    async (request, reply) => {
      const started = await oidc.start(
        request.params.provider,
        request.body?.returnTo,
        request.customer.userId,
      );
      bindStateToBrowser(request, reply, started.stateHash);
      return ok({ authorizationUrl: started.authorizationUrl });
    },
  );

  route(
    app,
    'social.unlink',
    {
      schema: {
        tags: ['auth'],
        summary: 'Remove a linked provider; the last way to sign in cannot be removed (a password counts)',
        security,
      },
      preHandler: [app.authenticate, app.stepUp('unlinkSocial')],
    },
    async (request) =>
      ok(await oidc.unlink(request.customer.userId, request.params.provider), successes.modified),
  );
};
