/**
 * `npm run admin -- create-user EMAIL [ROLE]`, `reset-password EMAIL` and `set-role EMAIL ROLE`:
 * the operator's way in when no admin can sign in. The first two print a one-time password once
 * (stored only as its argon2id hash) that its owner must change at the next sign-in; a reset
 * also ends every session of that user, in every process. `set-role` changes an account's role
 * (the last admin stays one). Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the
 * server first).
 */
import { ROLES, aRole, roleSchema, type Role } from '../../src/contract/index.ts';
import { defaultPasswordHashing } from '../accounts/auth.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { ApiError } from '../errors.ts';
import { changeRole, createAccount, resetPassword } from '../accounts/operations.ts';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

const USAGE = `Usage: npm run admin -- create-user EMAIL [ROLE] | reset-password EMAIL | set-role EMAIL ROLE
ROLE is one of ${ROLES.join(', ')} (create-user: admin unless given).
create-user and reset-password print a one-time password once; its owner chooses a new one at the next sign-in.
Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).`;

const COMMANDS = ['create-user', 'reset-password', 'set-role'];

/** The role argument, checked: undefined when absent. */
function roleArgument(value: string | undefined): Role | undefined {
  if (value === undefined) return undefined;
  const read = roleSchema.safeParse(value.trim().toLowerCase());
  if (!read.success) throw new Error(`"${value}" is not a role: one of ${ROLES.join(', ')}`);
  return read.data;
}

async function main([command, email, roleText]: string[]) {
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
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(message);
    process.exit(1);
  });
}
