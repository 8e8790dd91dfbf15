import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
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
  type StoredFile,
} from '../../src/contract/index.ts';
import { recordActivity } from '../activity.ts';
import type { AppContext } from '../context.ts';
import { escapeLike } from '../db/sql.ts';
import { ApiError, badRequest, errorResponses } from '../errors.ts';
import { inspectUpload } from '../files/inspect.ts';
import { FileStorage } from '../files/storage.ts';
import { newId } from '../ids.ts';

interface FileRow {
  id: string;
  name: string;
  size: number | string;
  type: 'image' | 'pdf' | 'other';
  mime_type: string;
  has_thumbnail: boolean;
  uploaded_at: Date;
  last_modified: Date;
}

const FILE_COLUMNS = 'id, name, size, type, mime_type, has_thumbnail, uploaded_at, last_modified';

function toFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size),
    type: row.type,
    mimeType: row.mime_type,
    url: `/api/files/${row.id}/content`,
    ...(row.has_thumbnail ? { thumbnailUrl: `/api/files/${row.id}/thumbnail` } : {}),
    uploadedAt: new Date(row.uploaded_at).toISOString(),
    lastModified: new Date(row.last_modified).toISOString(),
  };
}

/** A client's file name, for display only: no path, no control or bidi characters. */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .replace(/^\.+$/, '');
  return clean.slice(0, 255) || 'file';
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
      const [rows, total, stats] = await Promise.all([
        db.query<FileRow>(
          `SELECT ${FILE_COLUMNS} FROM files ${whereSql} ORDER BY uploaded_at DESC, id DESC
            LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, limit, (page - 1) * limit],
        ),
        // Totals by type alone come from the stats row; only a name search needs a count.
        term ? db.query<{ n: number | string }>(`SELECT count(*) AS n FROM files ${whereSql}`, params) : undefined,
        db.query<{ files: number | string; images: number | string; pdfs: number | string; total_bytes: number | string }>(
          'SELECT files, images, pdfs, total_bytes FROM file_stats WHERE id = 1',
        ),
      ]);
      const summary = stats.rows[0];
      const images = Number(summary?.images ?? 0);
      const pdfs = Number(summary?.pdfs ?? 0);
      return {
        data: rows.rows.map(toFile),
        total: total ? Number(total.rows[0]?.n ?? 0) : { all: Number(summary?.files ?? 0), image: images, pdf: pdfs }[type],
        page,
        limit,
        summary: { images, pdfs, totalBytes: Number(summary?.total_bytes ?? 0) },
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
      const tmpThumb = storage.tmpPath('.webp');
      try {
        try {
          // Streamed to disk and stopped at the limit: the rest of an oversize body is not waited for.
          const file = part.file;
          file.once('limit', () => file.destroy(tooLarge()));
          await pipeline(file, createWriteStream(tmpFile, { flags: 'wx' }));
        } catch (error) {
          throw multipartError(error);
        }
        if (part.file.truncated) throw tooLarge();
        const { size: receivedSize } = await stat(tmpFile);
        if (receivedSize === 0) throw badRequest(serverMessages.fileEmpty, 'file_empty');

        const inspection = await inspectUpload(tmpFile, ctx.maxImagePixels);
        const { size } = await stat(tmpFile); // an SVG was rewritten sanitised
        if (inspection.thumbnail) await writeFile(tmpThumb, inspection.thumbnail, { flag: 'wx' });

        const id = newId();
        const now = new Date();
        const name = displayName(part.filename);
        const finalFile = storage.filePath(id);
        const finalThumb = storage.thumbnailPath(id);
        let moved = false;
        try {
          // Row and file appear together: the move happens inside the transaction, and a
          // failed commit removes the moved file.
          const row = await db.transaction(async (tx) => {
            const { rows } = await tx.query<FileRow>(
              `INSERT INTO files (id, name, stored_name, size, type, mime_type, has_thumbnail, uploaded_at, last_modified)
               VALUES ($1, $2, $1, $3, $4, $5, $6, $7, $7) RETURNING ${FILE_COLUMNS}`,
              [id, name, size, inspection.type, inspection.mimeType, Boolean(inspection.thumbnail), now],
            );
            await recordActivity(tx, 'file.uploaded', `File "${name}" uploaded`, now);
            moved = true;
            if (inspection.thumbnail) await rename(tmpThumb, finalThumb);
            await rename(tmpFile, finalFile);
            return rows[0]!;
          });
          return reply.code(201).send({ success: true, file: toFile(row), message: serverMessages.fileUploaded });
        } catch (error) {
          if (moved) {
            await Promise.all([rm(finalFile, { force: true }), rm(finalThumb, { force: true })]).catch(() => {});
          }
          throw error;
        }
      } finally {
        await Promise.all([rm(tmpFile, { force: true }), rm(tmpThumb, { force: true })]).catch(() => {});
      }

      function multipartError(error: unknown): ApiError {
        if (error instanceof ApiError) return error;
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
        if (deleted) await recordActivity(tx, 'file.deleted', `File "${deleted.name}" deleted`);
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
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', name))
      .send(createReadStream(file));
  }

  app.get('/:id/content', {
    schema: { params: idParams, querystring: contentQuery, response: binaryResponses },
    handler: (request, reply) => {
      const { download } = request.query;
      return sendStored(reply, request.params.id, 'content', download === '1' || download === 'true');
    },
  });

  app.get('/:id/thumbnail', {
    schema: { params: idParams, response: binaryResponses },
    handler: (request, reply) => sendStored(reply, request.params.id, 'thumbnail', false),
  });
};
