import { AccountClosed, CloseAccountBody, DataExport, ExportIdPath, PrivacyOverview } from './privacy';
import { get, post, type RouteSpec } from './route-spec';

/** The customer's data and account closure (issue 27, item 4), part of `routes`. */
export const privacyRoutes = {
  'privacy.overview': get({ path: '/user/privacy', result: PrivacyOverview }),
  /** Starts preparing the ZIP in the background (one at a time); a notification says when it is ready. */
  'privacy.requestExport': post({ path: '/user/privacy/exports', result: DataExport }),
  /** The ZIP itself (`application/zip`), to its owner only, after a step-up; 24 hours after it was ready. */
  'privacy.downloadExport': get({ path: '/user/privacy/exports/:id/download', params: ExportIdPath }),
  /** Closes the account (step-up, username typed as confirmation); refused with the reason while it is not empty. */
  'privacy.closeAccount': post({
    path: '/user/privacy/close',
    body: CloseAccountBody,
    result: AccountClosed,
  }),
} as const satisfies Record<string, RouteSpec>;
