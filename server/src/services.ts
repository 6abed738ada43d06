import type { Lifecycle } from './lifecycle';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { AuditService } from './admin/audit';
import { AuditChain } from './admin/audit-chain';
import { ChangeRequests } from './admin/changes';
import { registerChangeKinds } from './admin/change-kinds';
import { StaffService } from './admin/staff';
import { ReviewRegistry } from './admin/reviews';
import { ReviewClaims } from './admin/claims';
import { FourEyes } from './admin/four-eyes';
import { staffUsernames } from './admin/staff-names';
import { StaffManagement } from './admin/staff-management';
import { StaffTotp } from './admin/staff-totp';
import { tradingEntryTypes } from '@swx/shared/contract';
import { ParamsService } from './params/service';
import { UploadsService } from './uploads/service';
import { ContentService } from './content/service';
import { ContentEditor } from './content/editor';
import { Ledger } from './ledger/service';
import { createMailer } from './mail/mailer';
import { SubmissionGuard } from './guards/repeat';
import { UnitOfWork } from './platform/unit-of-work';
import { AuthService } from './auth/service';
// Wallet sign-in (Sign-In with Ethereum).
import { WalletService } from './auth/wallet/service';
// Social sign-in (OpenID Connect).
import { OidcService } from './auth/oidc/service';
import { MarketsService } from './markets/service';
import { HomeStatsService } from './markets/home-stats';
import { LiveService } from './live/service';
import { createTrading } from './trading';
import { PortfolioService } from './portfolio/service';
import { NotificationsService } from './notifications/service';
import { InvitesService } from './invites/service';
import { CashierService } from './cashier/service';
import { RecordsService } from './records/service';
import { Bus } from './platform/bus';
import { createLeadership } from './platform/leadership';
import { Scheduler } from './platform/scheduler';
// Smart plans.
import { PlansService } from './plans/service';
import { configuredProducts } from './plans/products';
// KYC and loans
import { IdentityVault } from './kyc/vault';
import { KycService } from './kyc/service';
import { LoansService } from './loans/service';
// ---- nfts ----
import { NftsService } from './nfts/service';
// Customer account security.
import { SecurityService } from './security/service';
import { SecurityStaffRequests } from './security/staff-requests';
import { RateCounters, SharedAttemptThrottle, purgeAttemptCounters } from './guards/shared-counters';
// Back office: customers, corrections, operations.
import { CustomerDirectory } from './auth/directory';
import { CustomersService } from './admin/customers/service';
import { CorrectionsService } from './admin/customers/corrections';

/**
 * The composition root: every domain service, built once, in dependency order. Domains reach each other
 * only through what is created here (no module-level singletons), so tests build the same graph on a fresh
 * database. A service with background work (feed, listeners) has start()/stop(), called by main.ts; timed
 * and periodic work is registered with the one scheduler, which runs it on one instance.
 */
export async function createServices(config: Config, database: Database, log: FastifyBaseLogger) {
  const lifecycle: Lifecycle[] = [];
  // The bus is stopped last (what others publish while stopping still leaves); the scheduler is started last
  // (every job registered) and stopped first (no job runs while the domains stop).
  const bus = new Bus(database, log);
  lifecycle.push(bus.lifecycle);
  const scheduler = new Scheduler({
    db: database.db,
    leadership: createLeadership(database, config.databaseUrl, {
      applicationName: `swx-leader ${config.instanceName}`,
    }),
    log,
  });
  const units = new UnitOfWork(database.db, log);
  const audit = new AuditService(database.db);
  // The audit log's tamper evidence: the chain's verifier and the daily anchors (a scheduler job).
  const auditChain = new AuditChain(database.db);
  scheduler.every('audit.anchor', 3_600_000, (now) => auditChain.anchorFinishedDays(now), {
    runOnStart: true,
  });
  const mailer = createMailer(config, log);
  const staff = new StaffService(database.db, audit, {
    // TOTP secrets are sealed with the identity documents' key (the vault's seal/open; no file is written).
    totp: new StaffTotp(new IdentityVault(config.identityEncryptionKey, config.identityDir)),
    codeLimit: config.authRateLimits.loginPerAccount,
    mailer,
    publicUrl: config.publicUrl,
  });
  await staff.bootstrap(config.adminUsername, config.adminPassword, config.adminEmail);
  const staffManagement = new StaffManagement(database.db, audit, staff);
  // Parameters are seeded and loaded before any other service can read one.
  const params = new ParamsService(database, audit, log, bus, config.paramDefaults);
  await params.init();
  // Four eyes: approvals by several staff members, for review kinds and any other domain that needs them;
  // the number a subject needs is fixed when it is requested.
  const fourEyes = new FourEyes(database.db, audit);
  // Maker-checker: settings that move money or risk change through a second member's approval (the kinds
  // are registered below, once the domains they change exist).
  const changes = new ChangeRequests(database.db, units, audit, fourEyes);
  const reviews = new ReviewRegistry(units, audit, {
    claims: new ReviewClaims(database.db, () => params.getInteger('review_claim_minutes')),
    fourEyes,
    onAfterDecisionError: (error, decision) =>
      log.error({ err: error, kind: decision.kind, id: decision.id }, 'after-decision step failed'),
  });
  lifecycle.push(params);
  const uploads = new UploadsService(database.db, config.uploadDir, config.uploadLimit, () => ({
    count: params.getInteger('upload_daily_count'),
    bytes: params.getInteger('upload_daily_bytes'),
  }));
  const content = new ContentService(database.db);
  await content.seed();
  const contentEditor = new ContentEditor(database.db, audit);
  const ledger = await Ledger.create(database.db, {
    demoInitialBalance: () => params.get('demo_initial_balance'),
  });
  // Customers: sign-up opens the ledger accounts in the same transaction that creates the customer.
  const submissionGuard = new SubmissionGuard(database.db, undefined, { presence: database.presence });
  // One process opens a PGlite database: claims left unfinished belong to requests that died with the last.
  if (database.kind === 'pglite') await submissionGuard.releaseOrphans();
  const auth = new AuthService({
    db: database.db,
    mailer,
    log,
    openCustomerAccounts: (tx, userId) => ledger.openCustomerAccounts(tx, userId),
  });
  // Rate limits and attempt counters live in PostgreSQL: every instance counts against the same limit.
  const rateCounters = new RateCounters(database.db);
  scheduler.every('guards.counters', 10 * 60_000, async () => {
    await rateCounters.purge(24 * 3_600_000);
    // Attempt counters are forgotten an hour after the last try (AttemptThrottle's default).
    await purgeAttemptCounters(database.db, 60 * 60_000);
  });
  // What sign-in leaves behind (expired codes, old sessions, expired submission claims).
  scheduler.every('auth.sign-in-leftovers', 10 * 60_000, () => auth.purgeExpired());
  scheduler.every('auth.submission-claims', 10 * 60_000, () => submissionGuard.purgeExpired());
  // Wallet sign-in: nonces and sign-up tickets, checked against the site's public URL.
  // A wallet and a provider identity each count as a way to sign in for the other's "last method" rule.
  const wallet = new WalletService({
    db: database.db,
    auth,
    publicUrl: config.publicUrl,
    otherSignInMethods: (userId): Promise<number> => oidc.linkedCount(userId),
  });
  scheduler.every('auth.wallet-leftovers', 10 * 60_000, () => wallet.purgeExpired());
  // Social sign-in (OpenID Connect): providers from configuration; expired attempts purged.
  const oidc = new OidcService({
    db: database.db,
    auth,
    providers: config.oidcProviders,
    publicUrl: config.publicUrl,
    log,
    otherSignInMethods: (userId): Promise<number> => wallet.linkedCount(userId),
  });
  scheduler.every('auth.oidc-leftovers', 10 * 60_000, () => oidc.purgeExpired());
  // Markets: catalogue seeded and last prices restored before anything reads a price; the feed runs on the
  // scheduler's leader while the markets lifecycle runs.
  const markets = await MarketsService.create(config, database, log, { params, audit, scheduler, bus });
  lifecycle.push(markets.lifecycle);
  const homeStats = new HomeStatsService(database.db);
  const live = new LiveService(bus, markets, {
    liveSessions: (sessions) => auth.liveSessionsAmong(sessions),
  });
  lifecycle.push(live.lifecycle);
  // Notifications (stored, then pushed live) and invite rewards come before the engines that produce them.
  const notifications = new NotificationsService(database.db, live, units);
  // Customer account security: second factors, passkeys, step-up, devices and history, address book, locks.
  // TOTP secrets are sealed as staff ones are (the identity key).
  const factorThrottle = new SharedAttemptThrottle(database.db, {
    name: 'factor',
    freeFailures: config.authRateLimits.loginPerAccount.max,
    firstLockMs: config.authRateLimits.loginPerAccount.windowMs,
  });
  const security = new SecurityService({
    db: database.db,
    units,
    auth,
    mailer,
    notifications,
    params,
    vault: new IdentityVault(config.identityEncryptionKey, config.identityDir),
    webAuthn: config.webAuthn,
    publicUrl: config.publicUrl,
    factorThrottle,
    log,
  });
  auth.useSignInHooks(security.signIn);
  // Every customer e-mail carries the customer's anti-phishing code (added where mails leave).
  mailer.useAntiPhishing((to) => security.antiPhishingFor(to));
  scheduler.every('security.leftovers', 10 * 60_000, () => security.purgeExpired());
  const securityStaff = new SecurityStaffRequests({
    db: database.db,
    units,
    audit,
    fourEyes,
    security,
    usernames: (ids) => auth.usernames(ids),
  });
  const invites = new InvitesService(database.db, ledger, params, config.publicUrl);
  const records = new RecordsService(ledger);
  // KYC and loans: identity verification (documents encrypted at rest) gates loans and, by parameter,
  // withdrawals, so it comes before the cashier.
  const kyc = new KycService({
    db: database.db,
    units,
    uploads,
    vault: new IdentityVault(config.identityEncryptionKey, config.identityDir),
    auth,
    audit,
    params,
    notifications,
    events: live,
  });
  kyc.registerReviews(reviews);
  const loans = new LoansService({
    db: database.db,
    units,
    ledger,
    params,
    audit,
    kyc,
    notifications,
    events: live,
    customers: (ids) => auth.customerSummaries(ids),
    fourEyes,
    staffNames: (ids) => staffUsernames(database.db, ids),
  });
  loans.registerReviews(reviews);
  loans.registerJobs(scheduler);
  const cashier = new CashierService({
    db: database.db,
    units,
    ledger,
    params,
    uploads,
    notifications,
    events: live,
    identity: kyc,
    // Money rules: no withdrawal while a loan is overdue (11400).
    loanStanding: loans,
    reviews,
    withdrawalGuard: security,
    staffViews: {
      customers: (ids) => auth.customerSummaries(ids),
      recentTrades: async (userId, limit) =>
        (await records.page({ userId, mode: 'real' }, { types: [...tradingEntryTypes] }, 1, limit)).items,
      // The portfolio is built after the cashier; staff lists run long after start-up.
      valueUsdt: (currency, amount) => portfolio.valueUsdt(currency, amount),
    },
  });
  cashier.registerReviews(reviews);
  cashier.registerJobs(scheduler);
  // Trading: its index of triggers and expiries is rebuilt from the database here, before any request.
  const trading = createTrading({
    db: database.db,
    units,
    ledger,
    markets,
    params,
    events: live,
    log,
    bus,
    invites,
    notifications,
  });
  await trading.engine.init();
  trading.registerJobs(scheduler);
  lifecycle.push(trading.engine.lifecycle);
  // Portfolio: the read side over the ledger, the feed and the products (asset values, profit, risk figure).
  const portfolio = new PortfolioService({ ledger, markets, trading, now: () => trading.now() });
  // Smart plans: products seeded from configuration; the payout run is a scheduler job.
  const plans = new PlansService({
    db: database.db,
    units,
    ledger,
    notifications,
    audit,
    products: configuredProducts(config.planProducts),
  });
  await plans.init();
  plans.registerJobs(scheduler);
  // The seed's `listMarketAll?type=1` lists the plan products among the markets.
  markets.listProducts(() => plans.listed());
  // ---- nfts ----
  // Charity auctions: settled by the scheduler at each stored end; the shipped collection listed once.
  const nfts = new NftsService({
    db: database.db,
    units,
    ledger,
    params,
    notifications,
    audit,
    events: live,
    scheduler,
    usernames: (ids) => auth.usernames(ids),
    // Charity payouts: a second finance member approves.
    fourEyes,
    staffNames: (ids) => staffUsernames(database.db, ids),
  });
  nfts.registerJobs(scheduler);
  await nfts.seed();
  // Back office: customers (through the owners' read functions) and correction entries (four eyes).
  const directory = new CustomerDirectory(database.db, auth.clock);
  const customers = new CustomersService({
    db: database.db,
    units,
    audit,
    directory,
    ledger,
    records,
    trading,
  });
  const corrections = new CorrectionsService({
    db: database.db,
    units,
    audit,
    directory,
    ledger,
    fourEyes,
    notifications,
    usernames: (ids) => auth.usernames(ids),
  });
  registerChangeKinds(changes, { params, markets, plans, loans, staffManagement });
  lifecycle.push(scheduler.lifecycle);
  return {
    config,
    database,
    units,
    lifecycle,
    bus,
    scheduler,
    audit,
    auditChain,
    staff,
    staffManagement,
    fourEyes,
    changes,
    reviews,
    params,
    uploads,
    content,
    ledger,
    mailer,
    submissionGuard,
    auth,
    markets,
    homeStats,
    live,
    trading,
    portfolio,
    notifications,
    invites,
    records,
    cashier,
    plans,
    // Wallet sign-in.
    wallet,
    // KYC and loans
    kyc,
    loans,
    // ---- nfts ----
    nfts,
    // Social sign-in (OpenID Connect).
    oidc,
    // Customer account security.
    rateCounters,
    security,
    securityStaff,
    // Back office: customers, corrections, operations.
    directory,
    customers,
    corrections,
    contentEditor,
  };
}

export type { Lifecycle } from './lifecycle';

export type Services = Awaited<ReturnType<typeof createServices>>;
