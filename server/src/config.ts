import os from 'node:os';
import path from 'node:path';
import { oidcProvidersFrom, type OidcProviderConfig } from './auth/oidc/config';
import { MAX_HISTORY_DAYS } from './markets/feed/simulated-history';
import { staffNetworksFrom } from './http/staff-network';
import { keyringFromEnv, type Keyring } from './platform/crypto';
import type { RateLimit } from './guards/rate-limits';
import type { WebAuthnConfig } from './security/passkeys';
import type { ExchangeFeedConfig } from './markets/feed-runner';
import { chainNetworksFrom, type ChainNetwork } from './cashier/chain/networks';

/**
 * Configuration from environment variables. Every variable and its default is listed in
 * docs/configuration.md; keep the two in step.
 */
export interface Config {
  nodeEnv: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** PostgreSQL connection string; unset means the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where uploaded images live: outside any folder served to the web. */
  uploadDir: string;
  /** Built shell and modules to serve in production (`<webRoot>/shell`, `<webRoot>/mf-*`). */
  webRoot: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** The start-up admin's e-mail address (`ADMIN_EMAIL`), for password reset links and re-enrolment codes. */
  adminEmail: string | undefined;
  /**
   * `STAFF_ALLOWED_CIDRS`: the networks `/swx/admin` and `/staff` answer (addresses or CIDR ranges, through
   * `TRUST_PROXY`); undefined: every network.
   */
  staffAllowedCidrs: string[] | undefined;
  marketFeed: 'simulated' | 'replay' | 'exchange';
  marketFeedSeed: number;
  /**
   * Days of past the simulated feed generates on its first start (`MARKET_FEED_HISTORY_DAYS`, 0–90; 90 by
   * default, 0 under NODE_ENV=test so test suites start from an empty history unless they ask for one).
   */
  marketFeedHistoryDays: number;
  replayFile: string | undefined;
  logLevel: string;
  /** Largest JSON body accepted, bytes. Uploads have their own limit. */
  bodyLimit: number;
  uploadLimit: number;
  /** Public base URL used in mails and invite links. */
  publicUrl: string;
  /**
   * Which peers may set `X-Forwarded-For` / `X-Forwarded-Proto`: `false` (nobody: the socket address is the
   * client), a hop count, or a list of proxy addresses and CIDR ranges. Never "everybody": with that, any
   * client could pick the address every per-address limit counts.
   */
  trustProxy: false | number | string[];
  /** Bearer token `/metrics` requires; unset: `/metrics` is not served. */
  metricsToken: string | undefined;
  /** A JSON file `{mf_name: manifest URL}` served as `/remotes.json` instead of the modules on disk. */
  remotesFile: string | undefined;
  /**
   * Versioned module releases (`pnpm release`, scripts/release): served under `/releases/`; its pointer
   * `remotes.json` names the active version of each released module (`RELEASES_DIR`, default
   * `<webRoot>/releases`).
   */
  releasesDir: string;
  /** Sign-in and sign-up request limits (auth engineer); see `RateLimit`. */
  authRateLimits: AuthRateLimits;
  /** Social sign-in: the OpenID Providers configured (auth/oidc/config.ts); empty offers none. */
  oidcProviders: OidcProviderConfig[];
  // KYC and loans
  /**
   * The key-encryption keys that seal identity data at rest (`platform/crypto`): `IDENTITY_ENCRYPTION_KEY`,
   * or the keyring `IDENTITY_KEYS` with `IDENTITY_ACTIVE_KEY`; required unless NODE_ENV is `test`.
   */
  identityKeys: Keyring;
  /** Where sealed identity photos live (`$DATA_DIR/identity`). */
  identityDir: string;
  /** Smart plans: `PLAN_PRODUCTS`, a JSON array of products replacing the default gold plan (plans/products.ts). */
  planProducts: string | undefined;
  /**
   * This instance's name among several on one database (`INSTANCE_NAME`, default host and process id): the
   * leader's database connection carries it, so an operator sees which instance runs the background work.
   */
  instanceName: string;
  /** Feed: the exchange adapter's settings (MARKET_FEED=exchange); undefined for the other feeds. */
  exchangeFeed: ExchangeFeedConfig | undefined;
  /**
   * `PARAM_DEFAULTS`: a JSON object of parameter values used instead of the seed defaults when a parameter is
   * first stored (a new installation, a new parameter); values staff have set are never touched.
   */
  paramDefaults: Record<string, string>;
  /** Passkeys (WebAuthn): the relying party (security/passkeys.ts). */
  webAuthn: WebAuthnConfig;
  /**
   * Deposits from the chain: the watched EVM networks (`CHAIN_NETWORKS`, cashier/chain/networks.ts); empty
   * watches none and deposits are the reviewed form only.
   */
  chainNetworks: ChainNetwork[];
  /** How often the chain watcher passes over the networks (`CHAIN_POLL_MS`, default 4,000). */
  chainPollMs: number;
}

export interface AuthRateLimits {
  loginPerIp: RateLimit;
  loginPerAccount: RateLimit;
  sendCodePerEmail: RateLimit;
  sendCodePerIp: RateLimit;
  registerPerIp: RateLimit;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const repoRoot = path.resolve(__dirname, '..', '..');
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const feed = env.MARKET_FEED ?? 'simulated';
  if (feed !== 'simulated' && feed !== 'replay' && feed !== 'exchange')
    throw new Error(`MARKET_FEED must be simulated, replay or exchange, got "${feed}"`);
  const port = intFrom(env.PORT, 8080, 'PORT');
  return {
    nodeEnv,
    host: env.HOST ?? '0.0.0.0',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    webRoot: path.resolve(env.WEB_ROOT ?? repoRoot),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'SWX <no-reply@swx.local>',
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    staffAllowedCidrs: staffNetworksFrom(env.STAFF_ALLOWED_CIDRS),
    marketFeed: feed,
    marketFeedSeed: intFrom(env.MARKET_FEED_SEED, 20260101, 'MARKET_FEED_SEED'),
    marketFeedHistoryDays: historyDaysFrom(env.MARKET_FEED_HISTORY_DAYS, nodeEnv),
    replayFile: env.REPLAY_FILE || undefined,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    bodyLimit: intFrom(env.BODY_LIMIT, 64 * 1024, 'BODY_LIMIT'),
    uploadLimit: intFrom(env.UPLOAD_LIMIT, 50 * 1024 * 1024, 'UPLOAD_LIMIT'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    metricsToken: metricsTokenFrom(env.METRICS_TOKEN),
    remotesFile: env.REMOTES_FILE || undefined,
    releasesDir: path.resolve(
      env.RELEASES_DIR || path.join(path.resolve(env.WEB_ROOT ?? repoRoot), 'releases'),
    ),
    authRateLimits: authRateLimitsFrom(env, nodeEnv),
    oidcProviders: oidcProvidersFrom(env),
    // KYC and loans
    identityKeys: keyringFromEnv(env, nodeEnv),
    identityDir: path.resolve(env.IDENTITY_DIR ?? path.join(dataDir, 'identity')),
    planProducts: env.PLAN_PRODUCTS || undefined,
    instanceName: (env.INSTANCE_NAME || `${os.hostname()}:${process.pid}`).slice(0, 40),
    exchangeFeed: feed === 'exchange' ? exchangeFeedFrom(env) : undefined,
    paramDefaults: paramDefaultsFrom(env.PARAM_DEFAULTS),
    webAuthn: webAuthnFrom(env, env.PUBLIC_URL ?? `http://localhost:${port}`),
    chainNetworks: chainNetworksFrom(env.CHAIN_NETWORKS),
    chainPollMs: Math.max(100, intFrom(env.CHAIN_POLL_MS, 4_000, 'CHAIN_POLL_MS')),
  };
}

/** `PARAM_DEFAULTS`: `{"key": "value", ...}`, strings only (checked against the definitions at start-up). */
function paramDefaultsFrom(value: string | undefined): Record<string, string> {
  if (!value) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('PARAM_DEFAULTS must be a JSON object of parameter values');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('PARAM_DEFAULTS must be a JSON object of parameter values');
  for (const [key, entry] of Object.entries(parsed))
    if (typeof entry !== 'string') throw new Error(`PARAM_DEFAULTS: the value of ${key} must be a string`);
  return parsed as Record<string, string>;
}

/** Passkeys are bound to `WEBAUTHN_RP_ID` (default: PUBLIC_URL's host) and its `WEBAUTHN_ORIGINS`. */
function webAuthnFrom(env: NodeJS.ProcessEnv, publicUrl: string): WebAuthnConfig {
  const site = new URL(publicUrl);
  const origins = (env.WEBAUTHN_ORIGINS ?? site.origin)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins)
    if (!/^https?:\/\/[^/]+$/.test(origin))
      throw new Error(`WEBAUTHN_ORIGINS must be origins such as https://swx.example, got "${origin}"`);
  const rpId = env.WEBAUTHN_RP_ID || site.hostname;
  if (!/^[a-z0-9.-]+$/i.test(rpId)) throw new Error(`WEBAUTHN_RP_ID must be a host name, got "${rpId}"`);
  return { rpId, rpName: env.WEBAUTHN_RP_NAME || 'SWX', origins };
}

/** Feed: the simulator publishes at most 90 days of past (PRODUCT.md rule 1). */
function historyDaysFrom(value: string | undefined, nodeEnv: Config['nodeEnv']): number {
  const days = intFrom(value, nodeEnv === 'test' ? 0 : MAX_HISTORY_DAYS, 'MARKET_FEED_HISTORY_DAYS');
  if (days > MAX_HISTORY_DAYS)
    throw new Error(`MARKET_FEED_HISTORY_DAYS must be at most ${MAX_HISTORY_DAYS}, got "${value}"`);
  return days;
}

/** Feed: MARKET_FEED=exchange needs an explicit ws:// or wss:// EXCHANGE_FEED_URL. */
function exchangeFeedFrom(env: NodeJS.ProcessEnv): ExchangeFeedConfig {
  const url = env.EXCHANGE_FEED_URL ?? '';
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'ws:' && protocol !== 'wss:')
    throw new Error('MARKET_FEED=exchange needs EXCHANGE_FEED_URL, a ws:// or wss:// stream endpoint');
  const backoffInitialMs = intFrom(env.EXCHANGE_BACKOFF_INITIAL_MS, 500, 'EXCHANGE_BACKOFF_INITIAL_MS');
  const backoffMaxMs = intFrom(env.EXCHANGE_BACKOFF_MAX_MS, 30_000, 'EXCHANGE_BACKOFF_MAX_MS');
  if (backoffInitialMs < 1 || backoffMaxMs < backoffInitialMs)
    throw new Error('EXCHANGE_BACKOFF_INITIAL_MS must be at least 1 and at most EXCHANGE_BACKOFF_MAX_MS');
  const idleTimeoutMs = intFrom(env.EXCHANGE_IDLE_TIMEOUT_MS, 30_000, 'EXCHANGE_IDLE_TIMEOUT_MS');
  if (idleTimeoutMs < 100) throw new Error('EXCHANGE_IDLE_TIMEOUT_MS must be at least 100');
  return {
    url,
    symbols: env.EXCHANGE_SYMBOLS || undefined,
    conflateMs: intFrom(env.EXCHANGE_CONFLATE_MS, 250, 'EXCHANGE_CONFLATE_MS'),
    idleTimeoutMs,
    backoffInitialMs,
    backoffMaxMs,
  };
}

const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/**
 * `TRUST_PROXY`: unset, empty, `false` or `0` trusts nobody; a positive integer trusts that many hops in
 * front of the server; otherwise a comma-separated list of proxy addresses or CIDR ranges
 * (`10.0.0.0/8,127.0.0.1`). `true` is refused: it would let any client choose its own address.
 */
export function trustProxyFrom(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return intFrom(text, 0, 'TRUST_PROXY');
  if (text === 'true')
    throw new Error(
      'TRUST_PROXY=true would trust X-Forwarded-For from anyone: give a hop count or addresses',
    );
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!IPV4_OR_CIDR.test(entry) && !IPV6_OR_CIDR.test(entry))
      throw new Error(`TRUST_PROXY must be a hop count or addresses/CIDR ranges, got "${entry}"`);
  }
  return entries;
}

/** A metrics token short enough to guess would make the protection decorative. */
function metricsTokenFrom(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return value;
}

/**
 * Production limits by default. Under NODE_ENV=test the defaults are high so that test suites creating many
 * customers from one address are not throttled; the rate-limit tests set the variables low on purpose.
 */
function authRateLimitsFrom(env: NodeJS.ProcessEnv, nodeEnv: Config['nodeEnv']): AuthRateLimits {
  const limit = (name: string, max: number, windowMs: number): RateLimit => ({
    max: intFrom(env[name], nodeEnv === 'test' ? 10_000 : max, name),
    windowMs,
  });
  return {
    loginPerIp: limit('RATE_LOGIN_PER_IP_PER_MINUTE', 10, 60_000),
    loginPerAccount: limit('RATE_LOGIN_PER_ACCOUNT_PER_MINUTE', 5, 60_000),
    sendCodePerEmail: limit('RATE_SEND_CODE_PER_EMAIL_PER_10_MINUTES', 5, 600_000),
    sendCodePerIp: limit('RATE_SEND_CODE_PER_IP_PER_HOUR', 20, 3_600_000),
    registerPerIp: limit('RATE_REGISTER_PER_IP_PER_HOUR', 10, 3_600_000),
  };
}
