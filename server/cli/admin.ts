/**
 * `npm run admin -- create-user EMAIL` and `npm run admin -- reset-password EMAIL`: the
 * operator's way in when no admin can sign in. Each prints a new random password once (stored
 * only as its argon2id hash); a reset also ends every session of that user, in every process.
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).
 */
import { randomBytes } from 'node:crypto';
import { defaultPasswordHashing, hashPassword, SESSION_REVOKED_CHANNEL, type PasswordHashing } from '../auth.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrations.ts';
import { newId } from '../ids.ts';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

const newPassword = () => randomBytes(12).toString('base64url');

/** Adds a user; answers its one-time password. Refuses an email already in use. */
export async function createUser(db: Database, email: string, cost: PasswordHashing = defaultPasswordHashing) {
  const address = email.trim().toLowerCase();
  if (!EMAIL.test(address)) throw new Error(`"${email}" is not an email address`);
  const password = newPassword();
  const hash = await hashPassword(password, cost);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
    [newId(), address, hash],
  );
  if (rows.length === 0) throw new Error(`A user with the email ${address} already exists (use reset-password)`);
  return { email: address, password };
}

/** Gives the user a new password and ends their sessions; answers the one-time password. */
export async function resetPassword(db: Database, email: string, cost: PasswordHashing = defaultPasswordHashing) {
  const address = email.trim().toLowerCase();
  const password = newPassword();
  const hash = await hashPassword(password, cost);
  const found = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>('UPDATE users SET password_hash = $2 WHERE lower(email) = $1 RETURNING id', [
      address,
      hash,
    ]);
    const user = rows[0];
    if (!user) return false;
    await tx.query(
      `WITH gone AS (DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash)
       SELECT pg_notify('${SESSION_REVOKED_CHANNEL}', token_hash) FROM gone`,
      [user.id],
    );
    return true;
  });
  if (!found) throw new Error(`No user has the email ${address}`);
  return { email: address, password };
}

const USAGE = `Usage: npm run admin -- create-user EMAIL | reset-password EMAIL
Prints a new password once. Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).`;

async function main([command, email]: string[]) {
  if (!command || command === '--help' || !email) {
    console.log(USAGE);
    process.exitCode = command && command !== '--help' ? 2 : 0;
    return;
  }
  if (command !== 'create-user' && command !== 'reset-password') throw new Error(`Unknown command ${command}\n${USAGE}`);
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const result = command === 'create-user' ? await createUser(db, email) : await resetPassword(db, email);
    console.log(`${command === 'create-user' ? 'Created' : 'Reset the password of'} ${result.email}.`);
    console.log(`Password (shown once): ${result.password}`);
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
