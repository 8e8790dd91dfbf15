/**
 * A PDF's thumbnail, made off the request thread: the first page is drawn in a worker
 * (server/files/pdfRender.ts through the pdfThumbnail task) within PDF_THUMBNAIL_MS and the
 * worker's memory. A thumbnail is a nicety: a PDF whose page cannot be drawn (damaged,
 * encrypted, no pages, too large, too slow, the pool busy) is stored all the same, with its icon.
 */
import { ApiError } from '../errors.ts';
import type { WorkerPool } from '../workers/pool.ts';
import { PDF_THUMBNAIL_MS } from './limits.ts';

// What the pool throws for a job over its limits: only `onFailure` ever sees it.
const limits = {
  timeoutMs: PDF_THUMBNAIL_MS,
  tooSlow: () => new ApiError(422, 'image_undecodable', `PDF page not drawn within ${PDF_THUMBNAIL_MS} ms`),
  tooBig: () => new ApiError(422, 'image_undecodable', 'PDF page not drawn within the worker memory limit'),
};

/**
 * The WebP thumbnail of page 1 of the PDF at `file` (at most THUMBNAIL_SIZE on its longest
 * side), or undefined when there is none to be had. Never throws.
 * `onFailure` hears why (e.g. to log at debug level); the reasons are expected, so nothing
 * is logged here.
 */
export async function pdfThumbnailInWorker(
  workers: WorkerPool,
  file: string,
  onFailure?: (reason: unknown) => void,
): Promise<Buffer | undefined> {
  try {
    const thumbnail = await workers.run('pdfThumbnail', { path: file }, limits);
    return Buffer.from(thumbnail.buffer, thumbnail.byteOffset, thumbnail.byteLength);
  } catch (reason) {
    try {
      onFailure?.(reason);
    } catch {
      // A listener's own failure must not make the upload fail either.
    }
    return undefined;
  }
}
