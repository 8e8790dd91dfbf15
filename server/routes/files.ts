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
import { recordActivity } from '../activity.ts';
import type { AppContext } from '../context.ts';
import { escapeLike, SEARCH_COUNT_CAP } from '../db/sql.ts';
import { ApiError, badRequest, errorResponses, isDiskFull, storageFull } from '../errors.ts';
import { displayName, FILE_COLUMNS, storeFile, toFile, type FileRow } from '../files/library.ts';
import { FileStorage } from '../files/storage.ts';

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

const fileNotFound = () => new ApiError(404, 'not_found', serverMessages.fileNotFound);
const idParams = z.object({ id: z.string().min(1).max(64) });

export const fileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, storage, maxUploadBytes } = ctx;
  const tooLargeMessage =
    maxUploadBytes === MAX_UPLOAD_BYTES
      ? serverMessages.fileTooLarge
      : `File size too large. Maximum size is ${Math.round((maxUploadBytes / 1024 / 1024) * 100) / 100}MB.`;
  const tooLarge = () => new ApiError(413, 'file_too_large', tooLargeMessage);

  const findFile = async (id: string) => {
    if (!FileStorage.isFileId(id)) return undefined;
    const { rows } = await db.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE id = $1`, [id]);
    return rows[0];
  };

  app.get('/', {
    schema: { querystring: fileListQuerySchema, response: { 200: fileListResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { type, search, page, limit } = request.query;
      const offset = (page - 1) * limit;
      const where: string[] = [];
      const params: unknown[] = [];
      if (type !== 'all') {
        params.push(type);
        where.push(`type = $${params.length}`);
      }
      const term = search?.trim();
      if (term) {
        params.push(`%${escapeLike(term.toLowerCase())}%`);
        where.push(`lower(name) LIKE $${params.length}`);
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      // Totals by type come from the stats row. A name search counts its matches, but no further
      // than SEARCH_COUNT_CAP past this page's start: the total is exact up to there, else it
      // reads offset + SEARCH_COUNT_CAP + 1 ("more than"), which still lets a client page on
      // while page × limit < total, and a broad term costs no more than the page itself.
      const cap = offset + SEARCH_COUNT_CAP + 1;
      const totalsSql = `(SELECT files FROM file_stats WHERE id = 1) AS stat_files,
        (SELECT images FROM file_stats WHERE id = 1) AS stat_images,
        (SELECT pdfs FROM file_stats WHERE id = 1) AS stat_pdfs,
        (SELECT total_bytes FROM file_stats WHERE id = 1) AS stat_bytes,
        ${term ? `(SELECT count(*) FROM (SELECT 1 FROM files ${whereSql} LIMIT ${cap}) m)` : 'NULL'} AS matches`;
      type Totals = Record<'stat_files' | 'stat_images' | 'stat_pdfs' | 'stat_bytes', number | string> & {
        matches: number | string | null;
      };
      // The totals ride along with the page: one statement, one round trip.
      const { rows } = await db.query<FileRow & Totals>(
        `SELECT ${FILE_COLUMNS}, ${totalsSql} FROM files ${whereSql} ORDER BY uploaded_at DESC, id DESC
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
        { prepare: !term }, // a name search's plan depends on its term
      );
      // An empty page has no row to carry the totals: ask for them alone.
      // Its SQL has placeholders only when it counts a name search's matches.
      const totals = rows[0] ?? (await db.query<Totals>(`SELECT ${totalsSql}`, term ? params : [])).rows[0]!;
      const images = Number(totals.stat_images);
      const pdfs = Number(totals.stat_pdfs);
      return {
        data: rows.map(toFile),
        total:
          totals.matches !== null
            ? Number(totals.matches)
            : { all: Number(totals.stat_files), image: images, pdf: pdfs }[type],
        page,
        limit,
        summary: { images, pdfs, totalBytes: Number(totals.stat_bytes) },
      };
    },
  });

  app.get('/latest', {
    schema: {
      querystring: z.object({ count: z.coerce.number().int().min(1).max(100).default(10) }),
      response: { 200: latestFilesResultSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { rows } = await db.query<FileRow>(
        `SELECT ${FILE_COLUMNS} FROM files ORDER BY uploaded_at DESC, id DESC LIMIT $1`,
        [request.query.count],
      );
      return { data: rows.map(toFile) };
    },
  });

  app.post('/', {
    schema: { response: { 201: uploadResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      if (!request.isMultipart()) {
        throw badRequest('Send the file as multipart/form-data with one part named "file"', 'not_multipart');
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
        throw badRequest('Send the file as multipart/form-data with one part named "file"', 'missing_file');
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
        if (receivedSize === 0) throw badRequest(serverMessages.fileEmpty, 'file_empty');

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
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
          return badRequest('Send the file as multipart/form-data with one part named "file"', 'not_multipart');
        }
        if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
          return badRequest('Send one file per request, in a part named "file"', 'too_many_parts');
        }
        return badRequest('The multipart body is malformed', 'bad_multipart');
      }
    },
  });

  app.delete('/:id', {
    schema: { params: idParams, response: { 200: deleteResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { id } = request.params;
      if (!FileStorage.isFileId(id)) throw fileNotFound();
      const row = await db.transaction(async (tx) => {
        const { rows } = await tx.query<FileRow>(`DELETE FROM files WHERE id = $1 RETURNING ${FILE_COLUMNS}`, [id]);
        const deleted = rows[0];
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
