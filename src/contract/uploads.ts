/**
 * Resumable uploads (the tus protocol 1.0.0, https://tus.io/protocols/resumable-upload): a file
 * sent in a way that survives a dropped connection. The console uses them for files of
 * RESUMABLE_FROM_BYTES and more (tus-js-client); POST /files stays the one-call way.
 *
 * - `POST /api/uploads` with `Tus-Resumable: 1.0.0`, `Upload-Length` (at most the server's
 *   MAX_UPLOAD_BYTES) and `Upload-Metadata` (`filename`, base64, required; `folder`, a folder's id
 *   or `root`): 201, `Location: /api/uploads/<id>`. Refused: 413 `file_too_large`, 400
 *   `missing_file` without a name, 422 `folder_target_not_found`; nothing kept.
 * - `HEAD /api/uploads/:id`: `Upload-Offset`, how much the server has (where to go on from).
 * - `PATCH /api/uploads/:id` (`Content-Type: application/offset+octet-stream`, `Upload-Offset`):
 *   more bytes; 204 with the new `Upload-Offset`, and for the last ones the library's answer to
 *   POST /files (201 a new file, 200 bytes already there) as JSON, or its refusal (415, 400…).
 * - `DELETE /api/uploads/:id`: cancelled, its bytes removed (204).
 *
 * An upload is its account's: another account's id answers 404, as an unknown one does. Bytes
 * not finished within UPLOAD_EXPIRY_HOURS are removed by the hourly sweep. Needs no zod; not in
 * `./index` (the console's file manager imports it alone).
 */
export const UPLOADS_PATH = '/api/uploads';

/** From this size on the console sends a file as a resumable upload. */
export const RESUMABLE_FROM_BYTES = 2 * 1024 * 1024;

/** How long an unfinished upload's bytes are kept for it to go on. */
export const UPLOAD_EXPIRY_HOURS = 24;

/** The `Upload-Metadata` keys the server reads. */
export const UPLOAD_METADATA = { name: 'filename', type: 'filetype', folder: 'folder' } as const;

export const uploadMessages = {
  notFound: 'This upload is not here any more (finished, cancelled or past its 24 hours): start it again.',
} as const;
