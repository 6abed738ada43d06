import type { FastifyPluginAsync } from 'fastify';

import { ok } from '../http/envelope';
import { route } from '../http/route';

const tags = ['notifications'];

/** The customer's notifications: list, unread count for the bell, mark as read. New ones arrive live. */
export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  const { notifications } = app.services;
  const auth = { preValidation: app.authenticate };

  route(
    app,
    'notifications.list',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Notifications, newest first, with the unread count',
      },
    },
    async (request) =>
      ok(await notifications.list(request.customer.userId, request.query.page, request.query.pageSize)),
  );

  route(
    app,
    'notifications.unreadCount',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Unread notifications, for the bell',
      },
    },
    async (request) => ok({ unread: await notifications.unreadCount(request.customer.userId) }),
  );

  route(
    app,
    'notifications.markRead',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Marks notifications read: `ids`, or `all: true`',
      },
    },
    async (request) => ok(await notifications.markRead(request.customer.userId, request.body)),
  );
};
