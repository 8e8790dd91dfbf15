/**
 * Articles: the article and its card, the list (its query, search, orders, sites, counts), the
 * trash, actions on several at once, creating and editing one, its views, and the dashboard's
 * figures. Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';
import { cutText } from './text';
import { serverMessages as messages } from './messages';
import { articleStatusSchema } from './enums';
import { articleScheduleShape, schedulePatchSchema } from './schedule';
import { articleSeoShape, seoPatchSchema } from './seo';
import { articleAssignmentShape, assignmentPatchSchema } from './assignment';
import { provenanceSchema } from './sources';

export const articleSchema = z.object({
  id: z.string(),
  status: articleStatusSchema,
  /**
   * The article's title: the scraped page's, or the first heading of its blog HTML for older
   * articles, or as edited. Optional only so that another server's answers still parse: this
   * server always sends it (null when there is none).
   */
  title: z.string().nullable().optional(),
  slug: z.string().nullable(),
  blogData: z.string().nullable(),
  scrapedUrl: z.string().nullable(),
  newUrl: z.string().nullable(),
  scrappedData: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...articleScheduleShape,
  ...articleSeoShape,
  /** The source it came from (src/contract/sources.ts); null when none. Optional only so that another server's answers still parse. */
  sourceId: z.string().nullable().optional(),
  /** How its page was fetched; null for an article written by hand (or scraped before this was kept). */
  provenance: provenanceSchema.nullable().optional(),
  /** Its source's page changed since it was imported, and the change waits for the editor (src/contract/sourceChange.ts). */
  sourceChanged: z.boolean().optional(),
  /** Who works on it, by which day, planned for which day (./assignment). */
  ...articleAssignmentShape,
});
export type Article = z.infer<typeof articleSchema>;

/** The list's tabs: by status, or the articles with a publish or unpublish scheduled (failed ones too). */
export const articleFilterSchema = z.enum(['all', 'published', 'draft', 'scheduled']);
export type ArticleFilter = z.infer<typeof articleFilterSchema>;

export const articleCountsSchema = z.object({
  all: z.number().int().nonnegative(),
  published: z.number().int().nonnegative(),
  draft: z.number().int().nonnegative(),
  /** Articles with a change scheduled. Optional only so that another server's answers still parse. */
  scheduled: z.number().int().nonnegative().optional(),
});
export type ArticleCounts = z.infer<typeof articleCountsSchema>;

/** How many characters of `scrappedData` and `blogData` a card carries (docs/product.md, 'Timings and limits'). */
export const CARD_PREVIEW_CHARS = 150;

/**
 * Where a search matched an article: about SNIPPET_CHARS characters of its raw text (or its
 * title, when the raw text's head has no match) around the first match, and the matched words
 * in it as [start, end) offsets in code points (not UTF-16 units), in order, not overlapping.
 * `ranges` is empty when the match was elsewhere (slug, URLs, deeper in the text).
 */
export const searchSnippetSchema = z.object({
  text: z.string(),
  ranges: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
});
export type SearchSnippet = z.infer<typeof searchSnippetSchema>;
/** About how many characters a search snippet has. */
export const SNIPPET_CHARS = 160;

/**
 * What the list and the dashboard's recent articles show of an article: never whole bodies.
 * `scrappedData` and `blogData` are cut by the server to CARD_PREVIEW_CHARS characters (code
 * points, so never inside a surrogate pair); `…Cut` says whether text was left out. `blogData`
 * is null when the article has no blog HTML, as on the article itself.
 */
export const articleCardSchema = z.object({
  id: z.string(),
  status: articleStatusSchema,
  title: z.string().nullable().optional(),
  slug: z.string().nullable(),
  scrapedUrl: z.string().nullable(),
  newUrl: z.string().nullable(),
  scrappedData: z.string(),
  scrappedDataCut: z.boolean(),
  blogData: z.string().nullable(),
  blogDataCut: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The schedule, on a card only when set (absent: none). */
  publishAt: articleScheduleShape.publishAt,
  unpublishAt: articleScheduleShape.unpublishAt,
  scheduleTimeZone: articleScheduleShape.scheduleTimeZone,
  scheduleFailure: articleScheduleShape.scheduleFailure,
  /** With a search (`q`): where it matched; null without `q`. Optional for other servers' answers. */
  snippet: searchSnippetSchema.nullable().optional(),
  /**
   * How sure its page's extraction is (0 to 1; its provenance's `quality.score`), on a card only
   * when known: below EXTRACTION_CHECK_BELOW the list says 'Check the extraction'.
   */
  extractionQuality: z.number().min(0).max(1).optional(),
  /** Its assignee's email and due day, on a card only when set (./assignment). */
  assigneeEmail: articleAssignmentShape.assigneeEmail,
  dueAt: articleAssignmentShape.dueAt,
});
export type ArticleCard = z.infer<typeof articleCardSchema>;

/** The card of a whole article: what the server computes in SQL, for mocks and bare-array answers. */
export function toArticleCard(article: Article): ArticleCard {
  const raw = cutText(article.scrappedData, CARD_PREVIEW_CHARS);
  const blog = article.blogData === null ? null : cutText(article.blogData, CARD_PREVIEW_CHARS);
  return {
    id: article.id,
    status: article.status,
    title: article.title ?? null,
    slug: article.slug,
    scrapedUrl: article.scrapedUrl,
    newUrl: article.newUrl,
    scrappedData: raw.text,
    scrappedDataCut: raw.cut,
    blogData: blog?.text ?? null,
    blogDataCut: blog?.cut ?? false,
    createdAt: article.createdAt,
    updatedAt: article.updatedAt,
    // The schedule only when there is one: a page of cards stays small.
    ...(article.publishAt ? { publishAt: article.publishAt } : {}),
    ...(article.unpublishAt ? { unpublishAt: article.unpublishAt } : {}),
    ...(article.scheduleTimeZone ? { scheduleTimeZone: article.scheduleTimeZone } : {}),
    ...(article.scheduleFailure ? { scheduleFailure: article.scheduleFailure } : {}),
    snippet: null,
    ...(article.provenance?.quality ? { extractionQuality: article.provenance.quality.score } : {}),
    ...(article.assigneeEmail ? { assigneeEmail: article.assigneeEmail } : {}),
    ...(article.dueAt ? { dueAt: article.dueAt } : {}),
  };
}

export const articleListResultSchema = z.object({
  data: z.array(articleCardSchema),
  counts: articleCountsSchema,
  nextCursor: z.string().nullable(),
  /**
   * On a first page: the articles whose last checks before publishing found something to fix,
   * whatever the list's filters (the "Needs attention" toggle's count).
   */
  attention: z.number().int().nonnegative().optional(),
  /** On a first page: the articles whose source changed, whatever the list's filters (the "Source changed" toggle's count). */
  sourceChanged: z.number().int().nonnegative().optional(),
  /** On a first page: the articles assigned to the caller, whatever the list's filters (the "Assigned to me" toggle's count). */
  assignedToMe: z.number().int().nonnegative().optional(),
});
export type ArticleListResult = z.infer<typeof articleListResultSchema>;

/**
 * The trash. `DELETE /articles/:id` moves an article there (any status; it leaves the list, the
 * counts, the dashboard and search, and its slug and address are free for others); it stays
 * TRASH_RETENTION_DAYS days, then is deleted for good by a sweep (at start and hourly).
 * - `GET /articles/admin/trash?limit=&cursor=` → TrashListResult: most recently deleted first.
 * - `POST /articles/:id/restore` `{ slug? }` → `{ data: Article }`, back with its id, status and
 *   slug; 404 when not in the trash; 409 `restore_slug_taken` with a free `suggestion` when its
 *   slug was taken meanwhile (send it back as `slug` to restore under it).
 * - `DELETE /articles/:id/forever` → 204; 409 `not_in_trash` for an article not in the trash.
 */
export const TRASH_RETENTION_DAYS = 30;
/** How long the console offers Undo after a delete, in seconds. */
export const UNDO_SECONDS = 10;

export const trashedArticleCardSchema = articleCardSchema.extend({ deletedAt: z.string() });
export type TrashedArticleCard = z.infer<typeof trashedArticleCardSchema>;

export const trashListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(400).optional(),
});
export type TrashListQuery = z.input<typeof trashListQuerySchema>;

/** A page of the trash, `total` articles in it (exact). */
export const trashListResultSchema = z.object({
  data: z.array(trashedArticleCardSchema),
  total: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type TrashListResult = z.infer<typeof trashListResultSchema>;

export const restoreRequestSchema = z.strictObject({ slug: z.string().min(1).max(200).optional() });
export type RestoreRequest = z.infer<typeof restoreRequestSchema>;

/**
 * POST /articles/bulk: one action on several articles, in one transaction. Publish and convert
 * to draft change the articles not already so (the others are `unchanged`); delete moves them to
 * the trash (published ones too, as a single Delete does: the trash is the undo). Ids that are
 * unknown or in the trash are `refused` with why; duplicates count once. At most MAX_BULK_IDS ids
 * (400 `validation_failed` with serverMessages.bulkTooMany above).
 */
export const MAX_BULK_IDS = 500;
export const bulkActionSchema = z.enum(['publish', 'draft', 'delete']);
export type BulkAction = z.infer<typeof bulkActionSchema>;
const bulkIdsSchema = z.array(z.string().min(1).max(64)).min(1).max(MAX_BULK_IDS, messages.bulkTooMany);
/**
 * `schedule` sets (or with null clears) the same publish and unpublish times on each article, as
 * PATCH does on one: drafts take a publishAt, published ones an unpublishAt (an article the
 * change does not fit is `refused` with why); invalid times refuse the whole request (400).
 */
export const bulkRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: bulkActionSchema, ids: bulkIdsSchema }),
  z.strictObject({
    action: z.literal('schedule'),
    ids: bulkIdsSchema,
    publishAt: z.string().max(64).nullable().optional(),
    unpublishAt: z.string().max(64).nullable().optional(),
    timeZone: z.string().min(1).max(64).optional(),
  }),
]);
export type BulkRequest = z.infer<typeof bulkRequestSchema>;
export const bulkResultSchema = z.object({
  changed: z.array(z.string()),
  unchanged: z.array(z.string()),
  refused: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/**
 * Dashboard figures: the counts, and how many articles (by current status) were created in
 * the last 7 days and in the 7 days before, for the week-over-week change.
 */
const weekPairSchema = z.object({ current: z.number().int().nonnegative(), previous: z.number().int().nonnegative() });
export const articleStatsSchema = z.object({
  counts: articleCountsSchema,
  createdPerWeek: z.object({ all: weekPairSchema, published: weekPairSchema, draft: weekPairSchema }),
  /**
   * Public reads of articles (GET /public/articles/:slug) today and yesterday (UTC days).
   * Optional only so that another server's answers still parse: this server always sends it.
   */
  views: z.object({ today: z.number().int().nonnegative(), yesterday: z.number().int().nonnegative() }).optional(),
  /**
   * Scheduled changes: how many articles have one, how many failed (out of the trash), and the
   * next SCHEDULE_PREVIEW ones due, soonest first. Optional for other servers' answers.
   */
  scheduled: z
    .object({
      count: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
      next: z.array(
        z.object({
          id: z.string(),
          title: z.string().nullable(),
          slug: z.string().nullable(),
          action: z.enum(['publish', 'unpublish']),
          at: z.string(),
          timeZone: z.string().nullable(),
        }),
      ),
    })
    .optional(),
  /**
   * The sources followed: how many, how many fail (their last poll failed), and the drafts they
   * made today (UTC day). Optional for other servers' answers.
   */
  sources: z
    .object({
      count: z.number().int().nonnegative(),
      failing: z.number().int().nonnegative(),
      draftsToday: z.number().int().nonnegative(),
    })
    .optional(),
});
export type ArticleStats = z.infer<typeof articleStatsSchema>;

export const articleResultSchema = z.object({ data: articleSchema });
export type ArticleResult = z.infer<typeof articleResultSchema>;

/** GET /articles/:id/views: its public reads per UTC day, the last VIEW_DAYS days (oldest first, every day). */
export const VIEW_DAYS = 30;
export const articleViewsSchema = z.object({
  data: z.array(z.object({ day: z.string(), views: z.number().int().nonnegative() })),
  total: z.number().int().nonnegative(),
});
export type ArticleViews = z.infer<typeof articleViewsSchema>;

/** Titles: at most this many characters, after trimming; an empty title is stored as null. */
export const MAX_TITLE_LENGTH = 300;
const titleSchema = z.string().trim().max(MAX_TITLE_LENGTH).nullable();

/** How many scheduled changes the dashboard lists. */
export const SCHEDULE_PREVIEW = 5;

/**
 * PATCH /articles/:id takes exactly one of the three editable fields, or the SEO fields (drafts
 * only; see ./seo), a schedule change (any status; see ./schedule), or an assignment (./assignment).
 */
export const articlePatchSchema = z.union([
  z.strictObject({ blogData: z.string().max(2_000_000) }),
  z.strictObject({ slug: z.string().min(1).max(200) }),
  /** Trimmed; empty (or null) clears it. */
  z.strictObject({ title: titleSchema }),
  seoPatchSchema,
  schedulePatchSchema,
  assignmentPatchSchema,
]);
export type ArticlePatch = z.infer<typeof articlePatchSchema>;

export const articleCreateSchema = z.strictObject({
  scrapedUrl: z.string().max(2048).optional(),
  scrappedData: z.string().max(2_000_000).optional(),
  blogData: z.string().max(2_000_000).optional(),
  slug: z.string().min(1).max(200).optional(),
  newUrl: z.string().max(2048).optional(),
  /** Trimmed; empty is null. */
  title: titleSchema.optional(),
});
export type ArticleCreate = z.infer<typeof articleCreateSchema>;

export const slugCheckResultSchema = z.object({
  available: z.boolean(),
  message: z.string(),
  slug: z.string(),
});
export type SlugCheckResult = z.infer<typeof slugCheckResultSchema>;

/** Slugs: lowercase letters, numbers and hyphens (docs/product.md, 'Validation'); enforced by the server. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The list's orders: newest or oldest created first, last updated first, or by title A–Z
 * (case-insensitive, articles without a title last). Without `sort`, a search (`q`) is ordered
 * by relevance (see articleListQuerySchema) and a plain list by newest.
 */
export const articleSortSchema = z.enum(['newest', 'oldest', 'updated', 'title']);
export type ArticleSort = z.infer<typeof articleSortSchema>;

/** Longest search text (`q`). */
export const MAX_SEARCH_LENGTH = 200;

/**
 * Query of GET /articles/admin/articles. `cursor` is opaque: pass back `nextCursor`, with the
 * same `sort` (a cursor of another order is refused with 400 `invalid_cursor`).
 *
 * `q` searches the title, slug, URLs and raw text, by words, as a search box does: `"two words"`
 * for a phrase, `-word` to leave out, `or` between alternatives; any other character is taken
 * literally, and parts of words match the slug and URLs too. A pasted address alone
 * (`https://…`) matches the articles whose scraped or new URL starts with it, in any case.
 * Without `sort`, matches come most relevant first: those in the title or slug, then the
 * others, each newest first.
 * Search counts are capped: exact up to SEARCH_COUNT_CAP, then SEARCH_COUNT_CAP + 1 ("1,000+"),
 * which the server may send from the database's statistics, without counting, when it expects
 * far more matches (at least twice the cap).
 * `site`: only articles scraped from this host (as GET /articles/admin/sites lists them).
 * `attention=true`: only articles whose last checks before publishing found something to fix
 * (src/contract/checks.ts); the counts then count those.
 * `copies=true`: only articles that look like a copy of another not in the trash (the same
 * address, or a text at least DUPLICATE_SIMILARITY alike: src/contract/duplicates.ts), as the
 * server found when either was last changed; the counts then count those.
 * `sourceChanged=true`: only articles whose source changed since they were imported, the change
 * waiting for the editor (src/contract/sourceChange.ts); the counts then count those.
 * `assignee=me`: only the articles assigned to the caller (./assignment); the counts then count those.
 */
export const articleListQuerySchema = z.object({
  status: articleFilterSchema.default('all'),
  q: z.string().max(MAX_SEARCH_LENGTH).optional(),
  sort: articleSortSchema.optional(),
  site: z.string().max(253).optional(),
  attention: z.enum(['true', 'false']).optional(),
  copies: z.enum(['true', 'false']).optional(),
  sourceChanged: z.enum(['true', 'false']).optional(),
  assignee: z.enum(['me']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(2000).optional(),
});
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;

/**
 * Query of GET /articles/admin/sites: the hosts of the articles of a status. Not narrowed by a
 * search: a broad term would make each site list read every match.
 */
export const articleSitesQuerySchema = z.object({
  status: articleFilterSchema.default('all'),
});
export type ArticleSitesQuery = z.input<typeof articleSitesQuerySchema>;

/** The 20 hosts with the most articles, most first (ties by name): each with its count. */
export const articleSitesResultSchema = z.object({
  data: z.array(z.object({ site: z.string(), count: z.number().int().nonnegative() })),
});
export type ArticleSitesResult = z.infer<typeof articleSitesResultSchema>;
export const MAX_SITES = 20;
