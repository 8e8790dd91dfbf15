/**
 * The SQL of accounts and sign-in: users, sessions, failed sign-in attempts, invitations and
 * settings. Passwords are hashed, tokens made and rules applied by the callers (auth.ts,
 * users.ts); this module only reads and writes rows.
 */
import type { Account, Invitation, Member, Role, SessionInfo } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { waitForLock } from '../db/locks.ts';

/** The channel on which a revoked session is announced to every process (payload: its hash). */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

/** How often a session's last use is written (not on every request). */
const LAST_SEEN_EVERY_S = 60;

// Users -----------------------------------------------------------------------------------------

interface UserRow {
  id: string;
  email: string;
  created_at: Date;
  must_change_password: boolean;
  role: Role;
}

const toAccount = (row: UserRow, currentId: string | null): Account => ({
  id: row.id,
  email: row.email,
  createdAt: new Date(row.created_at).toISOString(),
  mustChangePassword: row.must_change_password,
  role: row.role,
  current: row.id === currentId,
});

/** The user whose email is `email` (already normalised), with the password hash. */
export async function userByEmail(db: Queryable, email: string) {
  const { rows } = await db.query<{ id: string; email: string; password_hash: string }>(
    'SELECT id, email, password_hash FROM users WHERE lower(email) = $1',
    [email],
  );
  return rows[0];
}

export async function anyUserExists(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users LIMIT 1');
  return rows.length > 0;
}

/** Holds, until the transaction ends, the lock that processes starting together take to create the first admin. */
export const lockFirstAdminCreation = (tx: Queryable) => waitForLock(tx, 'firstAdmin');

export async function insertUser(
  tx: Queryable,
  user: { id: string; email: string; passwordHash: string; mustChangePassword: boolean },
) {
  await tx.query('INSERT INTO users (id, email, password_hash, must_change_password) VALUES ($1, $2, $3, $4)', [
    user.id,
    user.email,
    user.passwordHash,
    user.mustChangePassword,
  ]);
}

/** A user signing up: the default (no password change due) for must_change_password. */
export async function insertSignedUpUser(tx: Queryable, id: string, email: string, passwordHash: string, role: Role) {
  await tx.query('INSERT INTO users (id, email, password_hash, role) VALUES ($1, $2, $3, $4)', [id, email, passwordHash, role]);
}

const ACCOUNT_COLUMNS = 'id, email, created_at, must_change_password, role';

/** GET /members: every account (id, email, role), by email. */
export async function listMembers(db: Queryable): Promise<Member[]> {
  const { rows } = await db.query<Member>('SELECT id, email, role FROM users ORDER BY lower(email), id');
  return rows;
}

export async function listAccounts(db: Queryable, currentId: string | null): Promise<Account[]> {
  const { rows } = await db.query<UserRow>(`SELECT ${ACCOUNT_COLUMNS} FROM users ORDER BY created_at, email`);
  return rows.map((row) => toAccount(row, currentId));
}

/** The account's new role; answers it, or undefined when there is no such account. */
export async function setRole(tx: Queryable, id: string, role: Role, currentId: string | null): Promise<Account | undefined> {
  const { rows } = await tx.query<UserRow>(`UPDATE users SET role = $2 WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`, [id, role]);
  return rows[0] && toAccount(rows[0], currentId);
}

/**
 * Holds, until the transaction ends, the lock every change of who is an admin takes (a role
 * change, a removal), so two admins demoting each other at once cannot leave none.
 */
export const lockAdmins = (tx: Queryable) => waitForLock(tx, 'admins');

/** How many admins there are. */
export async function adminCount(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE role = 'admin'");
  return rows[0]!.n;
}

/**
 * Tells every process that the user's sessions changed (their role): each forgets the
 * sessions it holds, so the next request reads the role again. The sessions stay valid.
 */
export async function announceSessions(tx: Queryable, userId: string) {
  await tx.query(`SELECT pg_notify('${SESSION_REVOKED_CHANNEL}', token_hash) FROM sessions WHERE user_id = $1`, [userId]);
}

/** A new account with a password to change at first sign-in; undefined when the email is in use. */
export async function insertAccount(
  tx: Queryable,
  id: string,
  email: string,
  passwordHash: string,
  role: Role,
): Promise<Account | undefined> {
  const { rows } = await tx.query<UserRow>(
    `INSERT INTO users (id, email, password_hash, must_change_password, role) VALUES ($1, $2, $3, true, $4)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
    [id, email, passwordHash, role],
  );
  return rows[0] && toAccount(rows[0], null);
}

/** The user's email and role, its row locked until the transaction ends; undefined when there is none. */
export async function lockUser(tx: Queryable, id: string): Promise<{ email: string; role: Role } | undefined> {
  const { rows } = await tx.query<{ email: string; role: Role }>('SELECT email, role FROM users WHERE id = $1 FOR UPDATE', [id]);
  return rows[0];
}

export async function deleteUser(tx: Queryable, id: string) {
  await tx.query('DELETE FROM users WHERE id = $1', [id]);
}

export async function passwordHashOf(db: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return rows[0]?.password_hash;
}

/** The user's chosen password: no change is due any more. */
export async function setPassword(tx: Queryable, userId: string, passwordHash: string) {
  await tx.query('UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1', [userId, passwordHash]);
}

/** A one-time password for the user of `email` (normalised), to change at the next sign-in; answers their id. */
export async function setOneTimePassword(tx: Queryable, email: string, passwordHash: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    'UPDATE users SET password_hash = $2, must_change_password = true WHERE lower(email) = $1 RETURNING id',
    [email, passwordHash],
  );
  return rows[0]?.id;
}

// Sessions --------------------------------------------------------------------------------------

export async function insertSession(
  db: Queryable,
  session: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date; userAgent: string | null },
) {
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent)
     VALUES ($1, $2, $3, $3, $4, $5)`,
    [session.tokenHash, session.userId, session.createdAt, session.expiresAt, session.userAgent],
  );
}

/**
 * The user's sessions still valid (before their end, used within `idleMs`), newest first;
 * `current` marks the asking one.
 */
export async function validSessions(
  db: Queryable,
  userId: string,
  currentTokenHash: string,
  idleMs: number,
): Promise<SessionInfo[]> {
  const { rows } = await db.query<{
    id: string;
    token_hash: string;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    user_agent: string | null;
  }>(
    `SELECT id, token_hash, created_at, last_seen_at, expires_at, user_agent FROM sessions
      WHERE user_id = $1 AND expires_at > now() AND last_seen_at > now() - $2::bigint * interval '1 millisecond'
      ORDER BY created_at DESC`,
    [userId, idleMs],
  );
  return rows.map((r) => ({
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
    userAgent: r.user_agent,
    current: r.token_hash === currentTokenHash,
  }));
}

/**
 * The user and expiry of the session with this token hash, if it is valid: before its end and
 * used within `idleMs`. Its last use is written at most once a minute, in the same statement.
 */
export async function validSession(db: Queryable, tokenHash: string, idleMs: number) {
  const { rows } = await db.query<{ id: string; email: string; must_change_password: boolean; role: Role; expires_at: Date }>(
    `WITH s AS (
       SELECT u.id, u.email, u.must_change_password, u.role, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.expires_at > now()
          AND s.last_seen_at > now() - $2::bigint * interval '1 millisecond'
     ), touched AS (
       UPDATE sessions SET last_seen_at = now()
        WHERE token_hash = $1 AND last_seen_at < now() - interval '${LAST_SEEN_EVERY_S} seconds'
          AND EXISTS (SELECT 1 FROM s)
     )
     SELECT id, email, must_change_password, role, expires_at FROM s`,
    [tokenHash, idleMs],
    { prepare: true, lane: 'quick' },
  );
  return rows[0];
}

/** Revokes one of the user's sessions by its id; answers its token hash, or undefined. */
export async function revokeSession(db: Queryable, userId: string, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ token_hash: string }>(
    `WITH gone AS (DELETE FROM sessions WHERE id = $1 AND user_id = $2 RETURNING token_hash)
     SELECT token_hash, pg_notify('${SESSION_REVOKED_CHANNEL}', token_hash) FROM gone`,
    [id, userId],
  );
  return rows[0]?.token_hash;
}

/** Deletes the session; when that commits, every process listening on the database hears it. */
export async function deleteSession(db: Queryable, tokenHash: string) {
  await db.query(
    `WITH gone AS (DELETE FROM sessions WHERE token_hash = $1 RETURNING token_hash)
     SELECT pg_notify('${SESSION_REVOKED_CHANNEL}', token_hash) FROM gone`,
    [tokenHash],
  );
}

/** Ends every session of the user (or all but one), and tells every process at once. */
export async function endSessions(tx: Queryable, userId: string, keepTokenHash: string | null = null) {
  await tx.query(
    `WITH gone AS (DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2 RETURNING token_hash)
     SELECT pg_notify('${SESSION_REVOKED_CHANNEL}', token_hash) FROM gone`,
    [userId, keepTokenHash],
  );
}

export async function deleteExpiredSessions(db: Queryable) {
  await db.query('DELETE FROM sessions WHERE expires_at <= now()');
}

// Failed sign-in attempts -----------------------------------------------------------------------

/** How many of the pair's failures since `since` (counting at most `max`), and the oldest of those. */
export async function recentLoginFailures(db: Queryable, email: string, ip: string, since: Date, max: number) {
  const { rows } = await db.query<{ n: number | string; oldest: Date | null }>(
    `SELECT count(*) AS n, min(at) AS oldest FROM (
       SELECT at FROM login_attempts WHERE email = $1 AND ip = $2 AND at > $3
       ORDER BY at DESC LIMIT $4) recent`,
    [email, ip, since, max],
  );
  const row = rows[0];
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function deleteLoginFailuresBefore(tx: Queryable, before: Date) {
  await tx.query('DELETE FROM login_attempts WHERE at <= $1', [before]);
}

export async function insertLoginFailure(tx: Queryable, email: string, ip: string, at: Date) {
  await tx.query('INSERT INTO login_attempts (email, ip, at) VALUES ($1, $2, $3)', [email, ip, at]);
}

/** Holds, until the transaction ends, the lock of the pair's attempts: one is counted and recorded at a time. */
export const lockLoginAttempts = (tx: Queryable, email: string, ip: string) =>
  waitForLock(tx, 'loginAttempts', `${email} ${ip}`);

export async function deleteLoginFailures(db: Queryable, email: string, ip: string) {
  await db.query('DELETE FROM login_attempts WHERE email = $1 AND ip = $2', [email, ip]);
}

// Settings --------------------------------------------------------------------------------------

const INVITATIONS_KEY = 'invitations_enabled';

export async function invitationsEnabled(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM settings WHERE key = $1', [INVITATIONS_KEY]);
  return rows[0]?.value === true;
}

export async function setInvitationsSetting(tx: Queryable, enabled: boolean) {
  await tx.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [INVITATIONS_KEY, JSON.stringify(enabled)],
  );
}

// Invitations -----------------------------------------------------------------------------------

interface InvitationRow {
  id: string;
  created_by: string | null;
  created_at: Date;
  expires_at: Date;
  role: Role;
}

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: new Date(row.expires_at).toISOString(),
  role: row.role,
});

/** Open invitations, newest first (expired ones are dropped as we go). */
export async function listInvitations(db: Queryable): Promise<Invitation[]> {
  await db.query('DELETE FROM invitations WHERE expires_at <= now()');
  const { rows } = await db.query<InvitationRow>(
    'SELECT id, created_by, created_at, expires_at, role FROM invitations ORDER BY created_at DESC',
  );
  return rows.map(toInvitation);
}

export async function insertInvitation(
  tx: Queryable,
  invitation: { id: string; tokenHash: string; createdBy: string; createdAt: Date; expiresAt: Date; role: Role },
): Promise<Invitation> {
  const { rows } = await tx.query<InvitationRow>(
    `INSERT INTO invitations (id, token_hash, created_by, created_at, expires_at, role) VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING id, created_by, created_at, expires_at, role`,
    [invitation.id, invitation.tokenHash, invitation.createdBy, invitation.createdAt, invitation.expiresAt, invitation.role],
  );
  return toInvitation(rows[0]!);
}

/** Deletes one invitation; answers whether there was one. */
export async function deleteInvitation(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM invitations WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

export async function deleteAllInvitations(tx: Queryable) {
  await tx.query('DELETE FROM invitations');
}

/**
 * Uses up the unexpired invitation with this token hash: deleted, answering who created it
 * (`{ createdBy }`), or undefined when there is none.
 */
export async function takeInvitation(
  tx: Queryable,
  tokenHash: string,
): Promise<{ createdBy: string | null; role: Role } | undefined> {
  const { rows } = await tx.query<{ created_by: string | null; role: Role }>(
    'DELETE FROM invitations WHERE token_hash = $1 AND expires_at > now() RETURNING created_by, role',
    [tokenHash],
  );
  return rows[0] && { createdBy: rows[0].created_by, role: rows[0].role };
}
