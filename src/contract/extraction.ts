/** How sure an extraction must be to need no look (zod-free: the list's badge imports it). Re-exported by `./index`. */

/** Below this score (0 to 1) an extraction is worth a look: the console says 'Check the extraction'. */
export const EXTRACTION_CHECK_BELOW = 0.6;
