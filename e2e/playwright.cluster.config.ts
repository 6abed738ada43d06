import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/browser';

/**
 * Several instances behind a load balancer (cluster/): the spec starts two built servers on one PostgreSQL
 * database and Debian's haproxy in front of them, kills one and starts it again, so it runs alone, in one
 * worker, desktop only. Mail codes arrive through the suite's SMTP server (the globalSetup).
 */
process.env.SWX_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'swx-e2e-cluster-'));
process.env.SWX_E2E_MAIL_DIR ??= `${process.env.SWX_E2E_DATA_DIR}-mail`;

export default defineConfig({
  testDir: './cluster',
  globalSetup: './support/smtp.ts',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunchOptions,
  },
});
