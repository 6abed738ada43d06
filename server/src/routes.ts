import type { FastifyPluginAsync } from 'fastify';
import { staffAuth } from './staff/staff-auth';
import { staffSignInRoutes } from './staff/routes';
import { staffManagementRoutes } from './staff/staff-routes';
import { staffCredentialRoutes } from './staff/credential-routes';
import { auditRoutes } from './staff/audit-routes';
import { paramsAdminRoutes, paramsCustomerRoutes } from './params/routes';
import { uploadsAdminRoutes, uploadsCustomerRoutes } from './uploads/routes';
import { ledgerAdminRoutes } from './ledger/routes';
import { contentAdminRoutes, contentRoutes } from './content/routes';
import { customerAuth } from './auth/plugin';
import { authRoutes } from './auth/routes';
import { marketsAdminRoutes, marketsRoutes } from './markets/routes';
import { spotRoutes } from './trading/spot/routes';
import { marginRoutes } from './trading/margin/routes';
import { optionsRoutes } from './trading/options/routes';
import { receiptRoutes } from './trading/routes';
import { portfolioRoutes } from './portfolio/routes';
import { liveRoutes } from './live/routes';
import { cashierAdminRoutes, cashierRoutes } from './cashier/routes';
import { notificationsRoutes } from './notifications/routes';
import { invitesRoutes } from './invites/routes';
import { recordsRoutes } from './records/routes';
import { plansAdminRoutes, plansRoutes } from './plans/routes';
// Wallet sign-in (Sign-In with Ethereum).
import { walletRoutes } from './auth/wallet/routes';
// KYC and loans
import { kycAdminRoutes, kycRoutes } from './kyc/routes';
import { loansAdminRoutes, loansRoutes } from './loans/routes';
// ---- nfts ----
import { nftsAdminRoutes, nftsRoutes } from './nfts/routes';
// Social sign-in (OpenID Connect).
import { oidcRoutes } from './auth/oidc/routes';
// Customer account security.
import { stepUpPlugin } from './security/plugin';
import { securityAdminRoutes, securityRoutes, securitySignInRoutes } from './security/routes';
// The customer's data and account closure.
import { privacyRoutes } from './privacy/routes';
// The back office's features over the domains: review queues, pending changes, customers and corrections.
import { reviewRoutes } from './backoffice/review-routes';
import { changeRoutes } from './backoffice/change-routes';
import { customersAdminRoutes } from './backoffice/customers/routes';

/** Customer API plugins, mounted under /swx/customer. A domain adds its plugin here. */
export const customerRoutes: FastifyPluginAsync[] = [
  // First: decorates the /swx/customer scope with authenticate, authenticateOptional and guardRepeat.
  customerAuth,
  // Second: decorates the scope with stepUp(action) for every sensitive action after it.
  stepUpPlugin,
  authRoutes,
  paramsCustomerRoutes,
  contentRoutes,
  uploadsCustomerRoutes,
  marketsRoutes,
  // Trading by product, then receipts and the portfolio: the order of the OpenAPI document's /order paths.
  spotRoutes,
  marginRoutes,
  optionsRoutes,
  receiptRoutes,
  portfolioRoutes,
  cashierRoutes,
  notificationsRoutes,
  invitesRoutes,
  recordsRoutes,
  plansRoutes,
  // Wallet sign-in.
  walletRoutes,
  // KYC and loans
  kycRoutes,
  loansRoutes,
  // ---- nfts ----
  nftsRoutes,
  // Social sign-in (OpenID Connect).
  oidcRoutes,
  // Customer account security.
  securitySignInRoutes,
  securityRoutes,
  // The customer's data and account closure.
  privacyRoutes,
];

/** Staff API plugins, mounted under /swx/admin. */
export const adminRoutes: FastifyPluginAsync[] = [
  // First: decorates the /swx/admin scope with authenticateStaff and puts it (with the route map's roles) on
  // every admin route after it.
  staffAuth,
  staffSignInRoutes,
  reviewRoutes,
  staffCredentialRoutes,
  staffManagementRoutes,
  changeRoutes,
  auditRoutes,
  paramsAdminRoutes,
  uploadsAdminRoutes,
  ledgerAdminRoutes,
  cashierAdminRoutes,
  marketsAdminRoutes,
  plansAdminRoutes,
  // KYC and loans
  kycAdminRoutes,
  loansAdminRoutes,
  // ---- nfts ----
  nftsAdminRoutes,
  // Back office: customers, corrections, operations.
  customersAdminRoutes,
  contentAdminRoutes,
  // Customer account security: staff requests with four eyes.
  securityAdminRoutes,
];

/** Plugins mounted at the root (no prefix), such as the `/message` websocket. */
export const rootRoutes: FastifyPluginAsync[] = [liveRoutes];
