import { Type, type Static } from '@sinclair/typebox';
import { Body, Id } from './common';

/**
 * Notifications (docs/product.md, business rules). Titles and bodies are i18n keys plus parameters, so the client renders them
 * in the customer's language: `t(titleKey, params)`.
 */
export const NotificationItem = Type.Object({
  id: Id,
  /** What produced it, e.g. `deposit.approved`, `withdrawal.rejected`, `order.filled`. */
  kind: Type.String(),
  titleKey: Type.String(),
  bodyKey: Type.Union([Type.String(), Type.Null()]),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  referenceType: Type.Union([Type.String(), Type.Null()]),
  referenceId: Type.Union([Type.String(), Type.Null()]),
  read: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type NotificationItem = Static<typeof NotificationItem>;

export const NotificationsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

export const NotificationPage = Type.Object({
  items: Type.Array(NotificationItem),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  hasMore: Type.Boolean(),
  unread: Type.Integer(),
});
export type NotificationPage = Static<typeof NotificationPage>;

export const UnreadCount = Type.Object({ unread: Type.Integer() });

/** `POST /user/notifications/read`: the given ids, or all of them. */
export const MarkReadBody = Body({
  ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 200 })),
  all: Type.Optional(Type.Literal(true)),
});
export type MarkReadBody = Static<typeof MarkReadBody>;
export const MarkReadResult = Type.Object({ marked: Type.Integer(), unread: Type.Integer() });

/** The websocket account event a new notification sends. */
export interface NotificationEvent extends NotificationItem {
  type: 'notification';
}
