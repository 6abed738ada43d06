import {
  CharityBook,
  CharityPayout,
  CharityPayoutPath,
  FundLendingCapitalBody,
  LendingBook,
  LoanWriteOff,
  LoanWriteOffPath,
  OverdueLoanList,
  PastWriteOffPage,
  RejectMoneyRequestBody,
  RequestCharityPayoutBody,
  RequestWriteOffBody,
  WriteOffHistoryQuery,
} from './money';
import { PlanReserveList } from './plans';
import { type RouteSpec, finance, staff } from './route-spec';
import { PendingChange } from './staff-security';

/** Finance reads the books; admins see them too (the dashboard's warnings). */
const books = ['finance', 'admin'] as const;

/**
 * The back office's money books (issue 28), part of `routes`: the lending book and its capital, overdue
 * loans and their write-offs, charity payouts. Requests and approvals are finance duties, two members each.
 */
export const moneyRoutes = {
  /** The plan reserves as the customer's catalogue reports them: the dashboard warns while one cannot sell. */
  'admin.planReserves': staff('GET', { path: '/plans/reserves', result: PlanReserveList, roles: books }),
  'admin.lendingBook': staff('GET', { path: '/loans/book', result: LendingBook, roles: books }),
  /** Maker-checker: a pending change that a second finance member approves (`admin.approveChange`). */
  'admin.fundLendingCapital': staff('POST', {
    path: '/loans/capital',
    body: FundLendingCapitalBody,
    result: PendingChange,
    roles: finance,
  }),
  'admin.overdueLoans': staff('GET', { path: '/loans/overdue', result: OverdueLoanList, roles: finance }),
  /** Past write-offs, newest first: the books' record of what was given up and who decided it. */
  'admin.writeOffs': staff('GET', {
    path: '/loans/writeOffs',
    query: WriteOffHistoryQuery,
    result: PastWriteOffPage,
    roles: books,
  }),
  'admin.requestWriteOff': staff('POST', {
    path: '/loans/:id/writeOff',
    params: LoanWriteOffPath,
    body: RequestWriteOffBody,
    result: LoanWriteOff,
    roles: finance,
  }),
  'admin.approveWriteOff': staff('POST', {
    path: '/loans/:id/writeOff/approve',
    params: LoanWriteOffPath,
    result: LoanWriteOff,
    roles: finance,
  }),
  'admin.rejectWriteOff': staff('POST', {
    path: '/loans/:id/writeOff/reject',
    params: LoanWriteOffPath,
    body: RejectMoneyRequestBody,
    result: LoanWriteOff,
    roles: finance,
  }),
  'admin.charityBook': staff('GET', { path: '/charity/payouts', result: CharityBook, roles: books }),
  'admin.requestCharityPayout': staff('POST', {
    path: '/charity/payouts',
    body: RequestCharityPayoutBody,
    result: CharityPayout,
    roles: finance,
  }),
  'admin.approveCharityPayout': staff('POST', {
    path: '/charity/payouts/:id/approve',
    params: CharityPayoutPath,
    result: CharityPayout,
    roles: finance,
  }),
  'admin.rejectCharityPayout': staff('POST', {
    path: '/charity/payouts/:id/reject',
    params: CharityPayoutPath,
    body: RejectMoneyRequestBody,
    result: CharityPayout,
    roles: finance,
  }),
} as const satisfies Record<string, RouteSpec>;
