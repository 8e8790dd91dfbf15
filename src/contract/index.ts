/**
 * The API contract shared by the console, the server and the stories' MSW handlers.
 * Shapes are exactly those of docs/product.md, 'Data', and docs/api.md (spellings included:
 * `scrapedUrl`, `scrappedData`). Each schema is the runtime check; each type is inferred from it.
 */
import { z } from 'zod';
import { cutText, formatSearchCount, SEARCH_COUNT_CAP } from './text';

export { cutText, formatSearchCount, SEARCH_COUNT_CAP };
export { serverMessages } from './messages';
import { serverMessages as messages } from './messages';
export * from './errors';

import { articleStatusSchema, fileTypeSchema } from './enums';
export * from './enums';
export * from './history';
export * from './roles';
export * from './operations';
export * from './presence';
import { ROLES } from './roles';
import { TAB_ID_PATTERN } from './presence';
export * from './schedule';
export * from './webhooks';
import { articleScheduleShape, schedulePatchSchema } from './schedule';
export * from './seo';
export * from './checks';
export * from './duplicates';
import { articleSeoShape, seoPatchSchema } from './seo';
import { duplicateSchema } from './duplicates';

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
  };
}

export const articleListResultSchema = z.object({
  data: z.array(articleCardSchema),
  counts: articleCountsSchema,
  nextCursor: z.string().nullable(),
  /**
   * On a first page: the articles whose last checks before publishing found something to fix,
   * whatever the list's filters, capped as search counts are (the "Needs attention" toggle's count).
   */
  attention: z.number().int().nonnegative().optional(),
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

/**
 * The public read API: published articles, for the site that shows them. No session; answers
 * carry `ETag` and `Cache-Control` (a CDN may keep them a minute), and CORS headers for the
 * origins in PUBLIC_CORS_ORIGINS. Each read of an article counts a view.
 * - `GET /public/articles?limit=&cursor=` → PublicArticleList: newest first, keyset pages.
 * - `GET /public/articles/:slug` → `{ data: PublicArticle }`; 404 when no published article
 *   has that slug; 304 for a matching `If-None-Match`.
 */
export const publicArticleCardSchema = z.object({
  slug: z.string(),
  title: z.string().nullable(),
  /** The first CARD_PREVIEW_CHARS characters of the raw text. */
  excerpt: z.string(),
  newUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicArticleCard = z.infer<typeof publicArticleCardSchema>;
export const publicArticleListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(400).optional(),
});
export const publicArticleListSchema = z.object({ data: z.array(publicArticleCardSchema), nextCursor: z.string().nullable() });
export type PublicArticleList = z.infer<typeof publicArticleListSchema>;
export const publicArticleSchema = publicArticleCardSchema.omit({ excerpt: true }).extend({
  blogData: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  /** The social image's address (a public file of the library), or null. */
  socialImageUrl: z.string().nullable(),
});
export type PublicArticle = z.infer<typeof publicArticleSchema>;

/**
 * GET /analytics?days=30|90: what the console's Analytics screen charts, for the last `days` UTC
 * days (oldest first, every day present): articles created, published and deleted per day (from
 * the activity log), public views per day, the most read articles of the period, the source
 * sites with the most articles, and the library's bytes by type at the end of each day (of the
 * files it holds now, by upload date).
 */
export const ANALYTICS_PERIODS = [30, 90] as const;
export const analyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((n) => (ANALYTICS_PERIODS as readonly number[]).includes(n), { message: 'Choose 30 or 90 days' })
    .default(30),
});
export const analyticsSchema = z.object({
  days: z.number().int(),
  articles: z.array(z.object({ day: z.string(), created: z.number().int(), published: z.number().int(), deleted: z.number().int() })),
  views: z.array(z.object({ day: z.string(), views: z.number().int() })),
  topArticles: z.array(z.object({ id: z.string(), title: z.string().nullable(), slug: z.string().nullable(), views: z.number().int() })),
  topSites: z.array(z.object({ site: z.string(), count: z.number().int() })),
  storage: z.array(z.object({ day: z.string(), images: z.number().int(), pdfs: z.number().int() })),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** Titles: at most this many characters, after trimming; an empty title is stored as null. */
export const MAX_TITLE_LENGTH = 300;
const titleSchema = z.string().trim().max(MAX_TITLE_LENGTH).nullable();

/** How many scheduled changes the dashboard lists. */
export const SCHEDULE_PREVIEW = 5;

/**
 * PATCH /articles/:id takes exactly one of the three editable fields, or the SEO fields (drafts
 * only; see ./seo), or a schedule change (any status; see ./schedule).
 */
export const articlePatchSchema = z.union([
  z.strictObject({ blogData: z.string().max(2_000_000) }),
  z.strictObject({ slug: z.string().min(1).max(200) }),
  /** Trimmed; empty (or null) clears it. */
  z.strictObject({ title: titleSchema }),
  seoPatchSchema,
  schedulePatchSchema,
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
export const fileBulkActionSchema = z.enum(['delete', 'restore', 'purge']);
export type FileBulkAction = z.infer<typeof fileBulkActionSchema>;
export const fileBulkRequestSchema = z.strictObject({
  action: fileBulkActionSchema,
  ids: z.array(z.string().min(1).max(64)).min(1).max(MAX_BULK_IDS, messages.fileBulkTooMany),
});
export type FileBulkRequest = z.infer<typeof fileBulkRequestSchema>;

export const deleteResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type DeleteResult = z.infer<typeof deleteResultSchema>;

export const loginRequestSchema = z.strictObject({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** An account's role (./roles). */
export const roleSchema = z.enum(ROLES);

export const userSchema = z.object({
  email: z.string(),
  /** What the account may do (./roles). Optional only so that another server's answers still parse: this server always sends it. */
  role: roleSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

export const loginResultSchema = z.object({ accessToken: z.string(), user: userSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * GET /auth/me. `mustChangePassword`: the account was given a one-time password (by another admin
 * or the operator's reset); until it is changed, every call but this one, POST /auth/password and
 * logout answers 403 `password_change_required`.
 */
export const meResultSchema = z.object({
  user: userSchema.extend({ id: z.string().optional(), mustChangePassword: z.boolean().optional() }),
});
export type Me = z.infer<typeof meResultSchema>['user'];

/** Passwords chosen by people: at least this long (NIST SP 800-63B), at most 1024 characters. */
export const MIN_PASSWORD_LENGTH = 10;
export const newPasswordSchema = z.string().min(MIN_PASSWORD_LENGTH).max(1024);

/** POST /auth/password: the signed-in user's new password. Other sessions of the user end. */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.string().min(1).max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** GET /auth/options (public): what the sign-in page offers besides email and password. */
export const authOptionsSchema = z.object({
  /** Sign up with an invitation link; shown only when an admin enabled invitations. */
  invitations: z.boolean(),
  /** Where 'Login with Google' starts (an OpenID Connect provider is configured), else null. */
  oidcLoginUrl: z.string().nullable(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** POST /auth/signup (public): an invitation's token, the new account's email and password. */
export const signupRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  email: z.email().max(320),
  password: newPasswordSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** An admin account (GET /users). */
export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  mustChangePassword: z.boolean(),
  role: roleSchema,
  /** The asking admin's own account. */
  current: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;
export const accountListSchema = z.object({ data: z.array(accountSchema) });

/** POST /users: adds an account with a one-time password, answered once and never again (an admin unless `role` says). */
export const createAccountRequestSchema = z.strictObject({ email: z.email().max(320), role: roleSchema.optional() });
export type CreateAccountRequest = z.infer<typeof createAccountRequestSchema>;
/** PATCH /users/:id: an account's new role (the last admin keeps theirs: 409 `last_admin`). */
export const updateAccountRequestSchema = z.strictObject({ role: roleSchema });
export const updateAccountResultSchema = z.object({ data: accountSchema });
export const createAccountResultSchema = z.object({ data: accountSchema, password: z.string() });
export type CreateAccountResult = z.infer<typeof createAccountResultSchema>;

/** An invitation link, single-use, valid 48 hours (GET/POST /invitations). */
export const INVITATION_TTL_MS = 48 * 60 * 60 * 1000;
export const invitationSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.string().nullable(),
  /** The role of the account made with it. */
  role: roleSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ enabled: z.boolean(), data: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;
/** The link is answered once, at creation: only its hash is stored. */
export const createInvitationResultSchema = z.object({ data: invitationSchema, url: z.string() });
export type CreateInvitationResult = z.infer<typeof createInvitationResultSchema>;
export const invitationSettingsSchema = z.strictObject({ enabled: z.boolean() });
/** POST /invitations: the role of the account the link makes (an admin unless said). */
export const createInvitationRequestSchema = z.strictObject({ role: roleSchema.optional() }).nullish();

/** A signed-in session of the current admin (GET /auth/sessions); revoke with DELETE /auth/sessions/:id. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.object({ data: z.array(sessionInfoSchema) });

export const healthSchema = z.object({
  api: z.literal('online'),
  database: z.enum(['connected', 'down']),
  storage: z.object({
    usedBytes: z.number().nonnegative(),
    totalBytes: z.number().nonnegative(),
    percent: z.number().min(0).max(100),
    /** Where the library's bytes are kept (STORAGE); the figures above are DATA_DIR's disk. */
    backend: z.enum(['local', 's3']),
    /** Whether that store answered just now (an S3 bucket can be away while the server runs). */
    reachable: z.boolean(),
  }),
  /**
   * The embedded database's queue (absent with DATABASE_URL): statements waiting for it, and how
   * long the one running now has run.
   */
  databaseQueue: z.object({ waiting: z.number().int().nonnegative(), runningMs: z.number().nonnegative() }).optional(),
});
export type Health = z.infer<typeof healthSchema>;

export const activityKindSchema = z.enum([
  'article.created',
  'article.slug',
  'article.html',
  'article.published',
  'article.draft',
  'article.deleted',
  'article.restored',
  'article.purged',
  /** A publish or unpublish scheduled, changed or cleared. */
  'article.scheduled',
  /** A scheduled change that could not be made (see the article's scheduleFailure). */
  'article.schedule_failed',
  'file.uploaded',
  'file.deleted',
  'file.restored',
  'file.purged',
  'file.replaced',
  'user.created',
  'user.removed',
  'user.password',
  /** An account's role changed. */
  'user.role',
  'invitation.created',
  'invitation.settings',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  /** Disabled by the server after 3 days of failed deliveries. */
  'webhook.disabled',
]);
export type ActivityKind = z.infer<typeof activityKindSchema>;

export const activitySchema = z.object({
  id: z.string(),
  kind: activityKindSchema,
  message: z.string(),
  at: z.string(),
  /** Who did it (their email); null for the operator's commands and older entries. */
  actor: z.string().nullable().optional(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityListSchema = z.object({ data: z.array(activitySchema) });
export type ActivityList = z.infer<typeof activityListSchema>;

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  success: z.boolean().optional(),
  /** With `already_scraped`: the article made from that page before. */
  articleId: z.string().optional(),
  /** With `restore_slug_taken`: a free slug to restore the article with. */
  suggestion: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_UPLOAD_TYPES = 'image/jpeg,image/png,image/gif,image/svg+xml,.pdf,application/pdf';

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
 */
export const articleListQuerySchema = z.object({
  status: articleFilterSchema.default('all'),
  q: z.string().max(MAX_SEARCH_LENGTH).optional(),
  sort: articleSortSchema.optional(),
  site: z.string().max(253).optional(),
  attention: z.enum(['true', 'false']).optional(),
  copies: z.enum(['true', 'false']).optional(),
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

/** Query of GET /files. */
export const fileListQuerySchema = z.object({
  type: fileTypeFilterSchema.default('all'),
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type FileListQuery = z.input<typeof fileListQuerySchema>;

// Who else is on an article (./presence) ---------------------------------------------------------

export const tabIdSchema = z.string().regex(TAB_ID_PATTERN, 'A tab id is 8 to 64 letters, digits, - or _');

/** One open page of the article. */
export const presenceSchema = z.object({
  tab: z.string(),
  userId: z.string(),
  email: z.string(),
  role: roleSchema,
  openedAt: z.string(),
  /** Since when this tab holds the editing lease, else null. */
  editingSince: z.string().nullable(),
});
export type Presence = z.infer<typeof presenceSchema>;

/** The `presence` event's data (and the answers of PUT …/presence and …/takeover): every page on the article, oldest first. */
export const presenceListSchema = z.object({ data: z.array(presenceSchema) });
export type PresenceList = z.infer<typeof presenceListSchema>;

/** The `taken` event's data, sent to the page whose lease was taken over. */
export const presenceTakenSchema = z.object({ by: z.string(), at: z.string() });
export type PresenceTaken = z.infer<typeof presenceTakenSchema>;

export const presenceStreamQuerySchema = z.object({ tab: tabIdSchema });
export const presenceUpdateSchema = z.strictObject({ tab: tabIdSchema, editing: z.boolean() });
export const presenceTakeoverSchema = z.strictObject({ tab: tabIdSchema });
