/**
 * Folders of the file library: nested, each file in one folder or in none (the top of the
 * library). Needs zod; re-exported by `./index`.
 *
 * - `GET /folders` → FolderList: every folder, with how many files and folders each holds.
 * - `GET /folders/:id` → FolderDetail: the folder and its path from the top.
 * - `POST /folders {name, parentId?}` → 201 FolderResult.
 * - `PATCH /folders/:id {name?, parentId?}` → FolderResult: renamed, or moved (null: to the top).
 * - `DELETE /folders/:id?moveTo=<id|root>` → DeleteResult: a folder that holds files or folders
 *   is refused (409 `folder_not_empty`) unless `moveTo` says where they go.
 * - Files: `GET /files?folder=<id|root>`, `PATCH /files/:id {folderId}`, `POST /files/bulk
 *   {action: 'move', ids, folderId}`, `POST /files?folder=<id>` (an upload into a folder).
 */
import { z } from 'zod';
import { FOLDER_NAME_MAX, folderMessages as messages } from './folderMessages';

export const folderIdSchema = z.string().min(1).max(64);

/** A folder's name: trimmed, 1 to FOLDER_NAME_MAX characters, no slash or control character. */
export const folderNameSchema = z
  .string()
  .trim()
  .min(1, messages.nameEmpty)
  .max(FOLDER_NAME_MAX, messages.nameTooLong)
  // eslint-disable-next-line no-control-regex
  .refine((name) => !/[/\\\u0000-\u001f\u007f]/.test(name), messages.nameInvalid);

export const folderSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null: at the top of the library. */
  parentId: z.string().nullable(),
  /** Files directly in it (out of the trash). */
  fileCount: z.number().int().nonnegative(),
  /** Folders directly in it. */
  folderCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

/** Every folder of the library, by name. */
export const folderListSchema = z.object({ data: z.array(folderSchema) });
export type FolderList = z.infer<typeof folderListSchema>;

export const folderDetailSchema = z.object({
  folder: folderSchema,
  /** From the top of the library down to the folder itself. */
  path: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type FolderDetail = z.infer<typeof folderDetailSchema>;

export const folderCreateSchema = z.strictObject({
  name: folderNameSchema,
  /** The folder it goes in; absent or null: the top of the library. */
  parentId: folderIdSchema.nullable().optional(),
});
export type FolderCreate = z.infer<typeof folderCreateSchema>;

export const folderUpdateSchema = z
  .strictObject({ name: folderNameSchema.optional(), parentId: folderIdSchema.nullable().optional() })
  .refine((body) => body.name !== undefined || body.parentId !== undefined, messages.updateEmpty);
export type FolderUpdate = z.infer<typeof folderUpdateSchema>;

/** Where a deleted folder's files and folders go: another folder's id, or `root` (the top). */
export const folderDeleteQuerySchema = z.object({ moveTo: folderIdSchema.optional() });

export const folderResultSchema = z.object({ success: z.boolean(), folder: folderSchema, message: z.string() });
export type FolderResult = z.infer<typeof folderResultSchema>;

/** `GET /files?folder=`: a folder's id, or `root` for the files in no folder. */
export const ROOT_FOLDER = 'root';
