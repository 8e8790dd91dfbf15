/**
 * Files of the library: a file, the list (its query and summary), uploads, the trash, actions
 * on several at once. Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';
import { serverMessages as messages } from './messages';
import { fileTypeSchema } from './enums';
import { MAX_BULK_IDS } from './articles';
import { folderMessages } from './folderMessages';
import { folderIdSchema } from './folders';

/**
 * Where an image's subject is, from its top left corner (0, 0) to its bottom right (1, 1):
 * crops made from the image (GET /files/:id/content?w=&h=&fit=cover) keep it in the frame.
 */
export const focalPointSchema = z.object({
  x: z.number().min(0, messages.focalPointOutside).max(1, messages.focalPointOutside),
  y: z.number().min(0, messages.focalPointOutside).max(1, messages.focalPointOutside),
});
export type FocalPoint = z.infer<typeof focalPointSchema>;

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
  /** What the image shows, for those who cannot see it; brought into an article with the image ('' when none). */
  alt: z.string(),
  caption: z.string(),
  /** Who made it, or whose it is. */
  credit: z.string(),
  /** Null: the middle. */
  focalPoint: focalPointSchema.nullable(),
  /** A raster image's size in pixels, as shown (null for PDFs, SVGs, and images stored before sizes were kept). */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** The folder it is in; null: in none (the top of the library). */
  folderId: z.string().nullable(),
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
export const fileBulkActionSchema = z.enum(['delete', 'restore', 'purge', 'move']);
export type FileBulkAction = z.infer<typeof fileBulkActionSchema>;
export const fileBulkRequestSchema = z
  .strictObject({
    action: fileBulkActionSchema,
    ids: z.array(z.string().min(1).max(64)).min(1).max(MAX_BULK_IDS, messages.fileBulkTooMany),
    /** `delete`: also the files a published article shows (refused with `file_in_use` without it). */
    confirm: z.boolean().optional(),
    /** `move`: the folder the files go in (null: in none). Files in the trash are refused (`not_found`). */
    folderId: folderIdSchema.nullable().optional(),
  })
  .refine((body) => body.action !== 'move' || body.folderId !== undefined, { message: folderMessages.moveNeedsFolder, path: ['folderId'] });
export type FileBulkRequest = z.infer<typeof fileBulkRequestSchema>;

export const deleteResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type DeleteResult = z.infer<typeof deleteResultSchema>;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_UPLOAD_TYPES = 'image/jpeg,image/png,image/gif,image/svg+xml,.pdf,application/pdf';

/** Query of GET /files; `folder`: the files directly in that folder (`root`: in none). */
export const fileListQuerySchema = z.object({
  type: fileTypeFilterSchema.default('all'),
  folder: folderIdSchema.optional(),
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type FileListQuery = z.input<typeof fileListQuerySchema>;

export const FILE_ALT_MAX = 1_000;
export const FILE_CAPTION_MAX = 2_000;
export const FILE_CREDIT_MAX = 300;

/** Query of POST /files: the folder the upload goes in (bytes already in the library stay where they are). */
export const fileUploadQuerySchema = z.object({ folder: folderIdSchema.optional() });

/**
 * PATCH /files/:id: what the file says about itself (only the fields sent change; '' clears a
 * text, null the focal point). Answers FileResult (serverMessages.fileDetailsSaved).
 */
export const fileUpdateSchema = z
  .strictObject({
    alt: z.string().max(FILE_ALT_MAX, messages.fileAltTooLong).optional(),
    caption: z.string().max(FILE_CAPTION_MAX, messages.fileCaptionTooLong).optional(),
    credit: z.string().max(FILE_CREDIT_MAX, messages.fileCreditTooLong).optional(),
    focalPoint: focalPointSchema.nullable().optional(),
    /** The folder it goes in (null: in none). */
    folderId: folderIdSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, messages.fileUpdateEmpty);
export type FileUpdate = z.infer<typeof fileUpdateSchema>;

/**
 * The widths and heights an image is served at (GET /files/:id/content?w=&h=): a fixed set, so
 * the derivatives kept stay few. An image is never made larger than it is.
 */
export const IMAGE_SIZES = [160, 320, 480, 640, 960, 1280, 1920, 2560, 3840] as const;
export const imageFitSchema = z.enum(['cover', 'contain']);
export type ImageFit = z.infer<typeof imageFitSchema>;
/** `auto`: AVIF or WebP when the browser's Accept says it takes them, else the file's own format. */
export const imageFormatSchema = z.enum(['auto', 'avif', 'webp', 'jpeg', 'png'], messages.imageFormatNotOffered);
export type ImageFormat = z.infer<typeof imageFormatSchema>;

const imageSize = z.coerce
  .number(messages.imageSizeNotOffered)
  .refine((n) => (IMAGE_SIZES as readonly number[]).includes(n), messages.imageSizeNotOffered);

/**
 * Query of GET /files/:id/content: `download` for the stored bytes as an attachment; `w`, `h`,
 * `fit` (default `contain`: within w × h; `cover`: fills w × h, cropped around the focal point)
 * and `format` for a raster image made to measure (400 `not_resizable` for a PDF or an SVG).
 */
export const fileContentQuerySchema = z.object({
  download: z.enum(['0', '1', 'true', 'false']).optional(),
  w: imageSize.optional(),
  h: imageSize.optional(),
  fit: imageFitSchema.optional(),
  format: imageFormatSchema.optional(),
});
export type FileContentQuery = z.input<typeof fileContentQuerySchema>;

/**
 * Query of DELETE /files/:id: `confirm=true` moves to the trash a file that a published article
 * shows; without it that is refused with 409 `file_in_use`, naming the articles.
 */
export const fileDeleteQuerySchema = z.object({ confirm: z.enum(['true', 'false']).optional() });

/** Where an article uses a file: its blog HTML, or as its social image. */
export const fileUsePlaceSchema = z.enum(['body', 'social']);
export type FileUsePlace = z.infer<typeof fileUsePlaceSchema>;

/** GET /files/:id/usage: the articles that use the file (published ones first), at most MAX_FILE_USAGE_LISTED; `total` of them all. */
export const MAX_FILE_USAGE_LISTED = 200;
export const fileUsageSchema = z.object({
  data: z.array(
    z.object({
      articleId: z.string(),
      title: z.string().nullable(),
      slug: z.string().nullable(),
      status: z.enum(['draft', 'published']),
      inTrash: z.boolean(),
      places: z.array(fileUsePlaceSchema),
    }),
  ),
  total: z.number().int().nonnegative(),
});
export type FileUsage = z.infer<typeof fileUsageSchema>;
