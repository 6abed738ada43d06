import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, TextLine } from './common';
import { Email } from './auth';

/** `POST /swx/admin/login`. */
export const StaffLoginBody = Body({
  username: TextLine({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});
export type StaffLoginBody = Static<typeof StaffLoginBody>;

/**
 * What a staff member may do. A member holds one or more; each staff route in the route map names the roles
 * that may call it (`roles`), and the server refuses the others (`errors.staffRoleMissing`).
 */
export const staffRoles = ['reviewer', 'finance', 'admin', 'content'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const StaffRoleName = Type.Union(staffRoles.map((role) => Type.Literal(role)));
export const StaffRoleList = Type.Array(StaffRoleName, {
  minItems: 1,
  maxItems: staffRoles.length,
  uniqueItems: true,
});

const Time = Type.String({ format: 'date-time' });
/** A six-digit code from the staff member's authenticator app. */
const TotpCode = Type.String({ pattern: '^[0-9]{6}$' });

/**
 * A staff session: the token goes in `Authorization` on every staff call. It ends after 30 minutes without a
 * call and 12 hours after sign-in at the latest (`expiresAt`).
 */
export const StaffSession = Type.Object({
  token: Type.String(),
  expiresAt: Time,
  /**
   * False until the member has enrolled an authenticator: such a session reaches only `admin.me`,
   * `admin.totpEnrol`, `admin.totpConfirm`, `admin.changePassword` and `admin.logout`; everything else
   * answers `errors.staffTotpEnrolmentRequired`.
   */
  totpEnabled: Type.Boolean(),
  /**
   * True for a member an admin created (their temporary password is known to that admin): until they choose
   * a new one (`admin.changePassword`) the session reaches only that, `admin.me` and `admin.logout`.
   */
  passwordChangeRequired: Type.Boolean(),
});
export type StaffSession = Static<typeof StaffSession>;

/** The password was right and the member has two-factor on: send the code with `ticket` to `admin.loginTotp`. */
export const StaffTotpChallenge = Type.Object({
  totpRequired: Type.Literal(true),
  /** Single use, valid until `expiresAt` (a few minutes). */
  ticket: Type.String(),
  expiresAt: Time,
});
export type StaffTotpChallenge = Static<typeof StaffTotpChallenge>;

/** `POST /swx/admin/login`: a session, or (two-factor on) a challenge. Tell them apart by `totpRequired`. */
export const StaffLoginResult = Type.Union([StaffSession, StaffTotpChallenge]);
export type StaffLoginResult = Static<typeof StaffLoginResult>;

/** `POST /swx/admin/login/totp`. Wrong codes are throttled like wrong passwords. */
export const StaffTotpLoginBody = Body({
  ticket: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }),
  code: TotpCode,
});
export type StaffTotpLoginBody = Static<typeof StaffTotpLoginBody>;

/** `GET /swx/admin/me`: who is signed in. */
export const StaffMe = Type.Object({
  staffId: Type.String(),
  username: Type.String(),
  roles: Type.Array(StaffRoleName),
  totpEnabled: Type.Boolean(),
  /** The temporary password must be replaced before anything else (first sign-in). */
  passwordChangeRequired: Type.Boolean(),
  /**
   * An admin reset two-factor: enrolling again needs the password and a code e-mailed to the member
   * (`admin.totpEnrolCode`), not the session alone.
   */
  totpReenrolment: Type.Boolean(),
  /** Unused recovery codes left (0 before enrolment). */
  recoveryCodesLeft: Type.Integer(),
  email: Type.Union([Type.String(), Type.Null()]),
});
export type StaffMe = Static<typeof StaffMe>;

/**
 * `POST /swx/admin/totp/enrol`: a new secret for the member's authenticator app (replacing an unconfirmed
 * one). Shown once; two-factor is on only after `admin.totpConfirm` accepts a code from it.
 */
export const StaffTotpEnrolment = Type.Object({
  /** Base32, for typing into the app by hand. */
  secret: Type.String(),
  /** `otpauth://totp/...`, what the QR code holds. */
  otpauthUri: Type.String(),
  /** The URI as a QR code: an SVG data URL (`data:image/svg+xml;base64,...`). */
  qrCode: Type.String(),
});
export type StaffTotpEnrolment = Static<typeof StaffTotpEnrolment>;

export const StaffTotpConfirmBody = Body({ code: TotpCode });
export type StaffTotpConfirmBody = Static<typeof StaffTotpConfirmBody>;

/** Two-factor is on: the member, and ten single-use recovery codes shown this once. */
export const StaffTotpConfirmed = Type.Composite([
  StaffMe,
  Type.Object({ recoveryCodes: Type.Array(Type.String()) }),
]);
export type StaffTotpConfirmed = Static<typeof StaffTotpConfirmed>;

// ---- staff management (admin role) ------------------------------------------------------------------------

export const StaffIdPath = Type.Object({ id: Id });
export type StaffIdPath = Static<typeof StaffIdPath>;

export const StaffMember = Type.Object({
  staffId: Type.String(),
  username: Type.String(),
  roles: Type.Array(StaffRoleName),
  totpEnabled: Type.Boolean(),
  /** Disabled members cannot sign in; disabling ended their sessions. */
  disabled: Type.Boolean(),
  createdAt: Time,
  disabledAt: Type.Union([Time, Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  /** Who created the member (null: the start-up bootstrap or the operator's command line). */
  createdBy: Type.Union([Type.String(), Type.Null()]),
  /** Still on the temporary password an admin set. */
  passwordChangeRequired: Type.Boolean(),
  /** Live sessions now. */
  sessions: Type.Integer(),
});
export type StaffMember = Static<typeof StaffMember>;
export const StaffMemberList = Type.Array(StaffMember);

/** Staff usernames: 3 to 64 letters, digits, `_ . -`. */
export const StaffUsername = Type.String({ pattern: '^[A-Za-z0-9_.-]{3,64}$' });

/**
 * `POST /swx/admin/staff`: the temporary password is handed over out of band (10+ characters, letters and
 * digits) and must be changed at the first sign-in; the e-mail address receives reset links and
 * re-enrolment codes. Nobody holds both `admin` and `finance`; a new admin is made by a role change a second
 * admin approves (only a sole admin names another directly).
 */
export const CreateStaffBody = Body({
  username: StaffUsername,
  password: Type.String({ minLength: 10, maxLength: 256 }),
  email: Email,
  roles: StaffRoleList,
});
export type CreateStaffBody = Static<typeof CreateStaffBody>;

/**
 * `PUT /swx/admin/staff/{id}/roles`: asks for the member's whole set of roles; a second admin approves it as
 * a pending change. The last enabled admin keeps `admin`; nobody holds both `admin` and `finance`.
 */
export const SetStaffRolesBody = Body({
  roles: StaffRoleList,
  reason: TextLine({ minLength: 1, maxLength: 500, pattern: '\\S' }),
});
export type SetStaffRolesBody = Static<typeof SetStaffRolesBody>;

// ---- review claims and approvals ---------------------------------------------------------------------------

/** Who is working on a review record, until when (`review_claim_minutes` after the claim). */
export const ReviewClaim = Type.Object({
  staffId: Type.String(),
  username: Type.String(),
  claimedAt: Time,
  expiresAt: Time,
});
export type ReviewClaim = Static<typeof ReviewClaim>;

/** One recorded approval of a record that needs several (four eyes). */
export const ReviewApproval = Type.Object({
  staffId: Type.String(),
  username: Type.String(),
  approvedAt: Time,
});
export type ReviewApproval = Static<typeof ReviewApproval>;

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
  /** Only this action, or (ending in `*`) every action it begins: `param.*`. */
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
  /** The row's place in the hash chain, and its hash (SHA-256 over the previous hash and this content). */
  seq: Type.String(),
  hash: Type.String(),
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

/**
 * Review records differ per kind (deposit, withdrawal, kyc, loan): each kind's registry entry shapes them,
 * and every item carries `ReviewItemCommon` (`staff-reviews.ts` has each kind's full shape).
 */
export const ReviewList = Type.Array(Type.Unknown());
/**
 * What approve/reject answer: the kind's record once decided, or — when four eyes need another approval —
 * a `ReviewApprovalPending`.
 */
export const ReviewDecision = Type.Unknown();

/** The answer to the first of two required approvals: recorded, nothing executed yet. */
export const ReviewApprovalPending = Type.Object({
  kind: ReviewKind,
  id: Type.String(),
  pendingApproval: Type.Literal(true),
  approvals: Type.Array(ReviewApproval),
  approvalsRequired: Type.Integer(),
});
export type ReviewApprovalPending = Static<typeof ReviewApprovalPending>;

/** `POST /swx/admin/reviews/{kind}/{id}/claim`: the claim now held by the caller. */
export const ReviewClaimResult = Type.Object({ kind: ReviewKind, id: Type.String(), claim: ReviewClaim });
export type ReviewClaimResult = Static<typeof ReviewClaimResult>;
