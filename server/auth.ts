/**
 * Sign-in: argon2id password hashes, random session tokens stored as SHA-256 hashes, failed
 * attempts counted in the database (per email and IP) so the limit holds across processes.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Options as Argon2Options } from '@node-rs/argon2';
import type { Database, Queryable } from './db/database.ts';
import { newId, newToken, sha256 } from './ids.ts';

export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id minimum (19 MiB, 2 passes). Tests pass a cheaper cost. */
export const defaultPasswordHashing: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 5;

const ARGON2ID = 2; // Algorithm.Argon2id; the package exports it as a const enum.

export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password, { ...cost, algorithm: ARGON2ID as Argon2Options['algorithm'] });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface SessionUser {
  id: string;
  email: string;
}

export async function findUserByEmail(db: Queryable, email: string) {
  const { rows } = await db.query<{ id: string; email: string; password_hash: string }>(
    'SELECT id, email, password_hash FROM users WHERE lower(email) = $1',
    [normaliseEmail(email)],
  );
  return rows[0];
}

export async function createSession(db: Queryable, userId: string, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.query('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    sha256(token),
    userId,
    now,
    expiresAt,
  ]);
  return { token, expiresAt };
}

export async function findSession(db: Queryable, token: string): Promise<SessionUser | undefined> {
  const { rows } = await db.query<SessionUser>(
    `SELECT u.id, u.email FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [sha256(token)],
  );
  return rows[0];
}

export async function deleteSession(db: Queryable, token: string) {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [sha256(token)]);
}

/** Seconds until the (email, ip) pair may try again, or 0 when it may try now. */
export async function loginRetryAfter(db: Queryable, email: string, ip: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const { rows } = await db.query<{ n: number | string; oldest: Date | null }>(
    `SELECT count(*) AS n, min(at) AS oldest FROM (
       SELECT at FROM login_attempts WHERE email = $1 AND ip = $2 AND at > $3
       ORDER BY at DESC LIMIT $4) recent`,
    [normaliseEmail(email), ip, since, LOGIN_MAX_FAILURES],
  );
  const row = rows[0];
  if (!row || Number(row.n) < LOGIN_MAX_FAILURES || !row.oldest) return 0;
  const freeAt = new Date(row.oldest).getTime() + LOGIN_WINDOW_MS;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

export async function recordLoginFailure(db: Database, email: string, ip: string, now = new Date()) {
  await db.transaction(async (tx) => {
    // Old attempts no longer count; drop them as we go so the table stays small.
    await tx.query('DELETE FROM login_attempts WHERE at <= $1', [new Date(now.getTime() - LOGIN_WINDOW_MS)]);
    await tx.query('INSERT INTO login_attempts (email, ip, at) VALUES ($1, $2, $3)', [normaliseEmail(email), ip, now]);
  });
}

export async function clearLoginFailures(db: Queryable, email: string, ip: string) {
  await db.query('DELETE FROM login_attempts WHERE email = $1 AND ip = $2', [normaliseEmail(email), ip]);
}

export async function deleteExpiredSessions(db: Queryable) {
  await db.query('DELETE FROM sessions WHERE expires_at <= now()');
}

export interface AdminBootstrap {
  email?: string;
  password?: string;
}

/**
 * On a start with no user yet, creates the first admin: the given email/password, or
 * admin@localhost with a random password, returned so the caller can print it once.
 */
export async function ensureAdmin(
  db: Database,
  admin: AdminBootstrap,
  cost: PasswordHashing,
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  const { rows } = await db.query('SELECT 1 FROM users LIMIT 1');
  if (rows.length > 0) return undefined;
  const email = normaliseEmail(admin.email || 'admin@localhost');
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(admin.password || generatedPassword!, cost);
  return db.transaction(async (tx) => {
    // Another process may be starting at the same time: only the first creates the admin.
    await tx.query('SELECT pg_advisory_xact_lock(72736102)');
    const existing = await tx.query('SELECT 1 FROM users LIMIT 1');
    if (existing.rows.length > 0) return undefined;
    await tx.query('INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3)', [newId(), email, passwordHash]);
    return { email, generatedPassword };
  });
}
