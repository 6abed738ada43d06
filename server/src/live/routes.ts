import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { LiveClient } from './hub';

const TOKEN_MAX_LENGTH = 512;
import { errors } from '@swx/shared/contract';

/**
 * `/message`: the one websocket. Prices arrive as JSON arrays of `{code, price, zdf, time}`. A customer
 * signs the socket in with a first message `{op: 'auth', token}` (answered `{type: 'auth', ok: true}`); the
 * socket then also carries their account events as JSON objects `{type, ...}`. A token that does not verify
 * gets an error object and close code 4401, so the client knows to sign in again.
 *
 * The older `?token=` in the URL is still accepted so that a page loaded before this change keeps working,
 * but it is deprecated: URLs end up in proxy and browser histories. Our own logs redact it (see
 * `http/log-redaction.ts`).
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  const live = app.services.live;
  const signIn = async (client: LiveClient, token: unknown, acknowledge: boolean) => {
    if (client.userId !== undefined) return live.hub.sendError(client, 'already signed in');
    const owner =
      typeof token === 'string' && token.length > 0 && token.length <= TOKEN_MAX_LENGTH
        ? await app.services.auth.verifyToken(token).catch(() => null)
        : null;
    if (!owner) {
      live.hub.sendError(client, 'Unauthorised, please log in', errors.unauthorised);
      live.hub.remove(client);
      client.socket.close(4401, 'unauthorised');
      return;
    }
    live.hub.identify(client, owner.userId, owner.session);
    // Only the auth message is acknowledged: a page still using `?token=` does not know this frame.
    if (acknowledge) live.hub.sendJson(client, { type: 'auth', ok: true });
  };
  live.hub.handle('auth', (client, message) => signIn(client, message.token, true));

  app.get(
    '/message',
    {
      websocket: true,
      schema: {
        tags: ['live'],
        summary:
          'Live prices and account events (websocket); sign in with a first message {op: "auth", token}',
        querystring: Type.Object({
          token: Type.Optional(
            Type.String({ maxLength: TOKEN_MAX_LENGTH, description: 'Deprecated: send an auth message' }),
          ),
        }),
      },
    },
    async (socket, request) => {
      const client = live.hub.add(socket);
      const token = (request.query as { token?: string }).token;
      if (token) await signIn(client, token, false);
    },
  );
};
