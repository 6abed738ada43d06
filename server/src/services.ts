import type { Lifecycle } from './platform/lifecycle';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { AuditService } from './staff/audit';
import { AuditChain } from './staff/audit-chain';
import { ChangeRequests } from './staff/changes';
import { registerChangeKinds } from './backoffice/change-kinds';
import { StaffService } from './staff/staff';
import { ReviewRegistry } from './staff/reviews';
import { ReviewClaims } from './staff/claims';
import { FourEyes } from './staff/four-eyes';
import { StaffManagement } from './staff/staff-management';
import { StaffTotp } from './staff/staff-totp';
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
import { minimumDepositParam } from './cashier/deposits';
import { ChainDeposits } from './cashier/chain/service';
import { DepositAddresses } from './cashier/chain/addresses';
import { ChainPayouts } from './cashier/chain/payouts';
import { ChainSender, SealedSeedKeys } from './cashier/chain/sender';
import { ChainSweeps } from './cashier/chain/sweeps';
import { RecordsService } from './records/service';
import { Bus } from './platform/bus';
import { createLeadership } from './platform/leadership';
import { Scheduler } from './platform/scheduler';
// Smart plans.
import { PlansService } from './plans/service';
import { configuredProducts } from './plans/products';
// KYC and loans
import { KycService } from './kyc/service';
import { IdentityData } from './kyc/identity-data';
import { IdentityPhotos } from './kyc/photos';
import { KycRetention } from './kyc/retention';
import { upgradeLegacyKyc } from './kyc/legacy';
import { LoansService } from './loans/service';
import { LoanData } from './loans/retention';
// Identity data at rest: the keyring, envelope sealing and key rotation.
import {
  BlindIndex,
  KeyRotation,
  LegacyVault,
  SealedSecrets,
  Sealer,
  isLegacySealed,
  sealedColumn,
} from './platform/crypto';
import { totpScope } from './staff/staff-totp';
import { rotateKeys } from './keys';
// ---- nfts ----
import { NftsService } from './nfts/service';
// Customer account security.
import { SecurityService } from './security/service';
import { customerTotpScope } from './security/totp';
import { SecurityStaffRequests } from './security/staff-requests';
import { RateCounters, SharedAttemptThrottle, purgeAttemptCounters } from './guards/shared-counters';
// Back office: customers, corrections, operations.
import { CustomerDirectory } from './auth/directory';
import { CustomersService } from './backoffice/customers/service';
import { CorrectionsService } from './backoffice/customers/corrections';
// The customer's data and account closure.
import path from 'node:path';
import { AccountClosures } from './auth/closure';
import { forgetClosedAccount, forgetPasskeys } from './security/closure';
import { ExportFiles } from './privacy/export-files';
import { DataExports } from './privacy/exports';
import { AccountClosure } from './privacy/closure';
import type { PrivacySources } from './privacy/sources';

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
  // Identity data at rest (docs/security.md): one sealer over the configured keyring for every domain; each
  // place that stores sealed values registers with the key rotation, which also seals what was stored before.
  const sealer = new Sealer(config.identityKeys);
  const legacyVault = new LegacyVault(config.identityKeys, config.nodeEnv);
  const keyRotation = new KeyRotation(sealer);
  const sealedSecrets = new SealedSecrets(database.db, sealer);
  keyRotation.register(sealedSecrets.rewrapSource());
  // The audit log's tamper evidence: the chain's verifier and the daily anchors (a scheduler job).
  const auditChain = new AuditChain(database.db);
  scheduler.every('audit.anchor', 3_600_000, (now) => auditChain.anchorFinishedDays(now), {
    runOnStart: true,
  });
  const mailer = createMailer(config, log);
  const staff = new StaffService(database.db, audit, {
    // TOTP secrets are sealed under the identity keyring, bound to the member.
    totp: new StaffTotp(sealer),
    codeLimit: config.authRateLimits.loginPerAccount,
    mailer,
    publicUrl: config.publicUrl,
  });
  keyRotation.register(
    sealedColumn(database.db, sealer, {
      name: 'staff.totp',
      table: 'staff',
      id: 'id',
      column: 'totp_secret',
      encoding: 'base64',
      scopeColumns: [],
      scope: (_row, id) => totpScope(id),
      legacy: (value, _row, id) =>
        isLegacySealed(value) ? legacyVault.open(`staff-totp:${id}`, value) : undefined,
    }),
  );
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
  const uploads = new UploadsService({
    db: database.db,
    uploadDir: config.uploadDir,
    limit: config.uploadLimit,
    quota: () => ({
      count: params.getInteger('upload_daily_count'),
      bytes: params.getInteger('upload_daily_bytes'),
    }),
    sealer,
  });
  keyRotation.register(uploads.rewrapSource());
  uploads.registerJobs(scheduler, audit);
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
  // TOTP secrets are sealed as staff ones are (the sealer over the identity keyring), and rotate with them.
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
    vault: sealer,
    webAuthn: config.webAuthn,
    publicUrl: config.publicUrl,
    factorThrottle,
    log,
  });
  keyRotation.register(
    sealedColumn(database.db, sealer, {
      name: 'customer.totp',
      table: 'customer_totp',
      id: 'user_id',
      column: 'secret',
      encoding: 'base64',
      scopeColumns: [],
      scope: (_row, id) => customerTotpScope(id),
      legacy: (value, _row, id) =>
        isLegacySealed(value) ? legacyVault.open(`customer-totp:${id}`, value) : undefined,
    }),
  );
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
  // KYC and loans: identity verification (personal data sealed at rest) gates loans and, by parameter,
  // withdrawals, so it comes before the cashier. Document numbers are compared by a keyed hash whose key is a
  // sealed secret (the same on every instance, untouched by rotation).
  const identityPhotos = new IdentityPhotos(config.identityDir, sealer);
  const documentIndexKey = await sealedSecrets.getOrFailure('kyc.document-index');
  if (!Buffer.isBuffer(documentIndexKey))
    log.error(
      { reason: documentIndexKey.reason, keyId: documentIndexKey.keyId },
      'the document index key cannot be opened with the configured identity keys: identity submissions answer 11200',
    );
  const identityData = new IdentityData(sealer, new BlindIndex(documentIndexKey));
  const closedBefore = (cutoff: Date, after: string | null, limit: number) =>
    auth.closedBefore(cutoff, after, limit);
  const kycDeps = {
    db: database.db,
    units,
    uploads,
    photos: identityPhotos,
    data: identityData,
    auth,
    audit,
    params,
    notifications,
    events: live,
  };
  const kyc = new KycService(kycDeps);
  kyc.registerReviews(reviews);
  const kycRetention = new KycRetention({ ...kycDeps, closedBefore });
  kycRetention.registerJobs(scheduler);
  keyRotation.register(identityPhotos.rewrapSource(database.db));
  for (const source of identityData.rewrapSources(database.db)) keyRotation.register(source);
  const loans = new LoansService({
    db: database.db,
    units,
    ledger,
    params,
    audit,
    kyc,
    sealer,
    notifications,
    events: live,
    customers: (ids) => auth.customerSummaries(ids),
    fourEyes,
    staffNames: (ids) => staff.usernames(ids),
  });
  loans.registerReviews(reviews);
  loans.registerJobs(scheduler);
  const loanData = new LoanData({ db: database.db, sealer, audit, params, closedBefore });
  loanData.registerJobs(scheduler);
  for (const source of loanData.rewrapSources()) keyRotation.register(source);
  // Deposits from the chain: each customer's address per watched network (derived from the hot wallet's seed,
  // a sealed secret), and the watcher on the scheduler's leader. Without CHAIN_NETWORKS: nothing, no job.
  const chainDeposits = new ChainDeposits(
    {
      db: database.db,
      units,
      ledger,
      log,
      now: () => scheduler.now(),
      minimumDeposit: (coin) => params.getDecimal(minimumDepositParam[coin]),
      // Each change to a customer's recorded transfer, live on their deposit page.
      events: live,
    },
    {
      networks: config.chainNetworks,
      addresses: new DepositAddresses(database.db, sealedSecrets),
      pollMs: config.chainPollMs,
    },
  );
  chainDeposits.registerJobs(scheduler);
  const cashier = new CashierService({
    chain: chainDeposits,
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
  // Withdrawals sent to the chain: approved ones on a watched network are paid from the hot wallet by a leader
  // job (nonces in the database, gas under each network's cap). Without CHAIN_NETWORKS: nothing, no job.
  let chainPayouts: ChainPayouts | undefined;
  let chainSweeps: ChainSweeps | undefined;
  if (config.chainNetworks.length > 0) {
    const senderDeps = {
      db: database.db,
      units,
      keys: new SealedSeedKeys(database.db, sealedSecrets),
      log,
      now: () => scheduler.now(),
    };
    // One sender per network: withdrawals and sweeps share its nonces and its view of the hot wallet.
    const senders = config.chainNetworks.map((network) => new ChainSender(network, senderDeps));
    const payouts = new ChainPayouts(
      { units, log, now: () => scheduler.now() },
      cashier.chainWithdrawals,
      senders,
    );
    cashier.chainWithdrawals.chainView = (row) => payouts.view(row);
    chainDeposits.payouts = payouts;
    chainPayouts = payouts;
    payouts.registerJobs(scheduler, config.chainPollMs);
    // Deposit addresses swept into the hot wallet (tokens after a confirmed gas top-up): ledger-neutral.
    chainSweeps = new ChainSweeps({ db: database.db, units, log, now: () => scheduler.now() }, senders);
    chainSweeps.registerJobs(scheduler, config.chainPollMs);
  }
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
    staffNames: (ids) => staff.usernames(ids),
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
    staffNames: (ids) => staff.usernames(ids),
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
    staffNames: (ids) => staff.usernames(ids),
  });
  registerChangeKinds(changes, { params, markets, plans, loans, staffManagement });
  // The customer's data (a download sealed at rest, prepared on the scheduler) and account closure: a read
  // side over the owners' functions; closing writes through auth, security and privacy in one transaction.
  const privacySources: PrivacySources = {
    auth,
    ledger,
    records,
    trading,
    plans,
    loans,
    nfts,
    cashier,
    kyc,
    security,
  };
  const exportFiles = new ExportFiles(path.join(config.identityDir, 'exports'), sealer);
  keyRotation.register(exportFiles.rewrapSource(database.db));
  const dataExports = new DataExports({
    db: database.db,
    units,
    files: exportFiles,
    sources: privacySources,
    notifications,
    log,
  });
  dataExports.registerJobs(scheduler);
  const accountClosures = new AccountClosures(database.db, forgetPasskeys);
  const accountClosure = new AccountClosure({
    units,
    sources: privacySources,
    closures: accountClosures,
    exports: dataExports,
    audit,
    params,
    forgetSecurity: forgetClosedAccount,
  });
  accountClosure.registerJobs(scheduler);
  const privacy = {
    exports: dataExports,
    closure: accountClosure,
    files: exportFiles,
    sources: privacySources,
  };
  // Data stored before sealing is sealed before the first request (idempotent: nothing to do once done);
  // a rotation to a new active key runs in the background on the scheduler's leader, and from `pnpm admin
  // rotate-keys`.
  const upgraded = {
    uploads: await uploads.upgradeLegacy(),
    kyc: await upgradeLegacyKyc({
      db: database.db,
      data: identityData,
      photos: identityPhotos,
      legacy: legacyVault,
    }),
    loanSignatures: await loanData.upgradeLegacy(),
    sealed: await keyRotation.run({ legacyOnly: true }),
  };
  const upgradedCount =
    upgraded.uploads +
    upgraded.kyc.records +
    upgraded.kyc.photos +
    upgraded.loanSignatures +
    Object.values(upgraded.sealed).reduce((sum, counts) => sum + counts.upgraded, 0);
  if (upgradedCount > 0) log.info({ upgraded }, 'identity data stored before sealing is now sealed');
  scheduler.every(
    'platform.key-rotation',
    10 * 60_000,
    () => rotateKeys({ keyRotation, audit, db: database.db, log }, null),
    {
      runOnStart: true,
    },
  );
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
    keyRotation,
    sealedSecrets,
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
    chainDeposits,
    chainPayouts,
    chainSweeps,
    plans,
    // Wallet sign-in.
    wallet,
    // KYC and loans
    kyc,
    kycRetention,
    loans,
    loanData,
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
    // The customer's data and account closure.
    privacy,
  };
}

export type { Lifecycle } from './platform/lifecycle';

export type Services = Awaited<ReturnType<typeof createServices>>;
