/** Limits of stored files shared by the request thread and the workers (no heavy imports here). */

/** Images are decoded only up to this many pixels (a small file cannot claim gigabytes). */
export const DEFAULT_MAX_IMAGE_PIXELS = 50_000_000;

/** Wall-clock limit of one file's inspection (decode, thumbnail, SVG sanitising) in a worker. */
export const FILE_JOB_MS = 5_000;
