import { open, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  bulkResultSchema,
  deleteResultSchema,
  fileBulkRequestSchema,
  fileContentQuerySchema,
  fileDeleteQuerySchema,
  fileListQuerySchema,
  fileListResultSchema,
  fileResultSchema,
  fileTrashQuerySchema,
  fileTrashResultSchema,
  fileUpdateSchema,
  fileUploadQuerySchema,
  fileUsageSchema,
  fileVersionListSchema,
  fileVersionParamsSchema,
  latestFilesResultSchema,
  serverMessages,
  uploadResultSchema,
} from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { ApiError, apiError, errorResponses, isDiskFull, notFound, sendError, storageFull } from '../errors.ts';
import {
  bulkFiles,
  chosenFormat,
  displayName,
  fileTooLarge,
  FORMAT_TYPES,
  isResizable,
  readDerivative,
  updateFile,
  fileExists,
  fileNotFound,
  fileUsageOf,
  findFile,
  listFiles,
  listFileTrash,
  listFileVersions,
  moveFiles,
  moveFileToTrash,
  purgeFileForGood,
  readFileVersion,
  readLatestFiles,
  replaceUpload,
  restoreFileFromTrash,
  restoreFileVersion,
  uploadFile,
  type OnLeftover,
} from '../files/operations.ts';
import type { Variant } from '../files/storage.ts';

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

const idParams = z.object({ id: z.string().min(1).max(64) });

export const fileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { storage, maxUploadBytes, presignedDownloads } = ctx;
  // This plugin's errors, its 404s included, carry `success: false` like its results (docs/product.md, 'File calls').
  app.decorateRequest('errorShape', 'file');
  app.setNotFoundHandler((request, reply) => sendError(request, reply, notFound()));
  const tooLarge = () => fileTooLarge(maxUploadBytes);

  app.get('/', {
    schema: { querystring: fileListQuerySchema, response: { 200: fileListResultSchema, ...errorResponses } },
    handler: (request) => listFiles(ctx, request.query),
  });

  app.get('/latest', {
    schema: {
      querystring: z.object({ count: z.coerce.number().int().min(1).max(100).default(10) }),
      response: { 200: latestFilesResultSchema, ...errorResponses },
    },
    handler: (request) => readLatestFiles(ctx, request.query.count),
  });

  /**
   * Receives the request's one part named `file` into a new temp file, refusing what an upload
   * refuses (not multipart, no such part, too large, empty, a full disk). The caller removes the
   * temp file (the library does, once it took it).
   */
  async function receiveFile(request: FastifyRequest): Promise<{ tmpFile: string; name: string }> {
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
      return { tmpFile, name: displayName(part.filename) };
    } catch (error) {
      await rm(tmpFile, { force: true }).catch(() => {});
      throw error;
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
  }

  // Bytes are kept once: the same bytes again answer the file that has them (200, `duplicate`),
  // brought back from the trash when it was there.
  app.post('/', {
    schema: { querystring: fileUploadQuerySchema, response: { 200: uploadResultSchema, 201: uploadResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { tmpFile, name } = await receiveFile(request);
      try {
        const { file, reused, restored } = await uploadFile(ctx, request.user!.email, tmpFile, name, request.query.folder);
        if (!reused) return reply.code(201).send({ success: true, file, message: serverMessages.fileUploaded });
        return reply.code(200).send({
          success: true,
          file,
          message: restored ? serverMessages.restoredFromTrash(file.name) : serverMessages.alreadyInLibrary(file.name),
          duplicate: true,
          ...(restored ? { restored: true } : {}),
        });
      } finally {
        await rm(tmpFile, { force: true }).catch(() => {});
      }
    },
  });

  // New bytes under the same id, so every link to the file (its URL) stays good.
  app.put('/:id/content', {
    schema: { params: idParams, response: { 200: uploadResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { id } = request.params;
      // An unknown id is refused before the body is read (the body is drained by Fastify).
      if (!(await fileExists(ctx, id))) throw fileNotFound();
      const { tmpFile, name } = await receiveFile(request);
      try {
        const file = await replaceUpload(ctx, request.user!.email, id, tmpFile, name, (error) =>
          request.log.warn({ err: error, id }, 'could not remove the replaced thumbnail'),
        );
        return { success: true, file, message: serverMessages.fileReplaced };
      } finally {
        await rm(tmpFile, { force: true }).catch(() => {});
      }
    },
  });

  app.get('/trash', {
    schema: { querystring: fileTrashQuerySchema, response: { 200: fileTrashResultSchema, ...errorResponses } },
    handler: (request) => listFileTrash(ctx.db, request.query),
  });

  /** Bytes a purge could not remove: the start-up sweep removes them later. */
  const leftover =
    (request: FastifyRequest): OnLeftover =>
    (err, id, what) =>
      request.log.warn({ err, id }, what === 'file' ? 'could not remove stored file' : 'could not remove a file version');

  app.post('/bulk', {
    schema: { body: fileBulkRequestSchema, response: { 200: bulkResultSchema, ...errorResponses } },
    handler: (request) => {
      const { body } = request;
      return body.action === 'move'
        ? moveFiles(ctx, request.user!.email, body.ids, body.folderId ?? null)
        : bulkFiles(ctx, request.user!.email, { ...body, action: body.action }, leftover(request));
    },
  });

  // Delete moves to the trash: the file leaves the list and its URLs answer 404, its bytes stay.
  // A file a published article shows is refused (409 file_in_use, naming them) unless confirmed.
  app.delete('/:id', {
    schema: { params: idParams, querystring: fileDeleteQuerySchema, response: { 200: deleteResultSchema, ...errorResponses } },
    handler: async (request) => {
      await moveFileToTrash(ctx, request.user!.email, request.params.id, { confirm: request.query.confirm === 'true' });
      return { success: true, message: serverMessages.fileDeleted };
    },
  });

  app.post('/:id/restore', {
    schema: { params: idParams, response: { 200: fileResultSchema, ...errorResponses } },
    handler: async (request) => {
      const file = await restoreFileFromTrash(ctx, request.user!.email, request.params.id);
      return { success: true, file, message: serverMessages.fileRestored };
    },
  });

  app.patch('/:id', {
    schema: { params: idParams, body: fileUpdateSchema, response: { 200: fileResultSchema, ...errorResponses } },
    handler: async (request) => {
      const file = await updateFile(ctx, request.user!.email, request.params.id, request.body, (error) =>
        request.log.warn({ err: error, id: request.params.id }, 'could not remove the crops of the earlier focal point'),
      );
      return { success: true, file, message: serverMessages.fileDetailsSaved };
    },
  });

  // For good: the row first, so no row ever points at missing bytes; then the bytes.
  app.delete('/:id/forever', {
    schema: { params: idParams, response: { 200: deleteResultSchema, ...errorResponses } },
    handler: async (request) => {
      await purgeFileForGood(ctx, request.user!.email, request.params.id, leftover(request));
      return { success: true, message: serverMessages.filePurged };
    },
  });

  const binaryResponses = { 200: z.any().describe('the stored bytes'), ...errorResponses };

  /**
   * Streams a stored file with headers that stop browsers from sniffing or running it, or, with
   * S3_PRESIGNED_DOWNLOADS, redirects to a short-lived URL of the bucket that answers with the
   * same type and disposition.
   */
  async function sendStored(reply: FastifyReply, id: string, variant: Variant, download: boolean) {
    const row = await findFile(ctx, id);
    if (!row || (variant === 'thumbnail' && !row.has_thumbnail)) throw fileNotFound();
    const name = variant === 'content' ? row.name : `${row.name}.webp`;
    const type = variant === 'content' ? row.mime_type : 'image/webp';
    const disposition = contentDisposition(download ? 'attachment' : 'inline', name);
    if (presignedDownloads) {
      const url = await storage.presign(row.id, variant, { contentType: type, contentDisposition: disposition });
      if (url) return reply.header('cache-control', 'private, no-store').redirect(url, 302);
    }
    const stored = await storage.read(row.id, variant);
    if (!stored) throw fileNotFound();
    return reply
      .header('content-type', type)
      .header('content-length', stored.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_CSP)
      // Published articles show library images from other sites, and the console's preview
      // frame has an opaque origin: the bytes may be embedded anywhere.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=3600')
      .header('content-disposition', disposition)
      .send(stored.body);
  }

  /**
   * A raster image made to measure (server/files/derivatives.ts), made on the first request and
   * kept; its ETag names what it was made from, and `format=auto` varies with Accept.
   */
  async function sendDerivative(request: FastifyRequest, reply: FastifyReply, id: string, query: z.infer<typeof fileContentQuerySchema>) {
    const row = await findFile(ctx, id);
    if (!row) throw fileNotFound();
    if (!isResizable(row.mime_type)) throw apiError('not_resizable');
    const format = chosenFormat(query.format, row.mime_type, request.headers.accept);
    const focal = row.focal_x === null || row.focal_y === null ? { x: 0.5, y: 0.5 } : { x: Number(row.focal_x), y: Number(row.focal_y) };
    const spec = { w: query.w, h: query.h, fit: query.fit ?? 'contain', format, focal };
    if (query.format === 'auto') reply.header('vary', 'Accept');
    const { name, stored } = await readDerivative(ctx, row, spec);
    const etag = `"${name}"`;
    reply
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_CSP)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=3600');
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      (stored.body as Readable).destroy();
      return reply.code(304).send();
    }
    const download = query.download === '1' || query.download === 'true';
    const shownName = `${row.name.replace(/\.[^.]*$/, '')}-${spec.w ?? spec.h ?? 'full'}.${format === 'jpeg' ? 'jpg' : format}`;
    return reply
      .header('content-type', FORMAT_TYPES[format])
      .header('content-length', stored.size)
      .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', shownName))
      .send(stored.body);
  }

  // Stored files are read by their unguessable id without a session, like media on a CDN:
  // published articles (and the preview frame, which sends no cookie) embed them.
  app.get('/:id/content', {
    config: { public: true },
    schema: { params: idParams, querystring: fileContentQuerySchema, response: binaryResponses },
    handler: (request, reply) => {
      const { download, w, h, fit, format } = request.query;
      if (w !== undefined || h !== undefined || fit !== undefined || format !== undefined) {
        return sendDerivative(request, reply, request.params.id, request.query);
      }
      return sendStored(reply, request.params.id, 'content', download === '1' || download === 'true');
    },
  });

  app.get('/:id/thumbnail', {
    config: { public: true },
    schema: { params: idParams, response: binaryResponses },
    handler: (request, reply) => sendStored(reply, request.params.id, 'thumbnail', false),
  });

  // Where the file is used: the articles whose HTML or social image it is (server/files/usage.ts).
  app.get('/:id/usage', {
    schema: { params: idParams, response: { 200: fileUsageSchema, ...errorResponses } },
    handler: (request) => fileUsageOf(ctx, request.params.id),
  });

  // Earlier versions: what "Replace…" put aside (server/files/versions.ts).
  app.get('/:id/versions', {
    schema: {
      params: idParams,
      response: { 200: fileVersionListSchema, ...errorResponses },
    },
    handler: (request) => listFileVersions(ctx.db, request.params.id),
  });

  // Behind the session (unlike the current bytes): an earlier version is history, not published media.
  app.get('/:id/versions/:v/content', {
    schema: {
      params: fileVersionParamsSchema,
      response: binaryResponses,
    },
    handler: async (request, reply) => {
      const { version, stored } = await readFileVersion(ctx, request.params.id, request.params.v);
      return reply
        .header('content-type', version.mime_type)
        .header('content-length', stored.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_CSP)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', version.name))
        .send(stored.body);
    },
  });

  app.post('/:id/versions/:v/restore', {
    schema: {
      params: fileVersionParamsSchema,
      response: { 200: fileResultSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { id, v } = request.params;
      const file = await restoreFileVersion(ctx, id, v, {
        actor: request.user!.email,
        onLeftover: (error) => request.log.warn({ err: error, id }, 'could not remove a stale stored object'),
      });
      return { success: true, file, message: serverMessages.fileVersionRestored };
    },
  });
};
