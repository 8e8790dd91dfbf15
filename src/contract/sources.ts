/**
 * Sources: feeds and sitemaps the server follows. Each poll reads the source (conditionally: an
 * unchanged one answers 304), and each entry it has not seen before becomes a draft through the
 * scrape path, politely (robots.txt for the product's user agent, one request at a time per host
 * and at least SOURCE_HOST_PACE_MS apart, Crawl-delay and Retry-After honoured). An entry seen
 * before (its id, or its address once normalised), whose address an article was scraped from,
 * or whose text is a near-copy of an article's (src/contract/duplicates.ts), makes no draft. A
 * failing source backs off, doubling up to a day.
 *
 * - `GET /sources` → `{ data: Source[] }`
 * - `POST /sources` `{ url, intervalMinutes?, include?, watch? }` → 201 `{ data: Source }`: a feed or a
 *   sitemap, or a page whose `<link rel="alternate">` names a feed (the first one is followed;
 *   `found` lists them all)
 * - `GET /sources/:id` → `{ data: Source }`
 * - `PATCH /sources/:id` `{ intervalMinutes?, paused?, include?, watch? }` → `{ data: Source }`
 * - `DELETE /sources/:id` → 204 (its articles stay)
 * - `POST /sources/:id/poll` → `{ data: SourcePoll }` when the poll ends
 * - `GET /sources/:id/entries?limit=&cursor=` → `{ data: SourceEntry[], nextCursor }`, newest first
 * Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';

export const SOURCE_KINDS = ['feed', 'sitemap'] as const;
export const sourceKindSchema = z.enum(SOURCE_KINDS);
export type SourceKind = z.infer<typeof sourceKindSchema>;

/** How often a source is polled, in minutes, unless it says otherwise. */
export const SOURCE_DEFAULT_INTERVAL_MINUTES = 60;
export const SOURCE_MIN_INTERVAL_MINUTES = 5;
/** A week. */
export const SOURCE_MAX_INTERVAL_MINUTES = 7 * 24 * 60;
/** A failing source waits this long before its next poll, doubling with each failure up to SOURCE_MAX_BACKOFF_MS. */
export const SOURCE_FIRST_BACKOFF_MS = 5 * 60_000;
export const SOURCE_MAX_BACKOFF_MS = 24 * 60 * 60_000;
/** Two requests to one host are at least this far apart (SOURCE_HOST_PACE_MS; a robots.txt Crawl-delay may ask for more). */
export const SOURCE_HOST_PACE_MS = 1_000;
/** Entries one poll takes at most (the newest first, as the source lists them); the rest wait for the next poll. */
export const SOURCE_MAX_ENTRIES_PER_POLL = 500;
/** Bytes of a feed or sitemap read at most (decoded). */
export const SOURCE_MAX_FEED_BYTES = 10 * 1024 * 1024;
/** Sitemaps of a sitemap index followed at most per poll (one level deep). */
export const SOURCE_MAX_SITEMAPS_PER_POLL = 20;
/** Bytes of a robots.txt read at most (as Google reads 500 KiB). */
export const SOURCE_MAX_ROBOTS_BYTES = 500 * 1024;
export const MAX_SOURCE_URL_LENGTH = 2048;
export const MAX_SOURCE_PATTERN_LENGTH = 500;

/** What a poll made of each entry: a draft, or why not. */
/** How many days a source's drafts-a-day chart covers. */
export const SOURCE_CHART_DAYS = 30;

export const SOURCE_ENTRY_STATES = ['created', 'skipped', 'refused', 'failed'] as const;
export const sourceEntryStateSchema = z.enum(SOURCE_ENTRY_STATES);
export type SourceEntryState = z.infer<typeof sourceEntryStateSchema>;

export const sourceCountsSchema = z.object({
  /** Entries seen, over every poll. */
  found: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type SourceCounts = z.infer<typeof sourceCountsSchema>;

export const sourceSchema = z.object({
  id: z.string(),
  /** The address the admin gave. */
  url: z.string(),
  /** The feed or sitemap polled: the address given, or the feed found on that page. */
  feedUrl: z.string(),
  kind: sourceKindSchema,
  /** The feed's own title, when it has one. */
  title: z.string().nullable(),
  intervalMinutes: z.number().int(),
  /** A regular expression an entry's address must match to become a draft; null: every entry. */
  include: z.string().nullable(),
  paused: z.boolean(),
  /** Its articles' pages are fetched again on a schedule (SOURCE_RECHECK_HOURS) and a change is flagged. Optional only so that another server's answers still parse. */
  watch: z.boolean().optional(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastPolledAt: z.string().nullable(),
  /** When it is polled next (null while paused). */
  nextPollAt: z.string().nullable(),
  /** The last poll's failure, while the source fails; null once a poll succeeds. */
  lastError: z.string().nullable(),
  /** Polls failed in a row (the back-off doubles with each). */
  failures: z.number().int().nonnegative(),
  /** Polls answered 304 Not Modified. */
  notModified: z.number().int().nonnegative(),
  counts: sourceCountsSchema,
  /**
   * Drafts it made per UTC day, the last SOURCE_CHART_DAYS days (oldest first, every day, today
   * last). Optional only so that another server's answers still parse.
   */
  draftsPerDay: z.array(z.object({ day: z.string(), drafts: z.number().int().nonnegative() })).optional(),
});
export type Source = z.infer<typeof sourceSchema>;

export const sourceListSchema = z.object({ data: z.array(sourceSchema) });
export type SourceList = z.infer<typeof sourceListSchema>;

const intervalSchema = z
  .number({ error: 'The interval is a number of minutes' })
  .int('The interval is a whole number of minutes')
  .min(SOURCE_MIN_INTERVAL_MINUTES, `Poll at most every ${SOURCE_MIN_INTERVAL_MINUTES} minutes`)
  .max(SOURCE_MAX_INTERVAL_MINUTES, 'Poll at least once a week');

/** A pattern that compiles as a JavaScript regular expression (its flags none), or null. */
const includeSchema = z
  .string()
  .max(MAX_SOURCE_PATTERN_LENGTH)
  .nullable()
  .refine((pattern) => {
    if (pattern === null || pattern === '') return true;
    try {
      new RegExp(pattern);
      return true;
    } catch {
      return false;
    }
  }, 'The URL pattern is not a valid regular expression');

export const sourceCreateSchema = z.strictObject({
  url: z.string().trim().min(1, 'Enter the address of a feed, a sitemap or a page').max(MAX_SOURCE_URL_LENGTH),
  intervalMinutes: intervalSchema.optional(),
  include: includeSchema.optional(),
  watch: z.boolean().optional(),
});
export type SourceCreate = z.infer<typeof sourceCreateSchema>;

export const sourcePatchSchema = z
  .strictObject({
    intervalMinutes: intervalSchema.optional(),
    paused: z.boolean().optional(),
    include: includeSchema.optional(),
    watch: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'Send intervalMinutes, paused, include or watch');
export type SourcePatch = z.infer<typeof sourcePatchSchema>;

export const sourceResultSchema = z.object({ data: sourceSchema });

/** A new source, and the feeds its page named when it was a page (the first is followed). */
export const sourceCreatedSchema = z.object({ data: sourceSchema, found: z.array(z.string()) });
export type SourceCreated = z.infer<typeof sourceCreatedSchema>;

/** What one poll did. */
export const sourcePollSchema = z.object({
  /** Entries the source listed that this poll had not seen before. */
  found: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Requests answered 304 Not Modified (the source itself, or a sitemap of its index). */
  notModified: z.number().int().nonnegative(),
  /** Why the poll itself failed (the source unreadable); null when it was read. */
  error: z.string().nullable(),
});
export type SourcePoll = z.infer<typeof sourcePollSchema>;
export const sourcePollResultSchema = z.object({ data: sourcePollSchema });

export const sourceEntrySchema = z.object({
  url: z.string(),
  /** The entry's title in the source, when it has one. */
  title: z.string().nullable(),
  state: sourceEntryStateSchema,
  /** Why it made no draft (skipped, refused, failed); null when created. */
  reason: z.string().nullable(),
  /** The draft it became, or the article it matched. */
  articleId: z.string().nullable(),
  seenAt: z.string(),
});
export type SourceEntry = z.infer<typeof sourceEntrySchema>;

export const sourceEntryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type SourceEntryQuery = z.input<typeof sourceEntryQuerySchema>;

export const sourceEntryListSchema = z.object({ data: z.array(sourceEntrySchema), nextCursor: z.string().nullable() });
export type SourceEntryList = z.infer<typeof sourceEntryListSchema>;

/** Whether robots.txt allowed the fetch: `allowed`, or `not-checked` (a page an admin pasted is read as asked). */
export const provenanceRobotsSchema = z.enum(['allowed', 'not-checked']);

/**
 * How sure the extraction of an article's page is (server/scrape/quality.ts): a score from 0 to 1
 * and the signals it is made of. Below EXTRACTION_CHECK_BELOW the console says 'Check the extraction'.
 */
export const extractionQualitySchema = z.object({
  score: z.number().min(0).max(1),
  signals: z.object({
    /** The share of the body's words in blocks of at least 12 words. */
    prose: z.number().min(0).max(1),
    /** The share of the body's text in links. */
    links: z.number().min(0).max(1),
    /** The body's words. */
    words: z.number().int().nonnegative(),
    /** How alike the body and the page's own article text are (F1 of 4-word shingles); null when the page gives none. */
    agreement: z.number().min(0).max(1).nullable(),
  }),
});
export type ExtractionQuality = z.infer<typeof extractionQualitySchema>;

/** How an article's page was fetched, when it was made from one (or last taken again from it). */
export const provenanceSchema = z.object({
  /** The source it came from; null when an admin pasted its address. */
  sourceId: z.string().nullable(),
  /** The address asked for, and the one read after redirects. */
  url: z.string(),
  finalUrl: z.string(),
  fetchedAt: z.string(),
  httpStatus: z.number().int(),
  /** The page's validators, for the next conditional request. */
  etag: z.string().nullable(),
  lastModified: z.string().nullable(),
  robots: provenanceRobotsSchema,
  /** The extractor and its version, e.g. `@mozilla/readability 0.6.0`. */
  extractor: z.string(),
  /** How sure the extraction is; absent for articles fetched before it was measured. */
  quality: extractionQualitySchema.optional(),
});
export type Provenance = z.infer<typeof provenanceSchema>;

export const sourceMessages = {
  notFound: 'Source not found',
  alreadyFollowed: 'This feed is followed already',
  noFeedFound: 'No feed or sitemap here: the page names no feed (<link rel="alternate">) and is neither a feed nor a sitemap',
  notAFeed: 'This is neither a feed (RSS, Atom, JSON Feed) nor a sitemap',
  entitiesRefused: 'The document declares XML entities, which are never read (an entity bomb or an external entity)',
  tooManyEntries: (cap: number) => `More than ${cap} entries: the first ${cap} were taken, the rest wait for the next poll`,
  disallowed: 'Disallowed by the site\'s robots.txt',
  seenBefore: 'Listed before by this source',
  alreadyScraped: 'An article was scraped from this address before',
  nearCopy: 'Its text is a near-copy of an article\'s',
  notIncluded: 'Its address does not match the source\'s URL pattern',
  pollRunning: 'This source is being polled now',
} as const;

/** The messages of a source's change of an article (./sourceChange.ts). */
export const sourceChangeMessages = {
  none: 'The source has not changed since this article was imported',
  takeUnknown: 'A conflict to take from the source is not in this merge',
} as const;
