import type { Db } from '../db/client';
import type { Ledger } from '../ledger/service';
import type { AuditService } from '../staff/audit';
import type { NotificationsService } from '../notifications/service';
import type { UnitOfWork } from '../platform/unit-of-work';
import type { ConfiguredProduct } from './products';

/** What the plans domain is built from (services.ts). */
export interface PlansDeps {
  db: Db;
  units: UnitOfWork;
  ledger: Ledger;
  notifications: NotificationsService;
  audit: AuditService;
  /** The products a fresh database starts with (configuration). */
  products: ConfiguredProduct[];
}

/** PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
