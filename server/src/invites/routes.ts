import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EnvelopeOf, InviteSummary } from '@swx/shared/contract';
import { ok } from '../http/envelope';

/** Invite friends: the customer's code, link, QR code, friends and rewards. */
export const invitesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { invites } = app.services;
  app.get(
    '/user/invite',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['invites'],
        summary: 'Invite code, registration link and its QR code, friends (masked) and rewards earned',
        response: { 200: EnvelopeOf(InviteSummary) },
      },
    },
    async (request) => ok(await invites.summary(request.customer.userId)),
  );
};
