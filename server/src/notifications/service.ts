import { and, count, desc, inArray, isNull } from 'drizzle-orm';
import type { NotificationItem, NotificationPage } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import type { AccountEvent } from '../live/service';
import { listOwned, ownedBy, recordId } from '../platform/owned';
import type { Unit, UnitOfWork } from '../platform/unit-of-work';
import { notifications } from './tables';

export type NotificationParams = Record<string, string | number | boolean | null>;

export interface NewNotification {
  /** What produced it, e.g. `deposit.approved`, `order.filled`, `loan.due_tomorrow`. */
  kind: string;
  /** i18n key of the title, rendered by the client in the customer's language with `params`. */
  titleKey: string;
  bodyKey?: string;
  params?: NotificationParams;
  /** The business record it is about, e.g. `{ type: 'deposit', id: '42' }`. */
  reference?: { type: string; id: string };
}

/** Where new notifications are pushed live: the live service's account events. */
export interface NotificationPush {
  publishAccountEvent(userId: string, event: AccountEvent): void;
}

const userIdPattern = /^[1-9][0-9]{0,18}$/;

/**
 * The customer's notification store and its live push. Producers call `add` inside their unit of work: the
 * notification commits with the event it reports and is pushed once that commit happened, never on rollback.
 * `notify` does both for producers without a unit of their own.
 */
export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly push: NotificationPush,
    private readonly units: UnitOfWork,
  ) {}

  /** Stores a notification in the unit's transaction and pushes it live after the unit commits. */
  async add(unit: Unit, userId: string, input: NewNotification): Promise<NotificationItem> {
    const created = await this.create(unit.tx, userId, input);
    unit.afterCommit(() => this.publish(created));
    return created.item;
  }

  /**
   * Stores many notifications in the unit's transaction with one statement (a batch job such as the smart-plan
   * payout run, where one insert per customer would cost a round trip each) and pushes them after the commit.
   */
  async addMany(unit: Unit, inputs: { userId: string; input: NewNotification }[]): Promise<void> {
    if (inputs.length === 0) return;
    for (const { userId, input } of inputs) {
      if (!userIdPattern.test(userId)) throw new Error(`notifications: "${userId}" is not a user id`);
      if (!input.kind || !input.titleKey) throw new Error('notifications: kind and titleKey are required');
    }
    const rows = await unit.tx
      .insert(notifications)
      .values(
        inputs.map(({ userId, input }) => ({
          userId: BigInt(userId),
          kind: input.kind,
          titleKey: input.titleKey,
          bodyKey: input.bodyKey ?? null,
          params: input.params ?? {},
          referenceType: input.reference?.type ?? null,
          referenceId: input.reference?.id ?? null,
        })),
      )
      .returning();
    unit.afterCommit(() =>
      this.publish(...rows.map((row) => ({ userId: String(row.userId), item: toItem(row) }))),
    );
  }

  /**
   * Stores a notification in the caller's transaction; the caller passes the result to `publish` after the
   * commit. For a caller whose transaction is not a unit of work yet; prefer `add`.
   */
  async create(
    tx: Tx,
    userId: string,
    input: NewNotification,
  ): Promise<{ userId: string; item: NotificationItem }> {
    if (!userIdPattern.test(userId)) throw new Error(`notifications: "${userId}" is not a user id`);
    if (!input.kind || !input.titleKey) throw new Error('notifications: kind and titleKey are required');
    const [row] = await tx
      .insert(notifications)
      .values({
        userId: BigInt(userId),
        kind: input.kind,
        titleKey: input.titleKey,
        bodyKey: input.bodyKey ?? null,
        params: input.params ?? {},
        referenceType: input.reference?.type ?? null,
        referenceId: input.reference?.id ?? null,
      })
      .returning();
    return { userId, item: toItem(row!) };
  }

  /** Pushes created notifications to the customer's open sockets. Call only after the transaction committed. */
  publish(...created: { userId: string; item: NotificationItem }[]): void {
    for (const { userId, item } of created) {
      this.push.publishAccountEvent(userId, { type: 'notification', ...item });
    }
  }

  /** Stores and pushes in one go, for producers without a transaction of their own. */
  async notify(userId: string, input: NewNotification): Promise<NotificationItem> {
    return this.units.run((unit) => this.add(unit, userId, input));
  }

  /** The customer's notifications, of both account sets: the bell is one per customer, not per mode. */
  async list(userId: string, page: number, pageSize: number): Promise<NotificationPage> {
    const rows = await listOwned(
      this.db,
      notifications,
      { userId },
      {
        orderBy: [desc(notifications.id)],
        limit: pageSize + 1,
        offset: (page - 1) * pageSize,
      },
    );
    return {
      items: rows.slice(0, pageSize).map(toItem),
      page,
      pageSize,
      hasMore: rows.length > pageSize,
      unread: await this.unreadCount(userId),
    };
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(ownedBy(notifications, { userId }), isNull(notifications.readAt)));
    return Number(row?.unread ?? 0);
  }

  /**
   * Marks the customer's own notifications read: the given ids (others' ids, and ids that cannot name a
   * notification, are ignored), or all.
   */
  async markRead(
    userId: string,
    target: { ids?: string[]; all?: true },
  ): Promise<{ marked: number; unread: number }> {
    const mine = and(ownedBy(notifications, { userId }), isNull(notifications.readAt));
    const ids = (target.ids ?? []).map(recordId).filter((id): id is bigint => id !== undefined);
    let where;
    if (target.all) where = mine;
    else if (ids.length) where = and(mine, inArray(notifications.id, ids));
    else return { marked: 0, unread: await this.unreadCount(userId) };
    const marked = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(where)
      .returning({ id: notifications.id });
    return { marked: marked.length, unread: await this.unreadCount(userId) };
  }
}

function toItem(row: typeof notifications.$inferSelect): NotificationItem {
  return {
    id: String(row.id),
    kind: row.kind,
    titleKey: row.titleKey,
    bodyKey: row.bodyKey,
    params: row.params,
    referenceType: row.referenceType,
    referenceId: row.referenceId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
