import { StaffIdPath, StaffMe, StaffSession } from './admin';
import { Nothing, admin, anyStaff, changeMakers, staff, type RouteSpec } from './route-spec';
import {
  AuditAnchorList,
  AuditExportQuery,
  AuditVerification,
  ChangeStaffPasswordBody,
  CompleteStaffPasswordResetBody,
  DecideChangeBody,
  PendingChange,
  PendingChangeList,
  PendingChangePath,
  PendingChangeQuery,
  RegenerateRecoveryCodesBody,
  StaffEmailCodeSent,
  StaffPasswordResetIssued,
  StaffRecoveryCodes,
  StaffRecoveryLoginBody,
  StaffSessionList,
  StaffSessionPath,
  StaffSessionsRevoked,
} from './staff-security';

/**
 * The back office you can audit (issue 26), part of `routes`: staff credentials (password change and reset,
 * recovery codes, re-enrolment, sessions), maker-checker pending changes, and the audit log's verifier,
 * anchors and export.
 */
export const staffSecurityRoutes = {
  // ---- credentials ----
  'admin.changePassword': staff('POST', {
    path: '/password',
    body: ChangeStaffPasswordBody,
    result: StaffMe,
    roles: anyStaff,
    staffGate: 'password',
  }),
  /** A reset link's second half: no session (the link is the proof), limited per address. */
  'admin.completePasswordReset': staff('POST', {
    path: '/password/reset',
    body: CompleteStaffPasswordResetBody,
    result: Nothing,
    roles: anyStaff,
    staffGate: 'signIn',
  }),
  'admin.loginRecovery': staff('POST', {
    path: '/login/recovery',
    body: StaffRecoveryLoginBody,
    result: StaffSession,
    roles: anyStaff,
    staffGate: 'signIn',
  }),
  'admin.totpEnrolCode': staff('POST', {
    path: '/totp/enrol/code',
    result: StaffEmailCodeSent,
    roles: anyStaff,
    staffGate: 'enrolment',
  }),
  'admin.regenerateRecoveryCodes': staff('POST', {
    path: '/totp/recovery-codes',
    body: RegenerateRecoveryCodesBody,
    result: StaffRecoveryCodes,
    roles: anyStaff,
  }),
  'admin.mySessions': staff('GET', { path: '/sessions', result: StaffSessionList, roles: anyStaff }),
  'admin.revokeMySession': staff('POST', {
    path: '/sessions/:id/revoke',
    params: StaffSessionPath,
    result: StaffSessionsRevoked,
    roles: anyStaff,
  }),
  // ---- staff management (admin) ----
  'admin.resetStaffPassword': staff('POST', {
    path: '/staff/:id/password/reset',
    params: StaffIdPath,
    result: StaffPasswordResetIssued,
    roles: admin,
  }),
  'admin.staffSessions': staff('GET', {
    path: '/staff/:id/sessions',
    params: StaffIdPath,
    result: StaffSessionList,
    roles: admin,
  }),
  'admin.revokeStaffSessions': staff('POST', {
    path: '/staff/:id/sessions/revoke',
    params: StaffIdPath,
    result: StaffSessionsRevoked,
    roles: admin,
  }),
  // ---- maker-checker ----
  'admin.changes': staff('GET', {
    path: '/changes',
    query: PendingChangeQuery,
    result: PendingChangeList,
    roles: changeMakers,
  }),
  'admin.approveChange': staff('POST', {
    path: '/changes/:id/approve',
    params: PendingChangePath,
    body: DecideChangeBody,
    result: PendingChange,
    roles: changeMakers,
  }),
  'admin.rejectChange': staff('POST', {
    path: '/changes/:id/reject',
    params: PendingChangePath,
    body: DecideChangeBody,
    result: PendingChange,
    roles: changeMakers,
  }),
  // ---- the audit log ----
  'admin.auditVerify': staff('GET', { path: '/audit/verify', result: AuditVerification, roles: admin }),
  'admin.auditAnchors': staff('GET', { path: '/audit/anchors', result: AuditAnchorList, roles: admin }),
  /** CSV or JSON file (`Content-Disposition: attachment`), not the envelope. */
  'admin.auditExport': staff('GET', { path: '/audit/export', query: AuditExportQuery, roles: admin }),
} as const satisfies Record<string, RouteSpec>;
