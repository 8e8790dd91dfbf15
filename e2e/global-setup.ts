/**
 * Before the end-to-end run: a PostgreSQL for the two-process test when TEST_DATABASE_URL names
 * none (server/test/postgres/embedded.ts). After it: that server stopped, and the data folder the
 * configured web server used (made by playwright.config.ts) removed.
 */
import { rmSync } from 'node:fs';
import { startTestPostgres } from '../server/test/postgres/embedded.ts';

export default async function globalSetup() {
  const ownDataDir = process.env.E2E_OWN_DATA_DIR;
  const postgres = process.env.TEST_DATABASE_URL ? undefined : await startTestPostgres();
  if (postgres) process.env.TEST_DATABASE_URL = postgres.url;
  return async () => {
    await postgres?.stop();
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
}
