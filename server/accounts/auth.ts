/**
 * Sign-in: argon2id password hashes, random session tokens stored as SHA-256 hashes, failed
 * attempts counted in the database (per email and IP) so the limit holds across processes, also
 * for attempts sent to several processes at once (see takeLoginAttempt).
 * The rules (lifetimes, limits, email spelling) are here; the SQL is in repositories/users.ts.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Options as Argon2Options } from '@node-rs/argon2';
import type { Role } from '../../src/contract/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { newId, newToken, sha256 } from '../ids.ts';
import {
  anyUserExists,
  deleteLoginFailures,
  deleteLoginFailuresBefore,
  insertLoginFailure,
  insertSession,
  insertUser,
  lockFirstAdminCreation,
  lockLoginAttempts,
  recentLoginFailures,
  userByEmail,
  validSession,
  validSessions,
} from '../repositories/users.ts';

export { SESSION_REVOKED_CHANNEL } from '../repositories/users.ts';

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
  /** What the account may do (src/contract/roles.ts; checked before every handler: access.ts). */
  role: Role;
}

export const findUserByEmail = (db: Queryable, email: string) => userByEmail(db, normaliseEmail(email));

export async function createSession(db: Queryable, userId: string, now = new Date(), userAgent?: string) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, {
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/** The admin's sessions that are still valid, newest first; `current` marks the asking one. */
export const listSessions = (db: Queryable, userId: string, currentTokenHash: string) =>
  validSessions(db, userId, currentTokenHash, SESSION_IDLE_MS);

/** The user and expiry of a valid session, looked up by the token's hash. */
export async function findSession(
  db: Queryable,
  tokenHash: string,
): Promise<{ user: SessionUser; expiresAt: Date } | undefined> {
  const row = await validSession(db, tokenHash, SESSION_IDLE_MS);
  return (
    row && {
      user: { id: row.id, email: row.email, mustChangePassword: row.must_change_password, role: row.role },
      expiresAt: new Date(row.expires_at),
    }
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
  const recent = await recentLoginFailures(db, normaliseEmail(email), ip, since, LOGIN_MAX_FAILURES);
  if (recent.count < LOGIN_MAX_FAILURES || !recent.oldest) return 0;
  const freeAt = recent.oldest.getTime() + LOGIN_WINDOW_MS;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/**
 * Takes one of the (email, ip) pair's sign-in attempts, before its password is checked: answers
 * 0, or the seconds to wait when the pair has none left (nothing is recorded then). The attempt
 * is recorded as a failure at once and stays one unless the password proves right (the caller
 * then clears the pair's failures). Counting and recording hold the pair's lock, so attempts
 * arriving together, in this process or in others on the database, are taken one after the other:
 * however many come at once, at most LOGIN_MAX_FAILURES passwords are checked per window.
 */
export async function takeLoginAttempt(db: Database, email: string, ip: string, now = new Date()): Promise<number> {
  const address = normaliseEmail(email);
  // Refused without a write (nor a lock) while the pair is over the limit.
  const wait = await loginRetryAfter(db, address, ip, now);
  if (wait > 0) return wait;
  return db.transaction(async (tx) => {
    await lockLoginAttempts(tx, address, ip);
    const waitNow = await loginRetryAfter(tx, address, ip, now);
    if (waitNow > 0) return waitNow;
    // Old attempts no longer count; drop them as we go so the table stays small.
    await deleteLoginFailuresBefore(tx, new Date(now.getTime() - LOGIN_WINDOW_MS));
    await insertLoginFailure(tx, address, ip, now);
    return 0;
  });
}

export const clearLoginFailures = (db: Queryable, email: string, ip: string) =>
  deleteLoginFailures(db, normaliseEmail(email), ip);

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
  if (await anyUserExists(db)) return undefined;
  const email = normaliseEmail(admin.email || 'admin@localhost');
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(admin.password || generatedPassword!, cost);
  return db.transaction(async (tx) => {
    // Another process may be starting at the same time: only the first creates the admin.
    await lockFirstAdminCreation(tx);
    if (await anyUserExists(tx)) return undefined;
    // A generated password was printed in the log: its owner chooses their own at first sign-in.
    await insertUser(tx, { id: newId(), email, passwordHash, mustChangePassword: Boolean(generatedPassword) });
    return { email, generatedPassword };
  });
}
