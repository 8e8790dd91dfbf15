/**
 * Accounts: several admins, one-time passwords to change at first sign-in, password changes,
 * invitation links. All of their SQL is here; the routes and the operator's command call it.
 * Every change is written to the activity log with who made it, in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import {
  INVITATION_TTL_MS,
  serverMessages,
  type Account,
  type Invitation,
} from '../src/contract/index.ts';
import { recordActivity } from './activity.ts';
import { hashPassword, normaliseEmail, SESSION_REVOKED_CHANNEL, verifyPassword, type PasswordHashing } from './auth.ts';
import { isUniqueViolation, type Database, type Queryable } from './db/database.ts';
import { ApiError, conflict } from './errors.ts';
import { newId, newToken, sha256 } from './ids.ts';

/** A password made for someone else to type once: 16 random bytes, URL-safe. */
export const oneTimePassword = () => randomBytes(16).toString('base64url');

const emailTaken = () => conflict(serverMessages.emailTaken, 'email_taken');
const userNotFound = () => new ApiError(404, 'not_found', serverMessages.userNotFound);

interface UserRow {
  id: string;
  email: string;
  created_at: Date;
  must_change_password: boolean;
}

const toAccount = (row: UserRow, currentId: string | null): Account => ({
  id: row.id,
  email: row.email,
  createdAt: new Date(row.created_at).toISOString(),
  mustChangePassword: row.must_change_password,
  current: row.id === currentId,
});

/** Ends every session of the user (or all but one), and tells every process at once. */
async function endSessions(tx: Queryable, userId: string, keepTokenHash: string | null = null) {
  await tx.query(
    `WITH gone AS (DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2 RETURNING token_hash)
     SELECT pg_notify('${SESSION_REVOKED_CHANNEL}', token_hash) FROM gone`,
    [userId, keepTokenHash],
  );
}

export async function listAccounts(db: Queryable, currentId: string | null): Promise<Account[]> {
  const { rows } = await db.query<UserRow>(
    'SELECT id, email, created_at, must_change_password FROM users ORDER BY created_at, email',
  );
  return rows.map((row) => toAccount(row, currentId));
}

/**
 * Adds an account with a one-time password (answered once; only its hash is kept) that its
 * owner must change at first sign-in. Refuses an email already in use.
 */
export async function createAccount(
  db: Database,
  email: string,
  cost: PasswordHashing,
  actor: string | null,
): Promise<{ account: Account; password: string }> {
  const address = normaliseEmail(email);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password, cost);
  const row = await db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>(
      `INSERT INTO users (id, email, password_hash, must_change_password) VALUES ($1, $2, $3, true)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id, email, created_at, must_change_password`,
      [newId(), address, passwordHash],
    );
    if (!rows[0]) throw emailTaken();
    await recordActivity(tx, 'user.created', `Account ${address} added`, new Date(), actor);
    return rows[0];
  });
  return { account: toAccount(row, null), password };
}

/** Removes another admin's account and ends their sessions everywhere. */
export async function removeAccount(db: Database, id: string, actor: { id: string; email: string }) {
  if (id === actor.id) throw conflict(serverMessages.cannotRemoveSelf, 'cannot_remove_self');
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [id]);
    if (!rows[0]) throw userNotFound();
    await endSessions(tx, id);
    await tx.query('DELETE FROM users WHERE id = $1', [id]);
    await recordActivity(tx, 'user.removed', `Account ${rows[0].email} removed`, new Date(), actor.email);
  });
}

/**
 * The signed-in user's new password, after checking the current one. The user's other sessions
 * end (the one asking stays); a one-time password is no longer asked to be changed.
 */
export async function changePassword(
  db: Database,
  user: { id: string; email: string },
  currentPassword: string,
  newPassword: string,
  cost: PasswordHashing,
  keepTokenHash: string,
) {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id]);
  if (!rows[0] || !(await verifyPassword(rows[0].password_hash, currentPassword))) {
    throw new ApiError(400, 'current_password_wrong', serverMessages.currentPasswordWrong);
  }
  if (currentPassword === newPassword) throw new ApiError(400, 'password_unchanged', serverMessages.passwordUnchanged);
  const passwordHash = await hashPassword(newPassword, cost);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1', [
      user.id,
      passwordHash,
    ]);
    await endSessions(tx, user.id, keepTokenHash);
    await recordActivity(tx, 'user.password', `Password of ${user.email} changed`, new Date(), user.email);
  });
}

/**
 * The operator's reset (`npm run admin -- reset-password`): a new one-time password, to change
 * at the next sign-in; every session of the user ends.
 */
export async function resetPassword(db: Database, email: string, cost: PasswordHashing) {
  const address = normaliseEmail(email);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password, cost);
  const found = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      'UPDATE users SET password_hash = $2, must_change_password = true WHERE lower(email) = $1 RETURNING id',
      [address, passwordHash],
    );
    if (!rows[0]) return false;
    await endSessions(tx, rows[0].id);
    await recordActivity(tx, 'user.password', `Password of ${address} reset by the operator`);
    return true;
  });
  if (!found) throw userNotFound();
  return { email: address, password };
}

// Invitations ---------------------------------------------------------------------------------

const INVITATIONS_KEY = 'invitations_enabled';

export async function invitationsEnabled(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM settings WHERE key = $1', [INVITATIONS_KEY]);
  return rows[0]?.value === true;
}

/** Turns sign-up by invitation on or off; off also voids every open invitation. */
export async function setInvitationsEnabled(db: Database, enabled: boolean, actor: string) {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [INVITATIONS_KEY, JSON.stringify(enabled)],
    );
    if (!enabled) await tx.query('DELETE FROM invitations');
    await recordActivity(
      tx,
      'invitation.settings',
      enabled ? 'Sign-up by invitation turned on' : 'Sign-up by invitation turned off',
      new Date(),
      actor,
    );
  });
}

interface InvitationRow {
  id: string;
  created_by: string | null;
  created_at: Date;
  expires_at: Date;
}

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: new Date(row.expires_at).toISOString(),
});

/** Open invitations, newest first (expired ones are dropped as we go). */
export async function listInvitations(db: Queryable): Promise<Invitation[]> {
  await db.query('DELETE FROM invitations WHERE expires_at <= now()');
  const { rows } = await db.query<InvitationRow>(
    'SELECT id, created_by, created_at, expires_at FROM invitations ORDER BY created_at DESC',
  );
  return rows.map(toInvitation);
}

/** A new single-use invitation valid 48 hours; answers its token once (only the hash is kept). */
export async function createInvitation(db: Database, actor: string): Promise<{ invitation: Invitation; token: string }> {
  const token = newToken();
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    if (!(await invitationsEnabled(tx))) throw conflict(serverMessages.invitationsDisabled, 'invitations_disabled');
    const { rows } = await tx.query<InvitationRow>(
      `INSERT INTO invitations (id, token_hash, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, created_by, created_at, expires_at`,
      [newId(now.getTime()), sha256(token), actor, now, new Date(now.getTime() + INVITATION_TTL_MS)],
    );
    await recordActivity(tx, 'invitation.created', 'Invitation link created', now, actor);
    return rows[0]!;
  });
  return { invitation: toInvitation(row), token };
}

export async function revokeInvitation(db: Queryable, id: string) {
  const { rows } = await db.query('DELETE FROM invitations WHERE id = $1 RETURNING id', [id]);
  if (!rows[0]) throw new ApiError(404, 'not_found', serverMessages.invitationNotFound);
}

/**
 * Signs up with an invitation: the token is used up and the account created together, or
 * neither (a taken email leaves the invitation usable). Answers the new user.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  email: string,
  password: string,
  cost: PasswordHashing,
): Promise<{ id: string; email: string }> {
  const address = normaliseEmail(email);
  const passwordHash = await hashPassword(password, cost);
  try {
    return await db.transaction(async (tx) => {
      if (!(await invitationsEnabled(tx))) throw new ApiError(410, 'invitation_invalid', serverMessages.invitationInvalid);
      const used = await tx.query<{ created_by: string | null }>(
        'DELETE FROM invitations WHERE token_hash = $1 AND expires_at > now() RETURNING created_by',
        [sha256(token)],
      );
      if (!used.rows[0]) throw new ApiError(410, 'invitation_invalid', serverMessages.invitationInvalid);
      const id = newId();
      await tx.query('INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3)', [id, address, passwordHash]);
      const by = used.rows[0].created_by;
      await recordActivity(tx, 'user.created', `Account ${address} signed up${by ? ` (invited by ${by})` : ''}`, new Date(), address);
      return { id, email: address };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}
