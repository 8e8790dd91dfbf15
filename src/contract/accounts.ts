/**
 * Accounts: signing in, the signed-in user, passwords, signing up with an invitation, the
 * accounts an admin manages, invitations and sessions. Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';
import { ROLES } from './roles';

export const loginRequestSchema = z.strictObject({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** An account's role (./roles). */
export const roleSchema = z.enum(ROLES);

export const userSchema = z.object({
  email: z.string(),
  /** What the account may do (./roles). Optional only so that another server's answers still parse: this server always sends it. */
  role: roleSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

export const loginResultSchema = z.object({ accessToken: z.string(), user: userSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * GET /auth/me. `mustChangePassword`: the account was given a one-time password (by another admin
 * or the operator's reset); until it is changed, every call but this one, POST /auth/password and
 * logout answers 403 `password_change_required`.
 */
export const meResultSchema = z.object({
  user: userSchema.extend({ id: z.string().optional(), mustChangePassword: z.boolean().optional() }),
});
export type Me = z.infer<typeof meResultSchema>['user'];

/** Passwords chosen by people: at least this long (NIST SP 800-63B), at most 1024 characters. */
export const MIN_PASSWORD_LENGTH = 10;
export const newPasswordSchema = z.string().min(MIN_PASSWORD_LENGTH).max(1024);

/** POST /auth/password: the signed-in user's new password. Other sessions of the user end. */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.string().min(1).max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** GET /auth/options (public): what the sign-in page offers besides email and password. */
export const authOptionsSchema = z.object({
  /** Sign up with an invitation link; shown only when an admin enabled invitations. */
  invitations: z.boolean(),
  /** Where 'Login with Google' starts (an OpenID Connect provider is configured), else null. */
  oidcLoginUrl: z.string().nullable(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** POST /auth/signup (public): an invitation's token, the new account's email and password. */
export const signupRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  email: z.email().max(320),
  password: newPasswordSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** An admin account (GET /users). */
export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  mustChangePassword: z.boolean(),
  role: roleSchema,
  /** The asking admin's own account. */
  current: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;
export const accountListSchema = z.object({ data: z.array(accountSchema) });

/** POST /users: adds an account with a one-time password, answered once and never again (an admin unless `role` says). */
export const createAccountRequestSchema = z.strictObject({ email: z.email().max(320), role: roleSchema.optional() });
export type CreateAccountRequest = z.infer<typeof createAccountRequestSchema>;
/** PATCH /users/:id: an account's new role (the last admin keeps theirs: 409 `last_admin`). */
export const updateAccountRequestSchema = z.strictObject({ role: roleSchema });
export const updateAccountResultSchema = z.object({ data: accountSchema });
export const createAccountResultSchema = z.object({ data: accountSchema, password: z.string() });
export type CreateAccountResult = z.infer<typeof createAccountResultSchema>;

/** An invitation link, single-use, valid 48 hours (GET/POST /invitations). */
export const INVITATION_TTL_MS = 48 * 60 * 60 * 1000;
export const invitationSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.string().nullable(),
  /** The role of the account made with it. */
  role: roleSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ enabled: z.boolean(), data: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;
/** The link is answered once, at creation: only its hash is stored. */
export const createInvitationResultSchema = z.object({ data: invitationSchema, url: z.string() });
export type CreateInvitationResult = z.infer<typeof createInvitationResultSchema>;
export const invitationSettingsSchema = z.strictObject({ enabled: z.boolean() });
/** POST /invitations: the role of the account the link makes (an admin unless said). */
export const createInvitationRequestSchema = z.strictObject({ role: roleSchema.optional() }).nullish();

/** A signed-in session of the current admin (GET /auth/sessions); revoke with DELETE /auth/sessions/:id. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.object({ data: z.array(sessionInfoSchema) });
