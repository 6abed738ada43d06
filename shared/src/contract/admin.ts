import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, TextLine } from './common';

/** `POST /swx/admin/login`. */
export const StaffLoginBody = Body({
  username: TextLine({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});
export type StaffLoginBody = Static<typeof StaffLoginBody>;

export const StaffLoginResult = Type.Object({
  token: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type StaffLoginResult = Static<typeof StaffLoginResult>;

/**
 * A review kind: one per domain that needs a staff decision. The customer-facing kinds are `deposit`,
 * `withdrawal`, `kyc` and `loan`; the pattern (not a fixed list) lets a domain plug in a kind without a
 * contract change. An unregistered kind answers 404.
 */
export const ReviewKind = Type.String({ pattern: '^[a-z][a-z0-9-]{0,31}$' });
export const ReviewStatus = Type.String({ pattern: '^[a-z_]{1,32}$' });

export const ReviewListQuery = Type.Object({
  kind: ReviewKind,
  status: Type.Optional(ReviewStatus),
});
export type ReviewListQuery = Static<typeof ReviewListQuery>;

export const ReviewPath = Type.Object({ kind: ReviewKind, id: Id });
export type ReviewPath = Static<typeof ReviewPath>;

/**
 * Extra facts a decision may carry (e.g. a withdrawal's transaction reference). Each kind checks what it
 * needs; the framework only bounds the shape.
 */
export const ReviewApproveBody = Type.Record(
  Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,31}$' }),
  Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()]),
  { maxProperties: 10 },
);
export type ReviewApproveBody = Static<typeof ReviewApproveBody>;

export const ReviewRejectBody = Body({
  reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
  /** Reasons per failed field, for kinds that review several (KYC: `{"backImage": "unreadable"}`). */
  fields: Type.Optional(
    Type.Record(
      Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,31}$' }),
      Type.String({ minLength: 1, maxLength: 300, pattern: '\\S' }),
      {
        maxProperties: 20,
      },
    ),
  ),
});
export type ReviewRejectBody = Static<typeof ReviewRejectBody>;

export const AuditQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  action: Type.Optional(Type.String({ maxLength: 64 })),
  /** Only this staff member's actions. */
  staffId: Type.Optional(Id),
  /** Only actions on this target (`customer:42`, `param:trade_fee_rate`); a trailing `*` matches a prefix. */
  target: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  /** Inclusive time range. */
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEntry = Type.Object({
  id: Type.String(),
  staffId: Type.Union([Type.String(), Type.Null()]),
  staffUsername: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  target: Type.String(),
  details: Type.Unknown(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditPage = Type.Object({
  items: Type.Array(AuditEntry),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type AuditPage = Static<typeof AuditPage>;

/** Review records differ per kind (deposit, withdrawal, kyc, loan): each kind's registry entry shapes them. */
export const ReviewList = Type.Array(Type.Unknown());
export const ReviewDecision = Type.Unknown();
