import type { Tx } from '../db/client';
import type { AccountEvent } from '../live/service';
import type { NotificationParams, NotificationsService } from '../notifications/service';
import type { UnitOfWork } from '../platform/unit-of-work';

/** What KYC and loans need to tell a customer about a decision or a reminder. */
export interface NoticeDeps {
  units: UnitOfWork;
  notifications: NotificationsService;
  events: { publishAccountEvent(userId: string, event: AccountEvent): void };
}

/**
 * Stores a notification (`notifications.<kind>.title` / `.body`, rendered by the client with `params`) in the
 * unit of work that `tx` belongs to, and pushes it with a `review.result` event once that unit commits. Used
 * by KYC and loan decisions (the review registry's unit) and by loan reminders (the job's unit).
 */
export async function notifyInUnit(
  deps: NoticeDeps,
  tx: Tx,
  userId: string,
  kind: string,
  params: NotificationParams,
  reference: { type: string; id: string },
  event: string = 'review.result',
): Promise<void> {
  const unit = deps.units.current();
  if (!unit || unit.tx !== tx) throw new Error(`${kind}: a notice is stored in a unit of work`);
  const item = await deps.notifications.add(unit, userId, {
    kind,
    titleKey: `notifications.${kind}.title`,
    bodyKey: `notifications.${kind}.body`,
    params,
    reference,
  });
  unit.afterCommit(() =>
    deps.events.publishAccountEvent(userId, {
      type: event,
      kind: item.kind,
      referenceType: item.referenceType,
      referenceId: item.referenceId,
    }),
  );
}
