import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { errors } from '@swx/shared/contract';

/**
 * `/message`: the one websocket. Prices arrive as JSON arrays of `{code, price, zdf, time}`; with
 * `?token=` the socket also carries the customer's account events as JSON objects `{type, ...}`. A token
 * that does not verify gets an error object and close code 4401, so the client knows to sign in again.
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  const live = app.services.live;
  app.get(
    '/message',
    {
      websocket: true,
      schema: {
        tags: ['live'],
        summary: 'Live prices and account events (websocket)',
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 512 })) }),
      },
    },
    async (socket, request) => {
      const client = live.hub.add(socket);
      const token = (request.query as { token?: string }).token;
      if (!token) return;
      const owner = await app.services.auth.verifyToken(token).catch(() => null);
      if (!owner) {
        live.hub.remove(client);
        socket.send(
          JSON.stringify({
            type: 'error',
            code: errors.unauthorised,
            message: 'Unauthorised, please log in',
          }),
        );
        socket.close(4401, 'unauthorised');
        return;
      }
      live.hub.identify(client, owner.userId);
    },
  );
};
