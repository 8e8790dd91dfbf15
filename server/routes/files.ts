import { createReadStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteResultSchema,
  fileListQuerySchema,
  fileListResultSchema,
  latestFilesResultSchema,
  MAX_UPLOAD_BYTES,
  serverMessages,
  uploadResultSchema,
} from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { ApiError, apiError, errorResponses, isDiskFull, notFound, sendError, storageFull } from '../errors.ts';
import { displayName, storeFile } from '../files/library.ts';
import { FileStorage } from '../files/storage.ts';
import { recordActivity } from '../repositories/activity.ts';
import { deleteFile, findFileById, latestFiles, listFiles, toFile } from '../repositories/files.ts';

/**
 * Writes the upload's bytes to `file` (a new file). A full disk stops the writing, not the
 * reading: the rest of the part (within the size limit) is read and dropped, so the client gets
 * the answer (507) instead of a connection cut while it is still sending. Resolves to whether
 * the disk was full; the partial file is emptied at once.
 */
async function receive(source: Readable, file: string): Promise<boolean> {
  const out = await open(file, 'wx');
  let full = false;
  try {
    for await (const chunk of source) {
      if (full) continue;
      try {
        const bytes = chunk as Buffer;
        for (let offset = 0; offset < bytes.length; ) offset += (await out.write(bytes, offset)).bytesWritten;
      } catch (error) {
        if (!isDiskFull(error)) throw error;
        full = true;
        await out.truncate(0).catch(() => {});
      }
    }
  } finally {
    await out.close();
  }
  return full;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const fileNotFound = () => apiError('not_found', serverMessages.fileNotFound);
const idParams = z.object({ id: z.string().min(1).max(64) });

export const fileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, storage, maxUploadBytes } = ctx;
  // This plugin's errors, its 404s included, carry `success: false` like its results (SPEC.md).
  app.decorateRequest('errorShape', 'file');
  app.setNotFoundHandler((request, reply) => sendError(request, reply, notFound()));
  const tooLargeMessage =
    maxUploadBytes === MAX_UPLOAD_BYTES
      ? serverMessages.fileTooLarge
      : `File size too large. Maximum size is ${Math.round((maxUploadBytes / 1024 / 1024) * 100) / 100}MB.`;
  const tooLarge = () => apiError('file_too_large', tooLargeMessage);

  const findFile = async (id: string) => (FileStorage.isFileId(id) ? findFileById(db, id) : undefined);

  app.get('/', {
    schema: { querystring: fileListQuerySchema, response: { 200: fileListResultSchema, ...errorResponses } },
    handler: (request) => listFiles(db, request.query),
  });

  app.get('/latest', {
    schema: {
      querystring: z.object({ count: z.coerce.number().int().min(1).max(100).default(10) }),
      response: { 200: latestFilesResultSchema, ...errorResponses },
    },
    handler: async (request) => ({ data: (await latestFiles(db, request.query.count)).map(toFile) }),
  });

  app.post('/', {
    schema: { response: { 201: uploadResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      if (!request.isMultipart()) {
        throw apiError('not_multipart');
      }
      // Refuse an announced oversize body before reading it (multipart overhead allowed).
      const announced = Number(request.headers['content-length'] ?? 0);
      if (announced > maxUploadBytes + 64 * 1024) throw tooLarge();

      let part: MultipartFile | undefined;
      try {
        part = await request.file({ limits: { fileSize: maxUploadBytes, files: 1, fields: 10, fieldSize: 1024 } });
      } catch (error) {
        throw multipartError(error);
      }
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw apiError('missing_file');
      }

      const tmpFile = storage.tmpPath();
      try {
        try {
          // Streamed to disk and stopped at the limit: the rest of an oversize body is not waited for.
          const file = part.file;
          file.once('limit', () => file.destroy(tooLarge()));
          if (await receive(file, tmpFile)) throw storageFull();
        } catch (error) {
          throw multipartError(error);
        }
        if (part.file.truncated) throw tooLarge();
        const { size: receivedSize } = await stat(tmpFile);
        if (receivedSize === 0) throw apiError('file_empty');

        const { row } = await storeFile(ctx, tmpFile, displayName(part.filename), { actor: request.user!.email });
        return reply.code(201).send({ success: true, file: toFile(row), message: serverMessages.fileUploaded });
      } finally {
        await rm(tmpFile, { force: true }).catch(() => {});
      }

      function multipartError(error: unknown): ApiError {
        if (error instanceof ApiError) return error;
        if (isDiskFull(error)) return storageFull(); // writing the upload to DATA_DIR/tmp
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return apiError('not_multipart');
        if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
          return apiError('too_many_parts');
        }
        return apiError('bad_multipart');
      }
    },
  });

  app.delete('/:id', {
    schema: { params: idParams, response: { 200: deleteResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { id } = request.params;
      if (!FileStorage.isFileId(id)) throw fileNotFound();
      const row = await db.transaction(async (tx) => {
        const deleted = await deleteFile(tx, id);
        if (deleted) {
          await recordActivity(tx, 'file.deleted', `File "${deleted.name}" deleted`, new Date(), request.user!.email);
        }
        return deleted;
      });
      if (!row) throw fileNotFound();
      // The row is gone first, so no row ever points at a missing file; a file left behind
      // by a failed unlink is removed by the start-up sweep.
      await Promise.all([
        rm(storage.filePath(id), { force: true }),
        rm(storage.thumbnailPath(id), { force: true }),
      ]).catch((error: unknown) => request.log.warn({ err: error, id }, 'could not remove stored file'));
      return { success: true, message: serverMessages.fileDeleted };
    },
  });

  const contentQuery = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() });
  const binaryResponses = { 200: z.any().describe('the stored bytes'), ...errorResponses };

  /** Streams a stored file with headers that stop browsers from sniffing or running it. */
  async function sendStored(reply: FastifyReply, id: string, variant: 'content' | 'thumbnail', download: boolean) {
    const row = await findFile(id);
    if (!row || (variant === 'thumbnail' && !row.has_thumbnail)) throw fileNotFound();
    const file = variant === 'content' ? storage.filePath(row.id) : storage.thumbnailPath(row.id);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch {
      throw fileNotFound();
    }
    const name = variant === 'content' ? row.name : `${row.name}.webp`;
    return reply
      .header('content-type', variant === 'content' ? row.mime_type : 'image/webp')
      .header('content-length', size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_CSP)
      // Published articles show library images from other sites, and the console's preview
      // frame has an opaque origin: the bytes may be embedded anywhere.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=3600')
      .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', name))
      .send(createReadStream(file));
  }

  // Stored files are read by their unguessable id without a session, like media on a CDN:
  // published articles (and the preview frame, which sends no cookie) embed them.
  app.get('/:id/content', {
    config: { public: true },
    schema: { params: idParams, querystring: contentQuery, response: binaryResponses },
    handler: (request, reply) => {
      const { download } = request.query;
      return sendStored(reply, request.params.id, 'content', download === '1' || download === 'true');
    },
  });

  app.get('/:id/thumbnail', {
    config: { public: true },
    schema: { params: idParams, response: binaryResponses },
    handler: (request, reply) => sendStored(reply, request.params.id, 'thumbnail', false),
  });
};
