import type { FastifyPluginAsync } from 'fastify';
import { successes } from '@swx/shared/contract';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { byIp, rateLimitGuard } from '../../guards/rate-limits';
import { signInContext } from '../device';

const security = [{ token: [] }];

/**
 * Wallet sign-in, Sign-In with Ethereum (docs/decisions.md): nonce, sign-in, sign-up of a new address, and
 * the customer's linked wallets. Each endpoint has its own per-address counters, at the sign-in and sign-up
 * limits the operator configured for the password endpoints.
 */
export const walletRoutes: FastifyPluginAsync = async (app) => {
  const { wallet, config } = app.services;
  const limits = config.authRateLimits;
  const perIp = (name: string, limit = limits.loginPerIp) =>
    rateLimitGuard(app, [{ name, limit, keyOf: byIp }]);
  const nonceLimits = await perIp('wallet-nonce-ip');
  const loginLimits = await perIp('wallet-login-ip');
  const registerLimits = await perIp('wallet-register-ip', limits.registerPerIp);
  const linkLimits = await perIp('wallet-link-ip');

  route(
    app,
    'wallet.nonce',
    {
      schema: {
        tags: ['auth'],
        summary: 'A single-use nonce (valid 5 minutes) for a Sign-In with Ethereum (EIP-4361) message',
      },
      preHandler: [nonceLimits],
    },
    async () => ok(await wallet.issueNonce()),
  );

  route(
    app,
    'wallet.login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with a signed EIP-4361 message; an address no account has linked answers a sign-up ticket',
      },
      preHandler: [loginLimits],
    },
    async (request, reply) => ok(await wallet.signIn(request.body, signInContext(request, reply, 'wallet'))),
  );

  route(
    app,
    'wallet.register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create the account for a new wallet: sign-up ticket, username, e-mail and its code',
      },
      preHandler: [registerLimits, app.guardRepeat],
    },
    async (request, reply) => ok(await wallet.signUp(request.body, signInContext(request, reply, 'wallet'))),
  );

  route(
    app,
    'wallet.list',
    {
      schema: { tags: ['auth'], summary: "The signed-in customer's linked wallets", security },
      preHandler: [app.authenticate],
    },
    async (request) => ok(await wallet.list(request.customer.userId)),
  );

  route(
    app,
    'wallet.link',
    {
      schema: {
        tags: ['auth'],
        summary: 'Link a wallet to the signed-in customer with a signed EIP-4361 message',
        security,
      },
      preHandler: [app.authenticate, linkLimits, app.stepUp('linkWallet')],
    },
    async (request) => ok(await wallet.link(request.customer.userId, request.body), successes.modified),
  );

  route(
    app,
    'wallet.unlink',
    {
      schema: {
        tags: ['auth'],
        summary: 'Unlink a wallet (refused for the last one of an account without a password)',
        security,
      },
      preHandler: [app.authenticate, linkLimits, app.stepUp('unlinkWallet')],
    },
    async (request) =>
      ok(await wallet.unlink(request.customer.userId, request.body.address), successes.modified),
  );
};
