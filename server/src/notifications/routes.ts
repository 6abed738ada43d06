import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  EnvelopeOf,
  MarkReadBody,
  MarkReadResult,
  NotificationPage,
  NotificationsQuery,
  UnreadCount,
} from '@swx/shared/contract';
import { ok } from '../http/envelope';

const tags = ['notifications'];

/** The customer's notifications: list, unread count for the bell, mark as read. New ones arrive live. */
export const notificationsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { notifications } = app.services;
  const auth = { preValidation: app.authenticate };

  app.get(
    '/user/notifications',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Notifications, newest first, with the unread count',
        querystring: NotificationsQuery,
        response: { 200: EnvelopeOf(NotificationPage) },
      },
    },
    async (request) =>
      ok(await notifications.list(request.customer.userId, request.query.page, request.query.pageSize)),
  );

  app.get(
    '/user/notifications/unreadCount',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Unread notifications, for the bell',
        response: { 200: EnvelopeOf(UnreadCount) },
      },
    },
    async (request) => ok({ unread: await notifications.unreadCount(request.customer.userId) }),
  );

  app.post(
    '/user/notifications/read',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Marks notifications read: `ids`, or `all: true`',
        body: MarkReadBody,
        response: { 200: EnvelopeOf(MarkReadResult) },
      },
    },
    async (request) => ok(await notifications.markRead(request.customer.userId, request.body)),
  );
};
