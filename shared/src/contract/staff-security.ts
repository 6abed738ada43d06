import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, TextBlock } from './common';
import { StaffRoleName } from './admin';
import { ParamRecord } from './params';

/**
 * The back office you can audit (issue 26): staff credentials with a lifecycle (forced first change, reset
 * by a one-time e-mailed link, recovery codes, sessions), maker-checker pending changes, and the
 * tamper-evident audit log (hash chain, verifier, daily anchors, export).
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** A staff member's new password: checked by the server (10+ characters, letters and digits, zxcvbn score). */
export const StaffNewPassword = Type.String({ minLength: 1, maxLength: 256 });

// ---- passwords ----

/** `POST /swx/admin/password`: the member's own change (forced at first sign-in after an admin made them). */
export const ChangeStaffPasswordBody = Body({
  currentPassword: Type.String({ minLength: 1, maxLength: 256 }),
  newPassword: StaffNewPassword,
});
export type ChangeStaffPasswordBody = Static<typeof ChangeStaffPasswordBody>;

/** The secret of a reset link (base64url, 32 bytes): it arrives by e-mail only. */
const ResetToken = Type.String({ pattern: '^[A-Za-z0-9_-]{40,100}$' });

/** `POST /swx/admin/password/reset`: a reset link's token and the new password (no session needed). */
export const CompleteStaffPasswordResetBody = Body({ token: ResetToken, newPassword: StaffNewPassword });
export type CompleteStaffPasswordResetBody = Static<typeof CompleteStaffPasswordResetBody>;

/** `POST /swx/admin/staff/{id}/password/reset`: where the one-time link went, and until when it works. */
export const StaffPasswordResetIssued = Type.Object({
  staffId: Type.String(),
  /** The address the link went to, partly hidden (`a•••@example.com`). */
  sentTo: Type.String(),
  expiresAt: Time,
});
export type StaffPasswordResetIssued = Static<typeof StaffPasswordResetIssued>;

// ---- recovery codes and two-factor re-enrolment ----

/** A recovery code as shown: four groups of four letters and digits (`k7qm-2xhd-9rtw-c4pn`). */
export const RecoveryCode = Type.String({ pattern: '^[A-Za-z0-9]{4}(-?[A-Za-z0-9]{4}){3}$' });

/** `POST /swx/admin/login/recovery`: the password step's ticket and one unused recovery code. */
export const StaffRecoveryLoginBody = Body({
  ticket: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }),
  recoveryCode: RecoveryCode,
});
export type StaffRecoveryLoginBody = Static<typeof StaffRecoveryLoginBody>;

/** Ten new single-use codes, shown once (only their hashes are stored). */
export const StaffRecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type StaffRecoveryCodes = Static<typeof StaffRecoveryCodes>;

/** `POST /swx/admin/totp/recovery-codes`: a code from the app proves the member holds the authenticator. */
export const RegenerateRecoveryCodesBody = Body({ code: Type.String({ pattern: '^[0-9]{6}$' }) });
export type RegenerateRecoveryCodesBody = Static<typeof RegenerateRecoveryCodesBody>;

/**
 * `POST /swx/admin/totp/enrol`: after an admin reset two-factor, enrolment needs the password and the code
 * e-mailed by `admin.totpEnrolCode`; a first enrolment needs neither (an empty body).
 */
export const StaffTotpEnrolBody = Body({
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  emailCode: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
});
export type StaffTotpEnrolBody = Static<typeof StaffTotpEnrolBody>;

/** `POST /swx/admin/totp/enrol/code`: where the code went and until when it works. */
export const StaffEmailCodeSent = Type.Object({ sentTo: Type.String(), expiresAt: Time });
export type StaffEmailCodeSent = Static<typeof StaffEmailCodeSent>;

// ---- sessions ----

/** One staff session as its member (or an admin) sees it; the token itself is never shown again. */
export const StaffSessionInfo = Type.Object({
  id: Type.String(),
  createdAt: Time,
  lastSeenAt: Time,
  /** When it ends if unused (30 minutes after `lastSeenAt`) ... */
  idleExpiresAt: Time,
  /** ... and at the latest (12 hours after sign-in). */
  expiresAt: Time,
  address: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  /** The session this request was made with. */
  current: Type.Boolean(),
});
export type StaffSessionInfo = Static<typeof StaffSessionInfo>;
export const StaffSessionList = Type.Array(StaffSessionInfo);
export const StaffSessionPath = Type.Object({ id: Id });
export type StaffSessionPath = Static<typeof StaffSessionPath>;
/** How many sessions a revocation ended. */
export const StaffSessionsRevoked = Type.Object({ revoked: Type.Integer() });
export type StaffSessionsRevoked = Static<typeof StaffSessionsRevoked>;

// ---- maker-checker: pending changes ----

export const PendingChangeStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export type PendingChangeStatus = Static<typeof PendingChangeStatus>;

/**
 * A change to a setting that moves money or risk, waiting for (or given) a second member's decision. `kind`
 * names what it changes (`param`, `option-terms`, `plan-terms`, `plan-reserve`, `staff-roles`); `summary`
 * is what staff read: the value before (when it was requested) and the value asked for.
 */
export const PendingChange = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  /** What it changes (`param:trade_fee_rate`, `market:BTCUSDT`, `staff:7`). */
  target: Type.String(),
  /** The role of both maker and checker. */
  role: StaffRoleName,
  summary: Type.Object({
    title: Type.String(),
    before: Type.Unknown(),
    after: Type.Unknown(),
  }),
  reason: Type.String(),
  status: PendingChangeStatus,
  requestedBy: Type.String(),
  requestedByUsername: Nullable(Type.String()),
  requestedAt: Time,
  decidedBy: Nullable(Type.String()),
  decidedByUsername: Nullable(Type.String()),
  decidedAt: Nullable(Time),
  decisionReason: Nullable(Type.String()),
});
export type PendingChange = Static<typeof PendingChange>;
export const PendingChangeList = Type.Array(PendingChange);

export const PendingChangeQuery = Type.Object({
  status: Type.Optional(PendingChangeStatus),
});
export type PendingChangeQuery = Static<typeof PendingChangeQuery>;
export const PendingChangePath = Type.Object({ id: Id });
export type PendingChangePath = Static<typeof PendingChangePath>;

/** The checker's reason, to approve or to reject (both audited with the maker's). */
export const DecideChangeBody = Body({ reason: TextBlock({ minLength: 1, maxLength: 500, pattern: '\\S' }) });
export type DecideChangeBody = Static<typeof DecideChangeBody>;

/**
 * `PUT /swx/admin/params/{key}`: an editorial parameter (links, queue targets) changes at once
 * (`pendingChange` null); one that moves money or risk becomes a pending change and `param` is unchanged.
 */
export const SetParamResult = Type.Object({
  param: ParamRecord,
  pendingChange: Type.Union([PendingChange, Type.Null()]),
});
export type SetParamResult = Static<typeof SetParamResult>;

// ---- the audit log: verification, anchors, export ----

/** Why a row breaks the chain: its hash does not match its content, or it does not follow the row before. */
export const AuditBreak = Type.Object({
  id: Type.String(),
  seq: Type.String(),
  problem: Type.Union([
    Type.Literal('content'),
    Type.Literal('link'),
    Type.Literal('sequence'),
    Type.Literal('head'),
    Type.Literal('anchor'),
  ]),
  detail: Type.String(),
});
export type AuditBreak = Static<typeof AuditBreak>;

/** `GET /swx/admin/audit/verify`: the whole chain recomputed; `firstBroken` names the first row that fails. */
export const AuditVerification = Type.Object({
  ok: Type.Boolean(),
  rowsChecked: Type.Integer(),
  anchorsChecked: Type.Integer(),
  lastSeq: Nullable(Type.String()),
  lastHash: Nullable(Type.String()),
  firstBroken: Type.Union([AuditBreak, Type.Null()]),
  checkedAt: Time,
});
export type AuditVerification = Static<typeof AuditVerification>;

/** One day's anchor: the chain's last hash at the end of that UTC day, stored once and never changed. */
export const AuditAnchor = Type.Object({
  day: Type.String({ format: 'date' }),
  lastSeq: Type.String(),
  lastHash: Type.String(),
  rows: Type.Integer(),
  createdAt: Time,
});
export type AuditAnchor = Static<typeof AuditAnchor>;
export const AuditAnchorList = Type.Array(AuditAnchor);

/**
 * `GET /swx/admin/audit/export`: CSV or JSON of a period, optionally one actor and one kind of action (an
 * exact action, or a prefix ending in `*`: `param.*`). Every row carries its chain fields, so an export can be
 * verified away from the server. At most 100,000 rows per export.
 */
export const AuditExportQuery = Type.Object({
  format: Type.Union([Type.Literal('csv'), Type.Literal('json')]),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  staffId: Type.Optional(Id),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_.*-]+$' })),
});
export type AuditExportQuery = Static<typeof AuditExportQuery>;
