/**
 * Files of the library: a file, the list (its query and summary), uploads, the trash, actions
 * on several at once. Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';
import { serverMessages as messages } from './messages';
import { fileTypeSchema } from './enums';
import { MAX_BULK_IDS } from './articles';

export const fileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: fileTypeSchema,
  mimeType: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().optional(),
  uploadedAt: z.string(),
  lastModified: z.string(),
});
export type StoredFile = z.infer<typeof fileSchema>;

export const fileTypeFilterSchema = z.enum(['all', 'image', 'pdf']);
export type FileTypeFilter = z.infer<typeof fileTypeFilterSchema>;

export const fileSummarySchema = z.object({
  images: z.number().int().nonnegative(),
  pdfs: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
});
export type FileSummary = z.infer<typeof fileSummarySchema>;

export const fileListResultSchema = z.object({
  data: z.array(fileSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  summary: fileSummarySchema,
});
export type FileListResult = z.infer<typeof fileListResultSchema>;

export const latestFilesResultSchema = z.object({ data: z.array(fileSchema) });
export type LatestFilesResult = z.infer<typeof latestFilesResultSchema>;

/**
 * POST /files: 201 with the new file; or 200 with `duplicate: true` and the file that already has
 * these bytes (same SHA-256), nothing stored again: out of the trash, with
 * serverMessages.alreadyInLibrary; in the trash, brought back (`restored: true`) with
 * serverMessages.restoredFromTrash. PUT /files/:id/content answers the replaced file (200).
 */
export const uploadResultSchema = z.object({
  success: z.boolean(),
  file: fileSchema.optional(),
  message: z.string(),
  /** The bytes were already in the library: `file` is the file that has them. */
  duplicate: z.boolean().optional(),
  /** That file was in the trash and has been restored. */
  restored: z.boolean().optional(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * The files' trash. `DELETE /files/:id` moves a file there: it leaves the list, the summary and
 * the latest files, and its content and thumbnail answer 404, but its bytes are kept for
 * TRASH_RETENTION_DAYS days, after which the sweep (at start and hourly) deletes it for good.
 * - `GET /files/trash?page=&limit=` → FileTrashResult: most recently deleted first.
 * - `POST /files/:id/restore` → FileResult (serverMessages.fileRestored); 404 when not in the trash.
 * - `DELETE /files/:id/forever` → DeleteResult (serverMessages.filePurged); 409 `not_in_trash`
 *   (serverMessages.fileNotInTrash) for a file out of the trash, 404 for an unknown one.
 */
export const trashedFileSchema = fileSchema.extend({ deletedAt: z.string() });
export type TrashedFile = z.infer<typeof trashedFileSchema>;

export const fileTrashQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type FileTrashQuery = z.input<typeof fileTrashQuerySchema>;

/** A page of the files' trash; `total`: how many files it holds (exact). */
export const fileTrashResultSchema = z.object({
  data: z.array(trashedFileSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type FileTrashResult = z.infer<typeof fileTrashResultSchema>;

/** One file and what happened to it (restore, replace). */
export const fileResultSchema = z.object({
  success: z.boolean(),
  file: fileSchema,
  message: z.string(),
});
export type FileResult = z.infer<typeof fileResultSchema>;

/**
 * POST /files/bulk: one action on several files, in one transaction. `delete` moves files to the
 * trash (those already there are `unchanged`); `restore` brings files back from it (those out of
 * it are `unchanged`); `purge` deletes files of the trash for good (a file out of the trash is
 * `refused` with `not_in_trash`). Unknown ids are `refused` (`not_found`); duplicates count once.
 * At most MAX_BULK_IDS ids (400 `validation_failed` with serverMessages.fileBulkTooMany above).
 * Answers BulkResult.
 */
export const fileBulkActionSchema = z.enum(['delete', 'restore', 'purge']);
export type FileBulkAction = z.infer<typeof fileBulkActionSchema>;
export const fileBulkRequestSchema = z.strictObject({
  action: fileBulkActionSchema,
  ids: z.array(z.string().min(1).max(64)).min(1).max(MAX_BULK_IDS, messages.fileBulkTooMany),
});
export type FileBulkRequest = z.infer<typeof fileBulkRequestSchema>;

export const deleteResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type DeleteResult = z.infer<typeof deleteResultSchema>;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_UPLOAD_TYPES = 'image/jpeg,image/png,image/gif,image/svg+xml,.pdf,application/pdf';

/** Query of GET /files. */
export const fileListQuerySchema = z.object({
  type: fileTypeFilterSchema.default('all'),
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type FileListQuery = z.input<typeof fileListQuerySchema>;
