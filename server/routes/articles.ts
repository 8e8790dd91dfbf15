import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articleCreateSchema,
  articleListQuerySchema,
  articleListResultSchema,
  articlePatchSchema,
  articleResultSchema,
  articleSitesQuerySchema,
  articleSitesResultSchema,
  articleStatsSchema,
  articleViewsSchema,
  articleChecksResultSchema,
  keptArticleChecksResultSchema,
  duplicatesResultSchema,
  bulkRequestSchema,
  bulkResultSchema,
  rescrapeRequestSchema,
  restoreRequestSchema,
  trashListQuerySchema,
  trashListResultSchema,
  scrapeRequestSchema,
  scrapeResultSchema,
  scheduleMessages,
  scheduleProblem,
  seoMessages,
  seoProblem,
  seoValue,
  serverMessages,
  slugCheckResultSchema,
  type ArticleStatus,
  type SchedulePatch,
  type SeoPatch,
} from '../../src/contract/index.ts';
import {
  articleLabel,
  articleStats,
  articleViews,
  assertValidSlug,
  freeSlug,
  insertArticle,
  listArticles,
  listSites,
  listTrash,
  normalTitle,
  nextUpdatedAt,
  isStale,
  slugify,
} from '../articles/rules.ts';
import type { AppContext } from '../context.ts';
import type { HistoryWrite } from '../history/articles.ts';
import { isUniqueViolation } from '../db/database.ts';
import { apiError, errorResponses } from '../errors.ts';
import { recordActivities, recordActivity } from '../repositories/activity.ts';
import {
  articleExists,
  getArticle,
  getTrashedArticle,
  purgeArticle,
  restoreArticle,
  trashArticle,
  trashArticles,
  isSlugTaken,
  lockLiveArticles,
  scheduleTimesOf,
  toArticle,
  updateBlogData,
  updateScrapedText,
  updateSlug,
  updateStatus,
  updateStatuses,
  updateSeo,
  updateTitle,
  SEO_COLUMNS,
} from '../repositories/articles.ts';
import { findFileById } from '../repositories/files.ts';
import { keptArticleChecks } from '../repositories/articleChecks.ts';
import { runArticleChecks } from '../articles/runChecks.ts';
import { duplicatesOf } from '../articles/duplicates.ts';
import { ingestPage, pageTitle, scrapeToDraft } from '../scrape/ingest.ts';
import { ensureHistories, recordBulkRevisions, recordRevision } from '../history/articles.ts';
import { lockArticleForWrite } from '../repositories/revisions.ts';
import { clearScheduleFailure, updateSchedule } from '../repositories/schedule.ts';
import { runDueSchedules } from '../schedule/scheduler.ts';
import { emitArticleEvents } from '../webhooks/events.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const ifMatchHeaders = z.object({ 'if-match': z.string().max(100).optional() });

const articleNotFound = () => apiError('not_found', serverMessages.articleNotFound);
const slugTaken = () => apiError('slug_taken');
const articlePublished = () => apiError('article_published');

/** A schedule change's times as dates (checked by scheduleProblem first): undefined leaves, null clears. */
function scheduleTimes(patch: { publishAt?: string | null; unpublishAt?: string | null }) {
  const at = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));
  return { publishAt: at(patch.publishAt), unpublishAt: at(patch.unpublishAt) };
}

/**
 * Why an article of `status` with these times after the change cannot take it (409), or null:
 * a published article takes no publish time; an unpublish needs the article published or a
 * publish scheduled before it.
 */
function scheduleConflict(status: ArticleStatus, times: { publishAt: Date | null; unpublishAt: Date | null }, patch: SchedulePatch) {
  if (status === 'published' && patch.publishAt) return 'schedule_published' as const;
  if (status === 'draft' && times.unpublishAt && !times.publishAt) return 'schedule_needs_publish' as const;
  return null;
}

/** What the activity log says of a schedule change. */
function scheduleActivity(label: string, times: { publishAt: Date | null; unpublishAt: Date | null }, timeZone: string | null) {
  const zone = timeZone ? ` (${timeZone})` : '';
  const parts = [
    times.publishAt ? `publish at ${times.publishAt.toISOString()}${zone}` : null,
    times.unpublishAt ? `unpublish at ${times.unpublishAt.toISOString()}${zone}` : null,
  ].filter(Boolean);
  return parts.length ? `Article ${label} scheduled to ${parts.join(' and ')}` : `Schedule of article ${label} cleared`;
}

/** Runs `fn`; a unique violation on the slug (two writers at once) becomes 409 slug taken. */
async function slugSafe<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error, 'articles_slug_key')) throw slugTaken();
    throw error;
  }
}

export const articleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx;
  /** What a write of one article records in its history. */
  const history = (request: { user: { email: string } | null }, action: HistoryWrite['action'], at: Date, more: Partial<HistoryWrite> = {}) => ({
    actor: request.user!.email,
    action,
    at,
    retention: ctx.retention,
    foldMs: ctx.historyFoldMs,
    record: ctx.recordHistory,
    ...more,
  });

  app.get('/admin/articles', {
    schema: { querystring: articleListQuerySchema, response: { 200: articleListResultSchema, ...errorResponses } },
    handler: (request) => listArticles(db, request.query),
  });

  app.get('/admin/sites', {
    schema: { querystring: articleSitesQuerySchema, response: { 200: articleSitesResultSchema, ...errorResponses } },
    handler: (request) => listSites(db, request.query),
  });

  app.get('/admin/trash', {
    schema: { querystring: trashListQuerySchema, response: { 200: trashListResultSchema, ...errorResponses } },
    handler: (request) => listTrash(db, request.query),
  });

  app.get('/admin/stats', {
    schema: { response: { 200: articleStatsSchema, ...errorResponses } },
    handler: () => articleStats(db),
  });

  app.get('/slug/check/:slug', {
    schema: {
      params: z.object({ slug: z.string().min(1).max(400) }),
      querystring: z.object({ excludeId: z.string().max(64).optional() }),
      response: { 200: slugCheckResultSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { slug } = request.params;
      const { excludeId } = request.query;
      try {
        assertValidSlug(slug);
      } catch (error) {
        return { available: false, message: (error as Error).message, slug: await freeSlug(db, slugify(slug), excludeId) };
      }
      if (await isSlugTaken(db, slug, excludeId)) {
        return { available: false, message: serverMessages.slugTaken, slug: await freeSlug(db, slug, excludeId) };
      }
      return { available: true, message: serverMessages.slugAvailable, slug };
    },
  });

  app.get('/:id', {
    schema: { params: idParams, response: { 200: articleResultSchema, ...errorResponses } },
    handler: async (request) => {
      const row = await getArticle(db, request.params.id);
      if (!row) throw articleNotFound();
      return { data: toArticle(row) };
    },
  });

  app.post('/', {
    schema: { body: articleCreateSchema, response: { 201: articleResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const body = request.body;
      if (body.slug !== undefined) assertValidSlug(body.slug);
      const row = await slugSafe(() =>
        db.transaction(async (tx) => {
          if (body.slug !== undefined && (await isSlugTaken(tx, body.slug))) throw slugTaken();
          return insertArticle(tx, {
            title: normalTitle(body.title),
            slug: body.slug ?? null,
            blog_data: body.blogData ?? null,
            scraped_url: body.scrapedUrl ?? null,
            new_url: body.newUrl ?? null,
            scrapped_data: body.scrappedData ?? '',
          }, request.user!.email);
        }),
      );
      ctx.checks.add(row.id);
      return reply.code(201).send({ data: toArticle(row) });
    },
  });

  app.post('/scrape', {
    schema: { body: scrapeRequestSchema, response: { 201: scrapeResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { row, warnings, images } = await scrapeToDraft({ ...ctx, actor: request.user!.email }, request.body.url, {
        force: request.body.force,
      });
      ctx.checks.add(row.id);
      // Its signature kept at once: the answer says what it looks like a copy of. The draft is
      // saved: a lookup that fails (the workers busy) answers none rather than fail the scrape.
      const duplicates = await duplicatesOf(ctx, row).catch((err: unknown) => {
        request.log.warn({ err, articleId: row.id }, 'near-duplicates not looked up');
        return [];
      });
      return reply.code(201).send({ data: toArticle(row), warnings, images, duplicates });
    },
  });

  app.post('/:id/rescrape', {
    schema: {
      params: idParams,
      // Every field is optional, so is the body: no body (null to Fastify) is an empty one.
      body: rescrapeRequestSchema.nullish(),
      response: { 200: scrapeResultSchema, ...errorResponses },
    },
    handler: async (request) => {
      const replaceBlogData = request.body?.replaceBlogData ?? false;
      const before = await getArticle(db, request.params.id);
      if (!before) throw articleNotFound();
      if (before.status === 'published') throw articlePublished();
      if (!before.scraped_url) throw apiError('no_scraped_url');
      const { page, warnings, images } = await ingestPage({ ...ctx, actor: request.user!.email }, before.scraped_url);
      const row = await db.transaction(async (tx) => {
        // The article may have changed while the page was fetched: judge it again, locked.
        const current = await getArticle(tx, before.id, true);
        if (!current) throw articleNotFound();
        if (current.status === 'published') throw articlePublished();
        const updatedAt = nextUpdatedAt(current.updated_at);
        // The title follows the source when its content is taken again (or when there is none);
        // a text-only refresh keeps the admin's title.
        const sourceTitle = pageTitle(page.title);
        const title = (replaceBlogData || !current.title) && sourceTitle ? sourceTitle : current.title;
        const updated = await updateScrapedText(tx, current.id, page.text, replaceBlogData, page.html, title, updatedAt);
        await recordRevision(tx, current, updated, history(request, 'rescrape', updatedAt, { sourceHtml: page.sourceHtml }));
        await recordActivity(
          tx,
          'article.html',
          `${replaceBlogData ? 'Raw text and blog HTML' : 'Raw text'} of ${articleLabel(current)} scraped again`,
          updatedAt,
          request.user!.email,
        );
        await emitArticleEvents(tx, 'article.updated', [current.id], updatedAt);
        return updated;
      });
      ctx.checks.add(row.id);
      return { data: toArticle(row), warnings, images };
    },
  });

  app.patch('/:id', {
    schema: {
      params: idParams,
      headers: ifMatchHeaders,
      body: articlePatchSchema,
      response: { 200: articleResultSchema, ...errorResponses },
    },
    handler: async (request) => {
      const patch = request.body;
      if ('publishAt' in patch || 'unpublishAt' in patch) return { data: toArticle(await changeSchedule(request.params.id, patch, request)) };
      if (!('slug' in patch || 'title' in patch || 'blogData' in patch || 'seo' in patch)) throw apiError('validation_failed', 'Send one field to change');
      if ('slug' in patch) assertValidSlug(patch.slug);
      const seo = 'seo' in patch ? await checkedSeo(patch.seo) : undefined;
      const row = await slugSafe(() =>
        db.transaction(async (tx) => {
          // The article, locked, with its last revision: what the edit's revision builds on.
          const read = await lockArticleForWrite(tx, request.params.id);
          if (!read) throw articleNotFound();
          const current = read.row;
          if (current.status === 'published') throw articlePublished();
          if (isStale(request.headers['if-match'], current.updated_at)) throw apiError('stale_article');
          const updatedAt = nextUpdatedAt(current.updated_at);
          if ('slug' in patch) {
            if (patch.slug === current.slug) return current;
            if (await isSlugTaken(tx, patch.slug, current.id)) throw slugTaken();
            const updated = await updateSlug(tx, current.id, patch.slug, updatedAt);
            await recordRevision(tx, current, updated, history(request, 'edit', updatedAt), read);
            await recordActivity(
              tx,
              'article.slug',
              `Slug of ${articleLabel(current)} changed to "${patch.slug}"`,
              updatedAt,
              request.user!.email,
            );
            await emitArticleEvents(tx, 'article.updated', [current.id], updatedAt);
            return updated;
          }
          if ('seo' in patch) {
            const change = seo!;
            const changed = (Object.keys(change) as (keyof SeoPatch)[]).some((field) => change[field] !== (current[SEO_COLUMNS[field]] ?? null));
            if (!changed) return current;
            const updated = await updateSeo(tx, current.id, change, updatedAt);
            await recordRevision(tx, current, updated, history(request, 'edit', updatedAt), read);
            // Recorded as a content edit ('article.html'), as the title is.
            await recordActivity(tx, 'article.html', `SEO fields of ${articleLabel(current)} edited`, updatedAt, request.user!.email);
            await emitArticleEvents(tx, 'article.updated', [current.id], updatedAt);
            return updated;
          }
          if ('title' in patch) {
            const title = normalTitle(patch.title);
            if (title === current.title) return current;
            const updated = await updateTitle(tx, current.id, title, updatedAt);
            await recordRevision(tx, current, updated, history(request, 'edit', updatedAt), read);
            const what = title === null ? 'removed' : `changed to "${title}"`;
            // Recorded as a content edit ('article.html') until the console has an icon for 'article.title'.
            await recordActivity(tx, 'article.html', `Title of ${articleLabel(current)} ${what}`, updatedAt, request.user!.email);
            await emitArticleEvents(tx, 'article.updated', [current.id], updatedAt);
            return updated;
          }
          if (patch.blogData === current.blog_data) return current;
          const updated = await updateBlogData(tx, current.id, patch.blogData, updatedAt);
          await recordRevision(tx, current, updated, history(request, 'edit', updatedAt), read);
          await recordActivity(tx, 'article.html', `Blog HTML of ${articleLabel(current)} edited`, updatedAt, request.user!.email);
          await emitArticleEvents(tx, 'article.updated', [current.id], updatedAt);
          return updated;
        }),
      );
      // What the checks read changed (or may have; the canonical address: the signature's): they run again on the saved article.
      if ('title' in patch || 'blogData' in patch || 'seo' in patch) ctx.checks.add(row.id);
      return { data: toArticle(row) };
    },
  });

  for (const [action, status, kind, verb] of [
    ['publish', 'published', 'article.published', 'published'],
    ['draft', 'draft', 'article.draft', 'converted to draft'],
  ] as const) {
    app.patch(`/:id/${action}`, {
      schema: { params: idParams, response: { 200: articleResultSchema, ...errorResponses } },
      handler: async (request) => {
        const row = await db.transaction(async (tx) => {
          const read = await lockArticleForWrite(tx, request.params.id);
          if (!read) throw articleNotFound();
          const current = read.row;
          if (current.status === status) return current;
          const updatedAt = nextUpdatedAt(current.updated_at);
          const updated = await updateStatus(tx, current.id, status, updatedAt);
          await recordRevision(tx, current, updated, history(request, action, updatedAt), read);
          await recordActivity(tx, kind, `Article ${articleLabel(current)} ${verb}`, updatedAt, request.user!.email);
          await emitArticleEvents(tx, action === 'publish' ? 'article.published' : 'article.unpublished', [current.id], updatedAt);
          return updated;
        });
        return { data: toArticle(row) };
      },
    });
  }

  /**
   * A change of the SEO fields as stored (trimmed, empty as null), or 400 with what is wrong:
   * seoProblem's rules, and a social image that is an image of the library (out of its trash).
   */
  async function checkedSeo(patch: SeoPatch): Promise<SeoPatch> {
    const problem = seoProblem(patch);
    if (problem) throw apiError('validation_failed', problem);
    const seo: SeoPatch = {};
    for (const field of Object.keys(patch) as (keyof SeoPatch)[]) seo[field] = seoValue(patch[field]);
    if (seo.socialImageId) {
      const file = await findFileById(db, seo.socialImageId);
      if (file?.type !== 'image') throw apiError('validation_failed', seoMessages.socialImageNotImage);
    }
    return seo;
  }

  /**
   * A schedule change of one article (PATCH with publishAt/unpublishAt), any status: checked
   * (400 with what is wrong), fitted to the status (409), written with its activity entry.
   */
  async function changeSchedule(id: string, patch: SchedulePatch, request: { user: { email: string } | null }) {
    const now = new Date();
    return db.transaction(async (tx) => {
      const current = await getArticle(tx, id, true);
      if (!current) throw articleNotFound();
      const before = scheduleTimesOf(current);
      const problem = scheduleProblem(patch, now, before);
      if (problem) throw apiError('validation_failed', problem);
      const change = scheduleTimes(patch);
      const after = {
        publishAt: change.publishAt === undefined ? before.publishAt : change.publishAt,
        unpublishAt: change.unpublishAt === undefined ? before.unpublishAt : change.unpublishAt,
      };
      const conflict = scheduleConflict(current.status, after, patch);
      if (conflict) throw apiError(conflict);
      const row = await updateSchedule(tx, id, { ...change, ...(patch.timeZone ? { timeZone: patch.timeZone } : {}), by: request.user!.email });
      await recordActivity(tx, 'article.scheduled', scheduleActivity(articleLabel(row), after, row.schedule_tz ?? null), now, request.user!.email);
      return row;
    });
  }

  /** The bulk `schedule` action: the same times on each article that can take them. */
  async function bulkSchedule(
    body: Extract<z.infer<typeof bulkRequestSchema>, { action: 'schedule' }>,
    request: { user: { email: string } | null },
  ) {
    const ids = [...new Set(body.ids)];
    const now = new Date();
    if (body.publishAt === undefined && body.unpublishAt === undefined) {
      throw apiError('validation_failed', 'Send publishAt, unpublishAt or both');
    }
    const problem = scheduleProblem(body, now);
    if (problem) throw apiError('validation_failed', problem);
    const change = scheduleTimes(body);
    return db.transaction(async (tx) => {
      const live = await lockLiveArticles(tx, ids);
      const found = new Set(live.map((row) => row.id));
      const refused: { id: string; code: string; message: string }[] = ids
        .filter((id) => !found.has(id))
        .map((id) => ({ id, code: 'not_found', message: serverMessages.articleNotFound }));
      const changed: string[] = [];
      for (const locked of live) {
        const current = (await getArticle(tx, locked.id))!;
        const before = scheduleTimesOf(current);
        const after = {
          publishAt: change.publishAt === undefined ? before.publishAt : change.publishAt,
          unpublishAt: change.unpublishAt === undefined ? before.unpublishAt : change.unpublishAt,
        };
        const conflict =
          scheduleConflict(current.status, after, body) ??
          (after.publishAt && after.unpublishAt && after.unpublishAt <= after.publishAt ? ('validation_failed' as const) : null);
        if (conflict) {
          const message = conflict === 'validation_failed' ? scheduleMessages.unpublishBeforePublish : apiError(conflict).message;
          refused.push({ id: current.id, code: conflict, message });
          continue;
        }
        const row = await updateSchedule(tx, current.id, { ...change, ...(body.timeZone ? { timeZone: body.timeZone } : {}), by: request.user!.email });
        await recordActivity(tx, 'article.scheduled', scheduleActivity(articleLabel(row), after, row.schedule_tz ?? null), now, request.user!.email);
        changed.push(current.id);
      }
      const isChanged = new Set(changed);
      return { changed: ids.filter((id) => isChanged.has(id)), unchanged: [], refused };
    });
  }

  // A failed scheduled change, tried again now: the article as it then is, or 409 with why it failed again.
  app.post('/:id/schedule/retry', {
    schema: { params: idParams, response: { 200: articleResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { id } = request.params;
      if (!(await getArticle(db, id))) throw articleNotFound();
      const action = await db.transaction((tx) => clearScheduleFailure(tx, id));
      if (!action) throw apiError('schedule_not_failed');
      const run = await runDueSchedules({ db, log: request.log, startedAt: ctx.startedAt }, new Date(), [id]);
      const failed = run.failed.find((f) => f.id === id);
      if (failed) throw apiError('schedule_failed', `${scheduleMessages.failed(failed.action)}: ${failed.reason}`);
      const row = await getArticle(db, id);
      if (!row) throw articleNotFound();
      return { data: toArticle(row) };
    },
  });

  app.get('/:id/views', {
    schema: { params: idParams, response: { 200: articleViewsSchema, ...errorResponses } },
    handler: async (request) => {
      if (!(await getArticle(db, request.params.id))) throw articleNotFound();
      return articleViews(db, request.params.id);
    },
  });

  app.get('/:id/checks', {
    schema: { params: idParams, response: { 200: keptArticleChecksResultSchema, ...errorResponses } },
    handler: async (request) => {
      const kept = await keptArticleChecks(db, request.params.id);
      if (!kept) throw articleNotFound();
      // Its run waits or is under way here (a new article has no result yet): the page reads again.
      return ctx.checks.has(request.params.id) ? { ...kept, stale: true } : kept;
    },
  });

  app.get('/:id/duplicates', {
    schema: { params: idParams, response: { 200: duplicatesResultSchema, ...errorResponses } },
    handler: async (request) => {
      const article = await getArticle(db, request.params.id);
      if (!article) throw articleNotFound();
      return { data: await duplicatesOf(ctx, article) };
    },
  });

  app.post('/:id/checks', {
    schema: { params: idParams, response: { 200: articleChecksResultSchema, ...errorResponses } },
    handler: async (request) => {
      const article = await getArticle(db, request.params.id);
      if (!article) throw articleNotFound();
      return { data: await runArticleChecks(ctx, article) };
    },
  });

  app.post('/bulk', {
    schema: { body: bulkRequestSchema, response: { 200: bulkResultSchema, ...errorResponses } },
    handler: async (request) => {
      const body = request.body;
      if (body.action === 'schedule') return bulkSchedule(body, request);
      const { action } = body;
      const ids = [...new Set(body.ids)];
      return db.transaction(async (tx) => {
        const now = new Date();
        const live = await lockLiveArticles(tx, ids);
        const found = new Set(live.map((row) => row.id));
        const refused = ids
          .filter((id) => !found.has(id))
          .map((id) => ({ id, code: 'not_found', message: serverMessages.articleNotFound }));
        const status = action === 'publish' ? 'published' : 'draft';
        const targets = action === 'delete' ? live : live.filter((row) => row.status !== status);
        const changed = new Set(targets.map((row) => row.id));
        await ensureHistories(tx, [...changed]);
        if (action === 'delete') await trashArticles(tx, [...changed], now);
        else await updateStatuses(tx, [...changed], status, now);
        await recordBulkRevisions(tx, [...changed], {
          actor: request.user!.email,
          action: action === 'delete' ? 'bulk_trash' : action === 'publish' ? 'bulk_publish' : 'bulk_draft',
          at: now,
          changed: [action === 'delete' ? 'trash' : 'status'],
        });
        const [kind, verb] =
          action === 'delete'
            ? (['article.deleted', 'deleted'] as const)
            : action === 'publish'
              ? (['article.published', 'published'] as const)
              : (['article.draft', 'converted to draft'] as const);
        await recordActivities(
          tx,
          targets.map((row) => ({ kind, message: `Article ${articleLabel(row)} ${verb}` })),
          now,
          request.user!.email,
        );
        const event = action === 'delete' ? 'article.deleted' : action === 'publish' ? 'article.published' : 'article.unpublished';
        await emitArticleEvents(tx, event, [...changed], now);
        // In the order they were asked for.
        return {
          changed: ids.filter((id) => changed.has(id)),
          unchanged: ids.filter((id) => found.has(id) && !changed.has(id)),
          refused,
        };
      });
    },
  });

  // Delete moves to the trash (SPEC.md's Delete has no confirmation: the trash is the undo).
  app.delete('/:id', {
    schema: { params: idParams, response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const now = new Date();
        const row = await trashArticle(tx, request.params.id, now);
        if (!row) throw articleNotFound();
        // The one change the update made: out of the trash before (and the version before it).
        const before = { ...row, deleted_at: null, version: Number(row.version) - 1 };
        await recordRevision(tx, before, row, history(request, 'trash', now));
        await recordActivity(tx, 'article.deleted', `Article ${articleLabel(row)} deleted`, now, request.user!.email);
        await emitArticleEvents(tx, 'article.deleted', [row.id], now);
      });
      return reply.code(204).send(null);
    },
  });

  app.post('/:id/restore', {
    // Every field is optional, so is the body (no body is null to Fastify).
    schema: { params: idParams, body: restoreRequestSchema.nullish(), response: { 200: articleResultSchema, ...errorResponses } },
    handler: async (request) => {
      const chosen = request.body?.slug;
      if (chosen !== undefined) assertValidSlug(chosen);
      const row = await slugSafe(() =>
        db.transaction(async (tx) => {
          const current = await getTrashedArticle(tx, request.params.id);
          if (!current) throw articleNotFound();
          const slug = chosen ?? current.slug;
          if (slug !== null && (await isSlugTaken(tx, slug, current.id))) {
            throw apiError('restore_slug_taken', { extra: { suggestion: await freeSlug(tx, slug, current.id) } });
          }
          const updatedAt = nextUpdatedAt(current.updated_at);
          const restored = await restoreArticle(tx, current.id, slug, updatedAt);
          await recordRevision(tx, current, restored, history(request, 'untrash', updatedAt));
          const as = slug !== current.slug ? ` as "${slug}"` : '';
          await recordActivity(tx, 'article.restored', `Article ${articleLabel(current)} restored from the trash${as}`, updatedAt, request.user!.email);
          await emitArticleEvents(tx, 'article.restored', [current.id], updatedAt);
          return restored;
        }),
      );
      return { data: toArticle(row) };
    },
  });

  app.delete('/:id/forever', {
    schema: { params: idParams, response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const row = await purgeArticle(tx, request.params.id);
        if (!row) throw (await articleExists(tx, request.params.id)) ? apiError('not_in_trash', serverMessages.notInTrash) : articleNotFound();
        await recordActivity(tx, 'article.purged', `Article ${articleLabel(row)} deleted for good`, new Date(), request.user!.email);
      });
      return reply.code(204).send(null);
    },
  });

};
