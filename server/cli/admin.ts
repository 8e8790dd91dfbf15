/**
 * `npm run admin -- create-user EMAIL` and `npm run admin -- reset-password EMAIL`: the
 * operator's way in when no admin can sign in. Each prints a one-time password once (stored
 * only as its argon2id hash) that its owner must change at the next sign-in; a reset also ends
 * every session of that user, in every process. Uses DATABASE_URL, or the embedded database in
 * DATA_DIR (stop the server first).
 */
import { defaultPasswordHashing } from '../accounts/auth.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrations.ts';
import { ApiError } from '../errors.ts';
import { createAccount, resetPassword } from '../accounts/users.ts';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

const USAGE = `Usage: npm run admin -- create-user EMAIL | reset-password EMAIL
Prints a one-time password once; its owner chooses a new one at the next sign-in.
Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).`;

async function main([command, email]: string[]) {
  if (!command || command === '--help' || !email) {
    console.log(USAGE);
    process.exitCode = command && command !== '--help' ? 2 : 0;
    return;
  }
  if (command !== 'create-user' && command !== 'reset-password') throw new Error(`Unknown command ${command}\n${USAGE}`);
  if (!EMAIL.test(email.trim())) throw new Error(`"${email}" is not an email address`);
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const result =
      command === 'create-user'
        ? await createAccount(db, email, defaultPasswordHashing, null).then((r) => ({ email: r.account.email, password: r.password }))
        : await resetPassword(db, email, defaultPasswordHashing);
    console.log(`${command === 'create-user' ? 'Created' : 'Reset the password of'} ${result.email}.`);
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
