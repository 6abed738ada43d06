import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { successes } from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { byIp, rateLimitGuard } from '../guards/rate-limits';
import { languageFromHeader } from '../mail/verification-code';
import { signInContext } from '../auth/service';
import { withRetryAfter } from '../guards/attempt-throttle';

const security = [{ token: [] }];
const tags = ['security'];
const docs = (summary: string) => ({ tags, summary, security });

const language = (request: FastifyRequest) => languageFromHeader(request.headers['accept-language']);
const sessionOf = (request: FastifyRequest) => ({
  userId: request.customer.userId,
  tokenHash: request.sessionTokenHash ?? '',
});

/** Sign-in's second step, passkey sign-in and "this was not me" (no session yet). */
export const securitySignInRoutes: FastifyPluginAsync = async (app) => {
  const { security: domain, config } = app.services;
  const limits = config.authRateLimits;
  const perIp = (name: string) => rateLimitGuard(app, [{ name, limit: limits.loginPerIp, keyOf: byIp }]);
  const secondFactorLimits = await perIp('second-factor-ip');
  const passkeyLimits = await perIp('passkey-ip');
  const notMeLimits = await perIp('not-me-ip');

  route(
    app,
    'auth.secondFactor',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in, second step: the ticket and an authenticator code, a recovery code or a passkey',
      },
      preHandler: [secondFactorLimits],
    },
    async (request, reply) =>
      ok(await withRetryAfter(reply, () => domain.signIn.finishSecondFactor(request.body))),
  );
  route(
    app,
    'auth.secondFactorPasskey',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign-in, second step: a passkey ceremony for the ticket's customer",
      },
      preHandler: [secondFactorLimits],
    },
    async (request) => ok(await domain.signIn.secondFactorPasskey(request.body.ticket)),
  );
  route(
    app,
    'auth.passkeyOptions',
    {
      schema: { tags: ['auth'], summary: 'Start signing in with a passkey (any passkey registered here)' },
      preHandler: [passkeyLimits],
    },
    async () => ok(await domain.signIn.passkeyOptions()),
  );
  route(
    app,
    'auth.passkeyLogin',
    {
      schema: { tags: ['auth'], summary: 'Sign in with a passkey: user verification required, no password' },
      preHandler: [passkeyLimits],
    },
    async (request, reply) =>
      ok(await domain.signIn.passkeySignIn(request.body.passkey, signInContext(request, reply, 'passkey'))),
  );
  route(
    app,
    'auth.notMe',
    {
      schema: {
        tags: ['auth'],
        summary: "The new-device e-mail's link: signs out every session and locks withdrawals",
      },
      preHandler: [notMeLimits],
    },
    async (request) => ok(await domain.signIn.notMeByToken(request.body.token, language(request))),
  );
};

/** The Security page (`/profile/security`): everything under /user/security, signed in. */
export const securityRoutes: FastifyPluginAsync = async (app) => {
  const { security: domain } = app.services;
  const signedIn = { preValidation: app.authenticate };
  const stepUpLimits = await rateLimitGuard(app, [
    { name: 'step-up-ip', limit: app.services.config.authRateLimits.loginPerIp, keyOf: byIp },
  ]);

  route(
    app,
    'security.overview',
    { ...signedIn, schema: docs('Two-factor, passkeys, lock, settings') },
    async (request) => ok(await domain.overview(sessionOf(request))),
  );
  route(
    app,
    'security.stepUpStatus',
    {
      ...signedIn,
      schema: docs('How this customer confirms a sensitive action, and until when the last proof counts'),
    },
    async (request) => ok(await domain.stepUp.status(sessionOf(request))),
  );
  route(
    app,
    'security.stepUpStart',
    {
      ...signedIn,
      preHandler: [stepUpLimits],
      schema: docs('Send the e-mailed code, or start a passkey ceremony'),
    },
    async (request) =>
      ok(await domain.stepUp.start(sessionOf(request), request.body.method, language(request))),
  );
  route(
    app,
    'security.stepUp',
    {
      ...signedIn,
      preHandler: [stepUpLimits],
      schema: docs('Prove a second factor for this session (step-up)'),
    },
    async (request, reply) =>
      ok(await withRetryAfter(reply, () => domain.stepUp.verify(sessionOf(request), request.body))),
  );
  route(
    app,
    'security.totpEnrol',
    { ...signedIn, schema: docs('Start two-factor: a new secret and its QR code for the authenticator app') },
    async (request) => ok(await domain.enrolTotp(request.customer.userId)),
  );
  route(
    app,
    'security.totpConfirm',
    {
      ...signedIn,
      schema: docs('The first code turns two-factor on; answers ten recovery codes, shown once'),
    },
    async (request, reply) =>
      ok(
        await withRetryAfter(reply, () =>
          domain.confirmTotp(sessionOf(request), request.body.code, language(request)),
        ),
      ),
  );
  route(
    app,
    'security.totpDisable',
    { ...signedIn, schema: docs('Turn two-factor off with a current code; withdrawals lock for a while') },
    async (request, reply) => {
      await withRetryAfter(reply, () =>
        domain.disableTotp(request.customer.userId, request.body.code, language(request)),
      );
      return ok(null, successes.modified);
    },
  );
  route(
    app,
    'security.recoveryCodes',
    {
      ...signedIn,
      preHandler: app.stepUp('recoveryCodes'),
      schema: docs('New recovery codes (the old ones stop working)'),
    },
    async (request) => ok(await domain.regenerateRecoveryCodes(request.customer.userId, language(request))),
  );
  route(
    app,
    'security.passkeyOptions',
    { ...signedIn, preHandler: app.stepUp('addPasskey'), schema: docs('Start registering a passkey') },
    async (request) => ok(await domain.passkeyOptions(request.customer.userId)),
  );
  route(
    app,
    'security.addPasskey',
    { ...signedIn, preHandler: app.stepUp('addPasskey'), schema: docs('Register the passkey under a name') },
    async (request) =>
      ok(
        await domain.addPasskey(
          request.customer.userId,
          request.body.passkey,
          request.body.name,
          language(request),
        ),
      ),
  );
  route(app, 'security.renamePasskey', { ...signedIn, schema: docs('Rename a passkey') }, async (request) =>
    ok(await domain.renamePasskey(request.customer.userId, request.body.id, request.body.name)),
  );
  route(
    app,
    'security.removePasskey',
    { ...signedIn, preHandler: app.stepUp('removePasskey'), schema: docs('Remove a passkey') },
    async (request) =>
      ok(await domain.removePasskey(request.customer.userId, request.body.id, language(request))),
  );
  route(
    app,
    'security.addresses',
    { ...signedIn, schema: docs('The withdrawal address book, whitelist mode and any withdrawal lock') },
    async (request) => ok(await domain.addressBook(request.customer.userId)),
  );
  route(
    app,
    'security.addAddress',
    {
      ...signedIn,
      preHandler: [app.stepUp('addWithdrawalAddress'), app.guardRepeat],
      schema: docs('Add a withdrawal address; its confirmation code is e-mailed'),
    },
    async (request) => ok(await domain.addAddress(request.customer.userId, request.body, language(request))),
  );
  route(
    app,
    'security.confirmAddress',
    {
      ...signedIn,
      schema: docs('Confirm an address with its e-mailed code: usable after the cooling-off period'),
    },
    async (request) =>
      ok(await domain.confirmAddress(request.customer.userId, request.body.id, request.body.code)),
  );
  route(
    app,
    'security.resendAddressCode',
    { ...signedIn, preHandler: [stepUpLimits], schema: docs("E-mail an unconfirmed address's code again") },
    async (request) => {
      await domain.resendAddressCode(request.customer.userId, request.body.id, language(request));
      return ok(null);
    },
  );
  route(
    app,
    'security.removeAddress',
    { ...signedIn, schema: docs('Remove a withdrawal address') },
    async (request) => ok(await domain.removeAddress(request.customer.userId, request.body.id)),
  );
  route(
    app,
    'security.whitelist',
    { ...signedIn, schema: docs('Whitelist mode on, or off (a fresh second factor first)') },
    async (request) => {
      if (!request.body.enabled) await domain.stepUp.require(sessionOf(request), 'whitelistOff');
      return ok(await domain.setWhitelist(request.customer.userId, request.body.enabled, language(request)));
    },
  );
  route(
    app,
    'security.antiPhishing',
    {
      ...signedIn,
      preHandler: app.stepUp('antiPhishing'),
      schema: docs('Set or remove the anti-phishing code'),
    },
    async (request) =>
      ok(await domain.setAntiPhishing(sessionOf(request), request.body.code, language(request))),
  );
  route(
    app,
    'security.emailCode',
    {
      ...signedIn,
      preHandler: [app.stepUp('changeEmail'), stepUpLimits],
      schema: docs('E-mail a code to the new address'),
    },
    async (request) => {
      await domain.sendEmailCode(request.customer.userId, request.body.email, language(request));
      return ok(null);
    },
  );
  route(
    app,
    'security.changeEmail',
    {
      ...signedIn,
      preHandler: app.stepUp('changeEmail'),
      schema: docs('Change the e-mail address with its code'),
    },
    async (request) =>
      ok(
        await domain.changeEmail(
          request.customer.userId,
          request.body.email,
          request.body.code,
          language(request),
        ),
        successes.modified,
      ),
  );
  route(
    app,
    'security.sessions',
    { ...signedIn, schema: docs('Signed-in sessions and their devices') },
    async (request) => ok(await domain.sessions(request.customer.userId, request.sessionTokenHash ?? '')),
  );
  route(
    app,
    'security.revokeSession',
    { ...signedIn, schema: docs('Sign one session out') },
    async (request) =>
      ok(
        await domain.revokeSession(request.customer.userId, request.sessionTokenHash ?? '', request.body.id),
      ),
  );
  route(
    app,
    'security.revokeOtherSessions',
    { ...signedIn, schema: docs('Sign out every session but this one') },
    async (request) =>
      ok(await domain.revokeOtherSessions(request.customer.userId, request.sessionTokenHash ?? '')),
  );
  route(
    app,
    'security.history',
    { ...signedIn, schema: docs('Sign-ins of the last 90 days, refusals included') },
    async (request) => ok(await domain.signIn.history(request.customer.userId)),
  );
  route(
    app,
    'security.changes',
    { ...signedIn, schema: docs('Changes to the account security, last 90 days') },
    async (request) => ok(await domain.notices.list(request.customer.userId, 90)),
  );
  route(
    app,
    'security.notMe',
    {
      ...signedIn,
      schema: docs('This was not me: sign out every session (this one too) and lock withdrawals'),
    },
    async (request) => ok(await domain.signIn.notMe(request.customer.userId, language(request))),
  );
};

/** Staff: a customer's security, and requests to lift a lock or reset factors (four eyes). */
export const securityAdminRoutes: FastifyPluginAsync = async (app) => {
  const { securityStaff } = app.services;
  const preHandler = app.authenticateStaff;
  const staffDocs = (summary: string) => ({ tags: ['staff'], summary, security });
  route(
    app,
    'admin.customerSecurity',
    { preHandler, schema: staffDocs("A customer's second factors, lock and requests") },
    async (request) => ok(await securityStaff.customer(request.params.id)),
  );
  route(
    app,
    'admin.requestSecurityAction',
    {
      preHandler,
      schema: staffDocs('Ask to lift a withdrawal lock or reset lost factors; a second member approves'),
    },
    async (request) =>
      ok(
        await securityStaff.request(
          request.staff,
          request.params.id,
          request.body.action,
          request.body.reason,
        ),
      ),
  );
  route(
    app,
    'admin.securityRequests',
    { preHandler, schema: staffDocs('Security requests, newest first') },
    async (request) => ok(await securityStaff.list(request.query)),
  );
  route(
    app,
    'admin.approveSecurityRequest',
    { preHandler, schema: staffDocs('Approve and carry out a security request (never by its requester)') },
    async (request) => ok(await securityStaff.approve(request.staff, request.params.id)),
  );
  route(
    app,
    'admin.rejectSecurityRequest',
    { preHandler, schema: staffDocs('Turn a security request down') },
    async (request) => ok(await securityStaff.reject(request.staff, request.params.id, request.body.reason)),
  );
};
