/** /api/folders: the file library's folders (src/contract/folders.ts); files move between them through /api/files. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteResultSchema,
  folderCreateSchema,
  folderDeleteQuerySchema,
  folderDetailSchema,
  folderListSchema,
  folderMessages,
  folderResultSchema,
  folderUpdateSchema,
} from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { createFolder, deleteFolder, getFolder, listFolders, updateFolder } from '../files/operations.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const folderRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/', {
    schema: { response: { 200: folderListSchema, ...errorResponses } },
    handler: () => listFolders(ctx),
  });

  app.post('/', {
    schema: { body: folderCreateSchema, response: { 201: folderResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const folder = await createFolder(ctx, request.user!.email, request.body);
      return reply.code(201).send({ success: true, folder, message: folderMessages.created });
    },
  });

  app.get('/:id', {
    schema: { params: idParams, response: { 200: folderDetailSchema, ...errorResponses } },
    handler: (request) => getFolder(ctx, request.params.id),
  });

  app.patch('/:id', {
    schema: { params: idParams, body: folderUpdateSchema, response: { 200: folderResultSchema, ...errorResponses } },
    handler: async (request) => ({
      success: true,
      folder: await updateFolder(ctx, request.user!.email, request.params.id, request.body),
      message: folderMessages.saved,
    }),
  });

  app.delete('/:id', {
    schema: { params: idParams, querystring: folderDeleteQuerySchema, response: { 200: deleteResultSchema, ...errorResponses } },
    handler: async (request) => {
      await deleteFolder(ctx, request.user!.email, request.params.id, request.query.moveTo);
      return { success: true, message: folderMessages.deleted };
    },
  });
};
