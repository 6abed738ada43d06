export { StaffLayout, mayOpen } from './staff-layout';
export { navGroups, reviewKinds, isReviewKind, type NavItem, type ReviewKindName } from './nav-items';
