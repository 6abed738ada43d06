import type { StaffRole, StaffRouteKey } from '@swx/shared/contract';

/**
 * The review kinds the back office works, and the duty that decides each: reviewers check deposits,
 * identity and loans, finance pays withdrawals. The server checks the same duty per kind; here it only
 * decides which queues a member sees.
 */
export const reviewKinds = [
  { kind: 'deposit', role: 'reviewer' },
  { kind: 'withdrawal', role: 'finance' },
  { kind: 'kyc', role: 'reviewer' },
  { kind: 'loan', role: 'reviewer' },
] as const satisfies readonly { kind: string; role: StaffRole }[];

export type ReviewKindName = (typeof reviewKinds)[number]['kind'];

export function isReviewKind(kind: string | undefined): kind is ReviewKindName {
  return reviewKinds.some((entry) => entry.kind === kind);
}

/**
 * The back office's sections: each shows when the member may call the route that feeds it (the route map's
 * `roles`, which the server checks too). Labels are keys of the module's strings.
 */
export interface NavItem {
  path: string;
  label: string;
  /** The section opens when the member may call any of these. */
  needs: StaffRouteKey | readonly StaffRouteKey[];
  /** Review queues also need the kind's duty. */
  role?: StaffRole;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const navGroups: NavGroup[] = [
  {
    label: 'nav.work',
    items: [
      { path: '/staff', label: 'nav.dashboard', needs: 'admin.me' },
      ...reviewKinds.map(({ kind, role }) => ({
        path: `/staff/reviews/${kind}`,
        label: `kinds.${kind}.queue`,
        needs: 'admin.reviews' as const,
        role,
      })),
    ],
  },
  {
    label: 'nav.customers',
    items: [
      { path: '/staff/customers', label: 'nav.customerSearch', needs: 'admin.customers' },
      { path: '/staff/corrections', label: 'nav.corrections', needs: 'admin.corrections' },
    ],
  },
  {
    label: 'nav.operations',
    items: [
      { path: '/staff/operations/params', label: 'nav.params', needs: 'admin.params' },
      { path: '/staff/operations/markets', label: 'nav.markets', needs: 'admin.marketOptionTerms' },
      {
        path: '/staff/operations/plans',
        label: 'nav.plans',
        needs: ['admin.planProducts', 'admin.fundPlanReserve'],
      },
      { path: '/staff/operations/lending', label: 'nav.lending', needs: 'admin.lendingBook' },
      { path: '/staff/operations/chain', label: 'nav.chain', needs: 'admin.chainDeposits' },
      { path: '/staff/operations/nfts', label: 'nav.nfts', needs: 'admin.nftListings' },
      { path: '/staff/operations/charity', label: 'nav.charity', needs: 'admin.charityBook' },
      { path: '/staff/operations/content', label: 'nav.content', needs: 'admin.contentPages' },
      { path: '/staff/operations/ledger', label: 'nav.ledger', needs: 'admin.ledgerCheck' },
      { path: '/staff/operations/audit', label: 'nav.audit', needs: 'admin.audit' },
    ],
  },
  {
    label: 'nav.admin',
    items: [
      { path: '/staff/changes', label: 'nav.changes', needs: 'admin.changes' },
      { path: '/staff/team', label: 'nav.team', needs: 'admin.staffList' },
    ],
  },
  {
    label: 'nav.you',
    items: [{ path: '/staff/account', label: 'nav.account', needs: 'admin.mySessions' }],
  },
];
