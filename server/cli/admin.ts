/**
 * `npm run admin -- create-user EMAIL [ROLE]`, `reset-password EMAIL` and `set-role EMAIL ROLE`:
 * the operator's way in when no admin can sign in; and `move-to-postgres DATABASE_URL`, which
 * copies the embedded library in DATA_DIR into an empty PostgreSQL database (server/db/move.ts). The first two print a one-time password once
 * (stored only as its argon2id hash) that its owner must change at the next sign-in; a reset
 * also ends every session of that user, in every process. `set-role` changes an account's role
 * (the last admin stays one). Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the
 * server first).
 */
import { ROLES, aRole, roleSchema, type Role } from '../../src/contract/index.ts';
import { defaultPasswordHashing } from '../accounts/auth.ts';
import { loadConfig } from '../config.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createPgliteDatabase, createPostgresDatabase, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { checkTarget, moveLibrary, MoveError, type MoveProgress } from '../db/move.ts';
import { ApiError } from '../errors.ts';
import { changeRole, createAccount, resetPassword } from '../accounts/operations.ts';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

const USAGE = `Usage: npm run admin -- create-user EMAIL [ROLE] | reset-password EMAIL | set-role EMAIL ROLE
       npm run admin -- move-to-postgres DATABASE_URL
ROLE is one of ${ROLES.join(', ')} (create-user: admin unless given).
create-user and reset-password print a one-time password once; its owner chooses a new one at the next sign-in.
Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).
move-to-postgres copies the embedded library in DATA_DIR into an empty PostgreSQL database (14 or newer),
checks every table's rows and checksum, and leaves the embedded library as it was (stop the server first).`;

const COMMANDS = ['create-user', 'reset-password', 'set-role', 'move-to-postgres'];

/** The role argument, checked: undefined when absent. */
function roleArgument(value: string | undefined): Role | undefined {
  if (value === undefined) return undefined;
  const read = roleSchema.safeParse(value.trim().toLowerCase());
  if (!read.success) throw new Error(`"${value}" is not a role: one of ${ROLES.join(', ')}`);
  return read.data;
}

/** A database address as it may be printed: without its password. */
function shown(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an address that is not a URL)';
  }
}

/** A line per table as it is copied: a bar on a terminal, a line per table otherwise. */
function progressPrinter() {
  const tty = process.stderr.isTTY;
  let last = '';
  return (p: MoveProgress) => {
    const head = `[${p.index + 1}/${p.tables}] ${p.table}`;
    if (tty) {
      const width = 24;
      const filled = p.total ? Math.round((p.copied / p.total) * width) : width;
      process.stderr.write(`\r${head} ${'█'.repeat(filled)}${'░'.repeat(width - filled)} ${p.copied.toLocaleString('en-US')}/${p.total.toLocaleString('en-US')}\x1b[K`);
      if (p.copied >= p.total) process.stderr.write('\n');
    } else if (p.copied >= p.total && last !== p.table) {
      last = p.table;
      console.error(`${head}: ${p.total.toLocaleString('en-US')} rows`);
    }
  };
}

async function moveToPostgres(url: string | undefined) {
  if (!url) throw new Error(`move-to-postgres needs the target's address: npm run admin -- move-to-postgres postgres://user@host:5432/database\n${USAGE}`);
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: this console already runs on PostgreSQL. Unset it to move the embedded library in DATA_DIR.');
  const folder = path.join(config.dataDir, 'db');
  if (!existsSync(folder)) throw new Error(`No embedded library in DATA_DIR: ${folder} does not exist.`);
  const unreachable = (error: unknown) => new Error(`Cannot reach the PostgreSQL at ${shown(url)}: ${error instanceof Error ? error.message : String(error)}`);
  const target = await createPostgresDatabase({ connectionString: url, max: 2 }).catch((error: unknown) => {
    throw unreachable(error);
  });
  try {
    // Refusals (too old, not empty) as they are; anything else is the connection's.
    await checkTarget(target).catch((error: unknown) => {
      throw error instanceof MoveError ? error : unreachable(error);
    });
    const source = await createPgliteDatabase(folder);
    try {
      console.error(`Moving the library in ${folder} to ${shown(url)}…`);
      const report = await moveLibrary(source, target, progressPrinter());
      console.log(`Moved ${report.rows.toLocaleString('en-US')} rows of ${report.tables.length} tables in ${(report.ms / 1000).toFixed(1)} s (schema version ${report.version}); every table's row count and checksum match the embedded library's.`);
      console.log(`Start the console on it: DATABASE_URL=${shown(url)} npm start (with the same DATA_DIR: the files stay there). The embedded library in ${folder} is unchanged.`);
    } finally {
      await source.close();
    }
  } finally {
    await target.close();
  }
}

async function main([command, email, roleText]: string[]) {
  if (command === 'move-to-postgres') return moveToPostgres(email);
  if (!command || command === '--help' || !email || (command === 'set-role' && !roleText)) {
    console.log(USAGE);
    process.exitCode = command && command !== '--help' ? 2 : 0;
    return;
  }
  if (!COMMANDS.includes(command)) throw new Error(`Unknown command ${command}\n${USAGE}`);
  if (!EMAIL.test(email.trim())) throw new Error(`"${email}" is not an email address`);
  const role = roleArgument(roleText);
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    if (command === 'set-role') {
      const account = await changeRole(db, { email }, role!, { id: null, email: null });
      console.log(`${account.email} is now ${aRole(account.role)}.`);
      return;
    }
    const result =
      command === 'create-user'
        ? await createAccount(db, email, defaultPasswordHashing, null, role).then((r) => ({ email: r.account.email, password: r.password }))
        : await resetPassword(db, email, defaultPasswordHashing);
    console.log(`${command === 'create-user' ? 'Created' : 'Reset the password of'} ${result.email}${role ? ` (${role})` : ''}.`);
    console.log(`One-time password (shown once; to be changed at sign-in): ${result.password}`);
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    const message =
      error instanceof ApiError && error.code === 'email_taken'
        ? `${error.message} (use reset-password)`
        : error instanceof MoveError
          ? `Not moved: ${error.message}`
          : error instanceof Error
          ? error.message
          : String(error);
    console.error(message);
    process.exit(1);
  });
}
