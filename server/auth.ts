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

/** A session ends 7 days after sign-in (absolute limit)… */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** …or after 24 hours without a request (idle limit). */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** How often a session's last use is written (not on every request). */
const LAST_SEEN_EVERY_S = 60;
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
  /** A one-time password is still to be changed: only a few calls are open (see app.ts). */
  mustChangePassword: boolean;
}

export async function findUserByEmail(db: Queryable, email: string) {
  const { rows } = await db.query<{ id: string; email: string; password_hash: string }>(
    'SELECT id, email, password_hash FROM users WHERE lower(email) = $1',
    [normaliseEmail(email)],
  );
  return rows[0];
}

export async function createSession(db: Queryable, userId: string, now = new Date(), userAgent?: string) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent)
     VALUES ($1, $2, $3, $3, $4, $5)`,
    [sha256(token), userId, now, expiresAt, userAgent?.slice(0, 300) ?? null],
  );
  return { token, expiresAt };
}

/** The admin's sessions that are still valid, newest first; `current` marks the asking one. */
export async function listSessions(db: Queryable, userId: string, currentTokenHash: string) {
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
    [userId, SESSION_IDLE_MS],
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

/** Revokes one of the admin's sessions by its id; answers its token hash, or undefined. */
export async function revokeSession(db: Queryable, userId: string, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ token_hash: string }>(
    `WITH gone AS (DELETE FROM sessions WHERE id = $1 AND user_id = $2 RETURNING token_hash)
     SELECT token_hash, pg_notify('${SESSION_REVOKED_CHANNEL}', token_hash) FROM gone`,
    [id, userId],
  );
  return rows[0]?.token_hash;
}

/** The user and expiry of a valid session, looked up by the token's hash. */
export async function findSession(
  db: Queryable,
  tokenHash: string,
): Promise<{ user: SessionUser; expiresAt: Date } | undefined> {
  // Valid: before its absolute end and used within the idle limit. Its last use is written at
  // most once a minute, in the same statement.
  const { rows } = await db.query<{ id: string; email: string; must_change_password: boolean; expires_at: Date }>(
    `WITH s AS (
       SELECT u.id, u.email, u.must_change_password, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.expires_at > now()
          AND s.last_seen_at > now() - $2::bigint * interval '1 millisecond'
     ), touched AS (
       UPDATE sessions SET last_seen_at = now()
        WHERE token_hash = $1 AND last_seen_at < now() - interval '${LAST_SEEN_EVERY_S} seconds'
          AND EXISTS (SELECT 1 FROM s)
     )
     SELECT id, email, must_change_password, expires_at FROM s`,
    [tokenHash, SESSION_IDLE_MS],
    { prepare: true },
  );
  const row = rows[0];
  return (
    row && {
      user: { id: row.id, email: row.email, mustChangePassword: row.must_change_password },
      expiresAt: new Date(row.expires_at),
    }
  );
}

/** The channel on which a revoked session is announced to every process (payload: its hash). */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

/** Deletes the session; when that commits, every process listening on the database hears it. */
export async function deleteSession(db: Queryable, token: string) {
  await db.query(
    `WITH gone AS (DELETE FROM sessions WHERE token_hash = $1 RETURNING token_hash)
     SELECT pg_notify('${SESSION_REVOKED_CHANNEL}', token_hash) FROM gone`,
    [sha256(token)],
  );
}

/**
 * Sessions this process checked in the last few seconds, so a burst of requests costs one
 * database lookup per session instead of one per request (concurrent misses share a lookup).
 * Bounded: at most `maxEntries` sessions (the oldest go first), each kept at most `ttlMs` and
 * never past its own expiry. A logout forgets the session here at once and, through
 * LISTEN/NOTIFY, in every other process on the same database as soon as the notice arrives.
 * The limit of this: a process that misses the notice (its listening connection was down)
 * keeps honouring a session revoked elsewhere for at most `ttlMs`; so does any process for a
 * session deleted or expired by hand in the database.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser; until: number }>();
  private readonly pending = new Map<string, Promise<SessionUser | undefined>>();
  /** Bumped by every forget/clear: a lookup that started before it is not cached. */
  private generation = 0;

  constructor(
    readonly ttlMs = 5_000,
    readonly maxEntries = 1_000,
  ) {}

  /** The user of the valid session `token`, from this cache or from the database. */
  lookup(db: Queryable, token: string): Promise<SessionUser | undefined> {
    const hash = sha256(token);
    const now = Date.now();
    const hit = this.entries.get(hash);
    if (hit) {
      if (hit.until > now) return Promise.resolve(hit.user);
      this.entries.delete(hash);
    }
    const inFlight = this.pending.get(hash);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const lookup = findSession(db, hash)
      .then((found) => {
        if (found && generation === this.generation && this.ttlMs > 0) {
          this.entries.set(hash, { user: found.user, until: Math.min(now + this.ttlMs, found.expiresAt.getTime()) });
          if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        }
        return found?.user;
      })
      .finally(() => {
        if (this.pending.get(hash) === lookup) this.pending.delete(hash);
      });
    this.pending.set(hash, lookup);
    return lookup;
  }

  /** Forgets one session, by its token's hash: it was revoked. */
  forget(tokenHash: string) {
    this.generation++;
    this.entries.delete(tokenHash);
    this.pending.delete(tokenHash);
  }

  /** Forgets every session: revocations may have been missed. */
  clear() {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  get size() {
    return this.entries.size;
  }
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
    // A generated password was printed in the log: its owner chooses their own at first sign-in.
    await tx.query('INSERT INTO users (id, email, password_hash, must_change_password) VALUES ($1, $2, $3, $4)', [
      newId(),
      email,
      passwordHash,
      Boolean(generatedPassword),
    ]);
    return { email, generatedPassword };
  });
}
