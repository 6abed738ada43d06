import { makeAutoObservable } from 'mobx';

/** An account event as the socket delivers it: `{type, ...}` (order filled, review result, notification…). */
export interface AccountEvent {
  type: string;
  [field: string]: unknown;
}

/** A notification pushed over the socket. Fields beyond `type` are the server's (id, title, body, time). */
export interface AccountNotification extends AccountEvent {
  type: 'notification';
  id?: string;
  title?: string;
  body?: string;
  createdAt?: string;
}

export function isNotificationEvent(event: AccountEvent): event is AccountNotification {
  return event.type === 'notification';
}

/**
 * What the bell shows. New notifications arrive over the socket while the customer is here; the server's
 * list and its unread count load through `setUnreadCount`/`replace` (the notifications screen's calls).
 */
export class NotificationsStore {
  items: AccountNotification[] = [];
  unreadCount = 0;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  push(notification: AccountNotification): void {
    if (notification.id !== undefined && this.items.some((item) => item.id === notification.id)) return;
    this.items.unshift(notification);
    this.unreadCount += 1;
  }

  replace(items: AccountNotification[], unreadCount: number): void {
    this.items = items;
    this.unreadCount = unreadCount;
  }

  setUnreadCount(count: number): void {
    this.unreadCount = Math.max(0, count);
  }

  markAllRead(): void {
    this.unreadCount = 0;
  }

  clear(): void {
    this.items = [];
    this.unreadCount = 0;
  }
}
