import type { Lifecycle } from './lifecycle';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { AuditService } from './admin/audit';
import { StaffService } from './admin/staff';
import { ReviewRegistry } from './admin/reviews';
import { ParamsService } from './params/service';
import { UploadsService } from './uploads/service';
import { ContentService } from './content/service';
import { Ledger } from './ledger/service';
import { createMailer } from './mail/mailer';
import { SubmissionGuard } from './guards/repeat';
import { AuthService } from './auth/service';
import { authHousekeeping } from './auth/housekeeping';
import { MarketsService } from './markets/service';
import { HomeStatsService } from './markets/home-stats';
import { LiveService } from './live/service';
import { TradingService } from './trading/service';
import { NotificationsService } from './notifications/service';
import { InvitesService } from './invites/service';
import { CashierService } from './cashier/service';
import { RecordsService } from './records/service';

/**
 * The composition root: every domain service, built once, in dependency order. Domains reach each other
 * only through what is created here (no module-level singletons), so tests build the same graph on a fresh
 * database. A service with background work (feed, schedulers) has start()/stop(), called by main.ts.
 */
export async function createServices(config: Config, database: Database, log: FastifyBaseLogger) {
  const lifecycle: Lifecycle[] = [];
  const audit = new AuditService(database.db);
  const staff = new StaffService(database.db, audit);
  await staff.bootstrap(config.adminUsername, config.adminPassword);
  const reviews = new ReviewRegistry(database.db, audit, (error, decision) =>
    log.error({ err: error, kind: decision.kind, id: decision.id }, 'after-decision step failed'),
  );
  // Parameters are seeded and loaded before any other service can read one.
  const params = new ParamsService(database, audit, log);
  await params.init();
  lifecycle.push(params);
  const uploads = new UploadsService(database.db, config.uploadDir, config.uploadLimit, () => ({
    count: params.getInteger('upload_daily_count'),
    bytes: params.getInteger('upload_daily_bytes'),
  }));
  const content = new ContentService(database.db);
  await content.seed();
  const ledger = await Ledger.create(database.db, {
    demoInitialBalance: () => params.get('demo_initial_balance'),
  });
  // Customers: sign-up opens the ledger accounts in the same transaction that creates the customer.
  const mailer = createMailer(config, log);
  const submissionGuard = new SubmissionGuard(database.db);
  const auth = new AuthService({
    db: database.db,
    mailer,
    log,
    openCustomerAccounts: (tx, userId) => ledger.openCustomerAccounts(tx, userId),
  });
  lifecycle.push(authHousekeeping([() => auth.purgeExpired(), () => submissionGuard.purgeExpired()], log));
  // Markets: catalogue seeded and last prices restored before anything reads a price; the feed starts with
  // the lifecycle (only on the instance elected feed leader).
  const markets = await MarketsService.create(config, database, log, { params, audit });
  lifecycle.push(markets.lifecycle);
  const homeStats = new HomeStatsService(database.db);
  const live = new LiveService(database, markets, log);
  lifecycle.push(live.lifecycle);
  // Notifications (stored, then pushed live) and invite rewards come before the engines that produce them.
  const notifications = new NotificationsService(database.db, live);
  const invites = new InvitesService(database.db, ledger, params, config.publicUrl);
  const records = new RecordsService(database.db);
  const cashier = new CashierService({
    db: database.db,
    ledger,
    params,
    uploads,
    notifications,
    events: live,
  });
  cashier.registerReviews(reviews);
  lifecycle.push(cashier.lifecycle);
  // Trading: its index of triggers and expiries is rebuilt from the database here, before any request.
  const trading = new TradingService({
    db: database.db,
    ledger,
    markets,
    params,
    events: live,
    log,
    fanOut: database,
    invites,
    notifications,
  });
  await trading.init();
  lifecycle.push(trading.lifecycle);
  void log;
  return {
    config,
    database,
    lifecycle,
    audit,
    staff,
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
    notifications,
    invites,
    records,
    cashier,
  };
}

export type { Lifecycle } from './lifecycle';

export type Services = Awaited<ReturnType<typeof createServices>>;
