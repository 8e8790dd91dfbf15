import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserPath } from './scripts/find-browser.mjs';

/**
 * End-to-end tests drive Debian's Chromium against `npm start` on a fresh data folder
 * (embedded database), exactly as an admin would run the product.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
// A fresh data folder, made once (the workers read the config again: they inherit the name) and
// removed after the run (e2e/global-setup.ts) unless E2E_DATA_DIR named it.
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = process.env.E2E_OWN_DATA_DIR = mkdtempSync(join(tmpdir(), 'admin-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export const adminEmail = 'admin@example.com';
export const adminPassword = 'correct horse battery staple';

export default defineConfig({
  testDir: 'e2e',
  // A PostgreSQL for the two-process test when TEST_DATABASE_URL names none; the data folder removed after.
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A focused test (.only) fails the run on CI rather than skipping the rest.
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: browserPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      DATABASE_URL: '',
      // The ingest tests scrape a fixture site they serve on 127.0.0.1.
      SCRAPE_ALLOW_CIDRS: '127.0.0.1/32',
      // The scheduling flow's webhook receiver listens on 127.0.0.1 too.
      WEBHOOK_ALLOW_CIDRS: '127.0.0.1/32',
      // The history flow saves three times in a few seconds and expects three revisions (by
      // default one admin's edits within 10 minutes are one; the server tests cover that).
      HISTORY_FOLD_MINUTES: '0',
    },
  },
});
