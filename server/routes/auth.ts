import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authOptionsSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResultSchema,
  meResultSchema,
  serverMessages,
  sessionListSchema,
  signupRequestSchema,
} from '../../src/contract/index.ts';
import { findUserByEmail, listSessions, SESSION_TTL_MS } from '../accounts/auth.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import type { OidcPending } from '../accounts/oidc.ts';
import { sha256 } from '../ids.ts';
import { apiError, errorResponses } from '../errors.ts';
import {
  acceptInvitation,
  changePassword,
  closeSession,
  endOwnSession,
  invitationsAreOpen,
  openSession,
  signIn,
} from '../accounts/operations.ts';

export const SESSION_COOKIE = 'session';

/** A new session for the user, in the httpOnly cookie (the console) and the answer (API clients). */
export async function startSession(
  db: Queryable,
  reply: FastifyReply,
  user: { id: string; email: string },
  userAgent: string | undefined,
) {
  const session = await openSession(db, user.id, userAgent);
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    maxAge: SESSION_TTL_MS / 1000,
  });
  return { accessToken: session.token, user: { email: user.email } };
}

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx;

  app.post('/login', {
    config: { public: true },
    schema: { body: loginRequestSchema, response: { 200: loginResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const user = await signIn(db, request.body.email, request.body.password, request.ip, ctx.dummyPasswordHash);
      return startSession(db, reply, user, request.headers['user-agent']);
    },
  });

  // What the sign-in page offers besides the password: sign-up by invitation, an OIDC provider.
  app.get('/options', {
    config: { public: true },
    schema: { response: { 200: authOptionsSchema, ...errorResponses } },
    handler: async () => ({
      invitations: await invitationsAreOpen(db),
      oidcLoginUrl: ctx.oidc ? '/api/auth/oidc/start' : null,
    }),
  });

  app.post('/signup', {
    config: { public: true },
    schema: { body: signupRequestSchema, response: { 201: loginResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { token, email, password } = request.body;
      const user = await acceptInvitation(db, token, email, password, ctx.passwordHashing);
      return reply.code(201).send(await startSession(db, reply, user, request.headers['user-agent']));
    },
  });

  // 'Login with Google': off to the provider, and back with a code for a session.
  const OIDC_COOKIE = 'oidc';
  // Through URL, as the callback's address is read back: a default port (":80") is dropped in both.
  const oidcRedirectUri = (request: FastifyRequest) =>
    new URL('/api/auth/oidc/callback', `${request.protocol}://${request.host}`).href;
  const backToLogin = (reply: FastifyReply, message: string) =>
    reply.redirect(`/login?error=${encodeURIComponent(message)}`, 303);

  app.get('/oidc/start', {
    config: { public: true },
    // A browser's redirect, not an operation of the API document (its description says so).
    schema: { hide: true },
    handler: async (request, reply) => {
      if (!ctx.oidc) throw apiError('oidc_not_configured');
      let started;
      try {
        started = await ctx.oidc.start(oidcRedirectUri(request));
      } catch (error) {
        request.log.warn({ err: error }, 'OpenID Connect provider unreachable');
        return backToLogin(reply, serverMessages.oidcFailed);
      }
      reply.setCookie(OIDC_COOKIE, Buffer.from(JSON.stringify(started.pending)).toString('base64url'), {
        path: '/api/auth/oidc',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        maxAge: 600,
      });
      return reply.redirect(started.url, 303);
    },
  });

  app.get('/oidc/callback', {
    config: { public: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      if (!ctx.oidc) throw apiError('oidc_not_configured');
      reply.clearCookie(OIDC_COOKIE, { path: '/api/auth/oidc' });
      let email: string;
      try {
        const raw = request.cookies[OIDC_COOKIE];
        if (!raw) throw new Error('no sign-in was started in this browser');
        const pending = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as OidcPending;
        const url = new URL(request.url, `${request.protocol}://${request.host}`);
        email = await ctx.oidc.finish(url, pending);
      } catch (error) {
        request.log.warn({ err: error }, 'OpenID Connect sign-in refused');
        return backToLogin(reply, serverMessages.oidcFailed);
      }
      const user = await findUserByEmail(db, email);
      if (!user) return backToLogin(reply, serverMessages.oidcNoAccount);
      await startSession(db, reply, user, request.headers['user-agent']);
      return reply.redirect('/', 303);
    },
  });

  app.post('/logout', {
    config: { beforePasswordChange: true },
    schema: { response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      if (request.sessionToken) {
        await closeSession(ctx, sha256(request.sessionToken));
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  });

  app.post('/password', {
    config: { beforePasswordChange: true },
    schema: { body: changePasswordRequestSchema, response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const tokenHash = sha256(request.sessionToken!);
      await changePassword(db, request.user!, currentPassword, newPassword, ctx.passwordHashing, tokenHash);
      // This session is checked again on its next request (the flag is gone); the others ended.
      ctx.sessions.forget(tokenHash);
      return reply.code(204).send(null);
    },
  });

  app.get('/sessions', {
    schema: { response: { 200: sessionListSchema, ...errorResponses } },
    handler: async (request) => ({ data: await listSessions(db, request.user!.id, sha256(request.sessionToken!)) }),
  });

  app.delete('/sessions/:id', {
    schema: {
      params: z.object({ id: z.string().min(1).max(64) }),
      response: { 204: z.null().optional(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const tokenHash = await endOwnSession(ctx, request.user!.id, request.params.id);
      if (tokenHash === sha256(request.sessionToken!)) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  });

  app.get('/me', {
    config: { beforePasswordChange: true },
    schema: { response: { 200: meResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { id, email, mustChangePassword, role } = request.user!;
      return { user: { id, email, mustChangePassword, role } };
    },
  });
};
