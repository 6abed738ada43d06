import type { FastifyPluginAsync } from 'fastify';

import { ok } from '../http/envelope';
import { route } from '../http/route';

/** Invite friends: the customer's code, link, QR code, friends and rewards. */
export const invitesRoutes: FastifyPluginAsync = async (app) => {
  const { invites } = app.services;
  route(
    app,
    'invites.summary',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['invites'],
        summary: 'Invite code, registration link and its QR code, friends (masked) and rewards earned',
      },
    },
    async (request) => ok(await invites.summary(request.customer.userId)),
  );
};
