/** Scraping a page into a draft, and scraping an article's page again. Needs zod; re-exported by `./index`. */
import { z } from 'zod';
import { articleSchema } from './articles';
import { duplicateSchema } from './duplicates';

/**
 * POST /articles/scrape. A page already scraped (same address) is not scraped again unless
 * `force` is set: the answer is 409 `already_scraped` with the existing `articleId`.
 */
export const scrapeRequestSchema = z.strictObject({
  url: z.string().min(1).max(2048),
  force: z.boolean().optional(),
});
export type ScrapeRequest = z.infer<typeof scrapeRequestSchema>;

/** Something of the page that could not be brought home (an image kept at its original URL). */
export const scrapeWarningSchema = z.object({ url: z.string(), message: z.string() });
export type ScrapeWarning = z.infer<typeof scrapeWarningSchema>;

/** The answer of a scrape or re-scrape: the article, and what went wrong with its images. */
export const scrapeResultSchema = z.object({
  data: articleSchema,
  warnings: z.array(scrapeWarningSchema),
  images: z.object({
    /** Images stored in the file library by this scrape. */
    imported: z.number().int().nonnegative(),
    /** Images whose bytes were already in the library. */
    reused: z.number().int().nonnegative(),
  }),
  /**
   * A new draft's near-duplicates already in the library ("Looks like a copy of …"; see
   * src/contract/duplicates.ts). Optional only so that another server's answers still parse.
   */
  duplicates: z.array(duplicateSchema).optional(),
});
export type ScrapeResult = z.infer<typeof scrapeResultSchema>;

/**
 * POST /articles/:id/rescrape: fetches the source page again and refreshes `scrappedData`;
 * `blogData` too when `replaceBlogData` (the console asks first). Drafts only (409 otherwise).
 */
export const rescrapeRequestSchema = z.strictObject({ replaceBlogData: z.boolean().optional() });
export type RescrapeRequest = z.infer<typeof rescrapeRequestSchema>;
