export { StaffSession, staffTokenKey, type SignInStage, type StaffSessionOptions } from './staff-session';
export { StaffSessionProvider, useStaffSession } from './context';
