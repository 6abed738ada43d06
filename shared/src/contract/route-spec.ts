import { Type, type TSchema } from '@sinclair/typebox';
import { staffRoles, type StaffRole } from './admin';

// The route map's building blocks: what a route is, and the helpers and staff role lists it is written with.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** `customer` routes live under `/swx/customer`, `admin` routes under `/swx/admin`. */
export type RouteScope = 'customer' | 'admin';

/**
 * How far into sign-in a staff route may be called: `signIn` without a session (the sign-in steps and a reset
 * link), `password` with any session, even one that must still replace its temporary password (who am I,
 * change password, sign out), `enrolment` with a session whose password is the member's own, even before
 * two-factor is enrolled (enrol, confirm). Every other staff route needs a session of a member with their own
 * password, two-factor on and one of the route's `roles`.
 */
export type StaffGate = 'signIn' | 'password' | 'enrolment';

/**
 * One API route. `path` is relative to its scope's prefix, Fastify style (`/order/receipt/:kind/:id`).
 * `result` is what the envelope carries; a route without one answers something else (an image, a CSV file),
 * so the SDK client's JSON calls cannot reach it.
 */
export interface RouteSpec {
  method: HttpMethod;
  path: string;
  scope: RouteScope;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  result?: TSchema;
  /** Staff routes only: the roles that may call it (a member needs one of them). */
  roles?: readonly StaffRole[];
  /** Staff routes only: see `StaffGate`; absent for the ordinary ones. */
  staffGate?: StaffGate;
}

export const Nothing = Type.Null();
/** Back-office roles that may read customers (issue 19): everyone but content editors. */
export const customerReaders = ['reviewer', 'finance', 'admin'] as const;

export const get = <S extends Omit<RouteSpec, 'method' | 'scope'>>(spec: S) =>
  ({ method: 'GET', scope: 'customer', ...spec }) as const;
export const post = <S extends Omit<RouteSpec, 'method' | 'scope'>>(spec: S) =>
  ({ method: 'POST', scope: 'customer', ...spec }) as const;
export const del = <S extends Omit<RouteSpec, 'method' | 'scope'>>(spec: S) =>
  ({ method: 'DELETE', scope: 'customer', ...spec }) as const;
/** A staff route: `roles` is required, so no staff route can be added without saying who may call it. */
export const staff = <
  M extends HttpMethod,
  S extends Omit<RouteSpec, 'method' | 'scope' | 'roles'> & { roles: readonly StaffRole[] },
>(
  method: M,
  spec: S,
) => ({ method, scope: 'admin', ...spec }) as const;

/** Staff route roles: any member, or one duty. */
export const anyStaff = staffRoles;
export const reviewer = ['reviewer'] as const;
export const finance = ['finance'] as const;
export const admin = ['admin'] as const;
export const content = ['content'] as const;
/** Maker-checker changes are made and checked by admins (settings) or finance (money); each kind checks its own. */
export const changeMakers = ['admin', 'finance'] as const;
/** The review queue serves reviewers (deposits, KYC, loans) and finance (withdrawals); each kind checks its own. */
export const reviewQueue = ['reviewer', 'finance'] as const;
