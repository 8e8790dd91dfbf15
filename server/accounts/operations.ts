/**
 * Accounts' use cases: several admins, one-time passwords to change at first sign-in, password
 * changes, invitation links, sign-in and sessions. The routes and the operator's command call
 * these; their SQL is in repositories/users.ts. Every change is written to the activity log
 * with who made it, in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_MS, ROLE_LABELS, aRole, serverMessages, type Account, type Invitation, type Role } from '../../src/contract/index.ts';
import {
  clearLoginFailures,
  createSession,
  findUserByEmail,
  hashPassword,
  normaliseEmail,
  takeLoginAttempt,
  verifyPassword,
  type PasswordHashing,
  type SessionCache,
} from './auth.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { newId, newToken, sha256 } from '../ids.ts';
import { recordActivity } from '../repositories/activity.ts';
import {
  deleteAllInvitations,
  deleteExpiredSessions,
  deleteInvitation,
  deleteSession,
  listAccounts,
  listMembers,
  listInvitations,
  revokeSession,
  adminCount,
  announceSessions,
  deleteUser,
  endSessions,
  insertAccount,
  insertInvitation,
  insertSignedUpUser,
  invitationsEnabled,
  lockAdmins,
  lockUser,
  passwordHashOf,
  setInvitationsSetting,
  setOneTimePassword,
  setPassword,
  setRole,
  takeInvitation,
  userByEmail,
} from '../repositories/users.ts';

/** A password made for someone else to type once: 16 random bytes, URL-safe. */
export const oneTimePassword = () => randomBytes(16).toString('base64url');

const emailTaken = () => apiError('email_taken');
const userNotFound = () => apiError('not_found', serverMessages.userNotFound);
const invitationInvalid = () => apiError('invitation_invalid');

/**
 * Adds an account with a one-time password (answered once; only its hash is kept) that its
 * owner must change at first sign-in. Refuses an email already in use.
 */
export async function createAccount(
  db: Database,
  email: string,
  cost: PasswordHashing,
  actor: string | null,
  role: Role = 'admin',
): Promise<{ account: Account; password: string }> {
  const address = normaliseEmail(email);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password, cost);
  const account = await db.transaction(async (tx) => {
    const added = await insertAccount(tx, newId(), address, passwordHash, role);
    if (!added) throw emailTaken();
    await recordActivity(tx, 'user.created', `Account ${address} added as ${aRole(role)}`, new Date(), actor);
    return added;
  });
  return { account, password };
}

/**
 * Locks the account and, when it is an admin's, every change of who is one; refuses to leave no
 * admin. Answers the account's email and role.
 */
async function lockAccountKeepingAnAdmin(tx: Queryable, id: string, leavesAdmins: boolean) {
  await lockAdmins(tx);
  const user = await lockUser(tx, id);
  if (user === undefined) throw userNotFound();
  if (user.role === 'admin' && !leavesAdmins && (await adminCount(tx)) <= 1) throw apiError('last_admin');
  return user;
}

/** Removes another account and ends their sessions everywhere; the last admin stays. */
export async function removeAccount(db: Database, id: string, actor: { id: string; email: string }) {
  if (id === actor.id) throw apiError('cannot_remove_self');
  await db.transaction(async (tx) => {
    const { email } = await lockAccountKeepingAnAdmin(tx, id, false);
    await endSessions(tx, id);
    await deleteUser(tx, id);
    await recordActivity(tx, 'user.removed', `Account ${email} removed`, new Date(), actor.email);
  });
}

/**
 * Gives an account (by id, or by email for the operator's command) a new role; its sessions
 * hold it from their next request, in every process. The last admin stays one.
 */
export async function changeRole(
  db: Database,
  account: { id: string } | { email: string },
  role: Role,
  actor: { id: string | null; email: string | null },
): Promise<Account> {
  return db.transaction(async (tx) => {
    const id = 'id' in account ? account.id : (await userByEmail(tx, normaliseEmail(account.email)))?.id;
    if (id === undefined) throw userNotFound();
    const before = await lockAccountKeepingAnAdmin(tx, id, role === 'admin');
    const changed = (await setRole(tx, id, role, actor.id))!;
    if (before.role !== role) {
      await announceSessions(tx, id);
      await recordActivity(
        tx,
        'user.role',
        `Role of ${before.email} changed from ${ROLE_LABELS[before.role]} to ${ROLE_LABELS[role]}`,
        new Date(),
        actor.email,
      );
    }
    return changed;
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
  const currentHash = await passwordHashOf(db, user.id);
  if (currentHash === undefined || !(await verifyPassword(currentHash, currentPassword))) {
    throw apiError('current_password_wrong');
  }
  if (currentPassword === newPassword) throw apiError('password_unchanged');
  const passwordHash = await hashPassword(newPassword, cost);
  await db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash);
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
    const id = await setOneTimePassword(tx, address, passwordHash);
    if (id === undefined) return false;
    await endSessions(tx, id);
    await recordActivity(tx, 'user.password', `Password of ${address} reset by the operator`);
    return true;
  });
  if (!found) throw userNotFound();
  return { email: address, password };
}

// Invitations ---------------------------------------------------------------------------------

/** Turns sign-up by invitation on or off; off also voids every open invitation. */
export async function setInvitationsEnabled(db: Database, enabled: boolean, actor: string) {
  await db.transaction(async (tx) => {
    await setInvitationsSetting(tx, enabled);
    if (!enabled) await deleteAllInvitations(tx);
    await recordActivity(
      tx,
      'invitation.settings',
      enabled ? 'Sign-up by invitation turned on' : 'Sign-up by invitation turned off',
      new Date(),
      actor,
    );
  });
}

/** A new single-use invitation valid 48 hours; answers its token once (only the hash is kept). */
export async function createInvitation(
  db: Database,
  actor: string,
  role: Role = 'admin',
): Promise<{ invitation: Invitation; token: string }> {
  const token = newToken();
  const now = new Date();
  const invitation = await db.transaction(async (tx) => {
    if (!(await invitationsEnabled(tx))) throw apiError('invitations_disabled');
    const created = await insertInvitation(tx, {
      id: newId(now.getTime()),
      tokenHash: sha256(token),
      createdBy: actor,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      role,
    });
    await recordActivity(tx, 'invitation.created', `Invitation link created for ${aRole(role)}`, now, actor);
    return created;
  });
  return { invitation, token };
}

export async function revokeInvitation(db: Database, id: string) {
  if (!(await deleteInvitation(db, id))) throw apiError('not_found', serverMessages.invitationNotFound);
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
      if (!(await invitationsEnabled(tx))) throw invitationInvalid();
      const used = await takeInvitation(tx, sha256(token));
      if (!used) throw invitationInvalid();
      const id = newId();
      await insertSignedUpUser(tx, id, address, passwordHash, used.role);
      const by = used.createdBy;
      await recordActivity(tx, 'user.created', `Account ${address} signed up${by ? ` (invited by ${by})` : ''}`, new Date(), address);
      return { id, email: address };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}

// Reads ---------------------------------------------------------------------------------------

/** GET /users: every account, the signed-in one marked. */
export async function readAccounts(db: Queryable, currentId: string | null) {
  return { data: await listAccounts(db, currentId) };
}

/** GET /members: the team (email and role), for whoever assigns or mentions. */
export async function readMembers(db: Queryable) {
  return listMembers(db);
}

/** GET /invitations: whether sign-up by invitation is on, and the open links. */
export async function readInvitations(db: Queryable) {
  return { enabled: await invitationsEnabled(db), data: await listInvitations(db) };
}

/** Whether sign-up by invitation is on (what the sign-in page offers). */
export const invitationsAreOpen = (db: Queryable) => invitationsEnabled(db);

// Sign-in and sessions -------------------------------------------------------------------------

/**
 * POST /auth/login: the account whose password this is, or 401; counted as a failure until the
 * password proves right, and 429 `too_many_attempts` past the limit (`ip`: the client's own
 * address behind a proxy when TRUST_PROXY is on). Unknown emails verify a dummy hash, so timing
 * does not tell them apart.
 */
export async function signIn(db: Database, email: string, password: string, ip: string, dummyPasswordHash: string) {
  const retryAfter = await takeLoginAttempt(db, email, ip);
  if (retryAfter > 0) throw apiError('too_many_attempts', { headers: { 'retry-after': String(retryAfter) } });
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.password_hash ?? dummyPasswordHash, password);
  if (!user || !valid) throw apiError('invalid_credentials');
  await clearLoginFailures(db, email, ip);
  return user;
}

/** A new session for the user (expired ones are cleared first). */
export async function openSession(db: Queryable, userId: string, userAgent: string | undefined) {
  await deleteExpiredSessions(db);
  return createSession(db, userId, new Date(), userAgent);
}

/** POST /auth/logout: the session ended, here and in every process. */
export async function closeSession(ctx: { db: Queryable; sessions: SessionCache }, tokenHash: string) {
  await deleteSession(ctx.db, tokenHash);
  ctx.sessions.forget(tokenHash);
}

/** DELETE /auth/sessions/:id: one of the user's own sessions ended; answers its token's hash. */
export async function endOwnSession(ctx: { db: Queryable; sessions: SessionCache }, userId: string, sessionId: string) {
  const tokenHash = await revokeSession(ctx.db, userId, sessionId);
  if (!tokenHash) throw apiError('not_found', serverMessages.sessionNotFound);
  ctx.sessions.forget(tokenHash);
  return tokenHash;
}

/** PATCH /users/:id: a new role; the account's sessions are checked again at once. */
export async function changeAccountRole(ctx: { db: Database; sessions: SessionCache }, id: string, role: Role, actor: { id: string; email: string }) {
  const account = await changeRole(ctx.db, { id }, role, actor);
  // The account's sessions were announced; forget them here at once too.
  ctx.sessions.clear();
  return account;
}

/** DELETE /users/:id: the account and its sessions gone. */
export async function deleteAccount(ctx: { db: Database; sessions: SessionCache }, id: string, actor: { id: string; email: string }) {
  await removeAccount(ctx.db, id, actor);
  // Their sessions were announced on the revocation channel; forget them here at once too.
  ctx.sessions.clear();
}
