/** Limits of stored files shared by the request thread and the workers (no heavy imports here). */

/** Images are decoded only up to this many pixels (a small file cannot claim gigabytes). */
export const DEFAULT_MAX_IMAGE_PIXELS = 50_000_000;

/** Wall-clock limit of one file's inspection (decode, thumbnail, SVG sanitising) in a worker. */
export const FILE_JOB_MS = 5_000;

/**
 * Wall-clock limit of rendering a PDF's first page for its thumbnail, in a worker. A page that
 * takes longer (few bytes can ask for millions of drawing operations) keeps the PDF icon.
 */
export const PDF_THUMBNAIL_MS = 4_000;

/**
 * Pixels of the canvas a PDF page is rendered on: the page is scaled to twice the thumbnail
 * size on its longest side (640 × 640 at most); anything over this is refused, not drawn.
 */
export const PDF_THUMBNAIL_MAX_PIXELS = 640 * 640;

/** PDF's own largest page (ISO 32000, annex C: 14,400 units a side); larger pages are not drawn. */
export const PDF_MAX_PAGE_UNITS = 14_400;

/** Images inside a PDF are decoded only up to this many pixels each. */
export const PDF_MAX_IMAGE_PIXELS = 25_000_000;

/**
 * PDFs larger than this keep their icon: pdf.js holds the whole document in the worker's
 * memory, and the upload path keeps its memory independent of the file's size.
 */
export const PDF_THUMBNAIL_MAX_BYTES = 32 * 1024 * 1024;
