import path from 'node:path';

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
  marketFeed: 'simulated' | 'replay';
  marketFeedSeed: number;
  replayFile: string | undefined;
  logLevel: string;
  /** Largest JSON body accepted, bytes. Uploads have their own limit. */
  bodyLimit: number;
  uploadLimit: number;
  /** Public base URL used in mails and invite links. */
  publicUrl: string;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const repoRoot = path.resolve(__dirname, '..', '..');
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const feed = env.MARKET_FEED ?? 'simulated';
  if (feed !== 'simulated' && feed !== 'replay') throw new Error(`MARKET_FEED must be simulated or replay, got "${feed}"`);
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
    marketFeed: feed,
    marketFeedSeed: intFrom(env.MARKET_FEED_SEED, 20260101, 'MARKET_FEED_SEED'),
    replayFile: env.REPLAY_FILE || undefined,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    bodyLimit: intFrom(env.BODY_LIMIT, 64 * 1024, 'BODY_LIMIT'),
    uploadLimit: intFrom(env.UPLOAD_LIMIT, 50 * 1024 * 1024, 'UPLOAD_LIMIT'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
  };
}
