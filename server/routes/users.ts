/** Admin accounts (/api/users) and invitation links (/api/invitations). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountListSchema,
  createAccountRequestSchema,
  createAccountResultSchema,
  createInvitationRequestSchema,
  createInvitationResultSchema,
  invitationListSchema,
  invitationSettingsSchema,
  memberListSchema,
  updateAccountRequestSchema,
  updateAccountResultSchema,
} from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import {
  changeAccountRole,
  createAccount,
  createInvitation,
  deleteAccount,
  readAccounts,
  readInvitations,
  readMembers,
  revokeInvitation,
  setInvitationsEnabled,
} from '../accounts/operations.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx;

  app.get('/', {
    schema: { response: { 200: accountListSchema, ...errorResponses } },
    handler: (request) => readAccounts(db, request.user!.id),
  });

  app.post('/', {
    schema: { body: createAccountRequestSchema, response: { 201: createAccountResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { account, password } = await createAccount(db, request.body.email, ctx.passwordHashing, request.user!.email, request.body.role);
      return reply.code(201).send({ data: account, password });
    },
  });

  app.patch('/:id', {
    schema: { params: idParams, body: updateAccountRequestSchema, response: { 200: updateAccountResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await changeAccountRole(ctx, request.params.id, request.body.role, request.user!) }),
  });

  app.delete('/:id', {
    schema: { params: idParams, response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      await deleteAccount(ctx, request.params.id, request.user!);
      return reply.code(204).send(null);
    },
  });
};

export const invitationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx;

  app.get('/', {
    schema: { response: { 200: invitationListSchema, ...errorResponses } },
    handler: () => readInvitations(db),
  });

  app.put('/settings', {
    schema: { body: invitationSettingsSchema, response: { 200: invitationListSchema, ...errorResponses } },
    handler: async (request) => {
      await setInvitationsEnabled(db, request.body.enabled, request.user!.email);
      return readInvitations(db);
    },
  });

  app.post('/', {
    schema: { body: createInvitationRequestSchema, response: { 201: createInvitationResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { invitation, token } = await createInvitation(db, request.user!.email, request.body?.role);
      const url = `${request.protocol}://${request.host}/signup?token=${encodeURIComponent(token)}`;
      return reply.code(201).send({ data: invitation, url });
    },
  });

  app.delete('/:id', {
    schema: { params: idParams, response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      await revokeInvitation(db, request.params.id);
      return reply.code(204).send(null);
    },
  });
};

/** The team (/api/members): every account's email and role, for whoever assigns or mentions. */
export const memberRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/', {
    schema: { response: { 200: memberListSchema, ...errorResponses } },
    handler: async () => ({ data: await readMembers(ctx.db) }),
  });
};
