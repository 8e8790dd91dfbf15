/**
 * MSW handlers for the articles API, built from the shared contract. A story picks a set:
 * `articleHandlers.list(...)` for a working, stateful API, or one of the variants for a state.
 */
import { commentsApi } from './comments';
import { delay, http, HttpResponse } from 'msw';
import type {
  DuplicatesResult,
  KeptArticleChecksResult,
  ArticleViews,
  Article,
  ArticleChecks,
  ArticleResult,
  ArticleStats,
  BulkRequest,
  BulkResult,
  RescrapeRequest,
  ScrapeRequest,
  ScrapeResult,
  RestoreRequest,
  SlugCheckResult,
} from '../../src/contract';
import {
  apiErrors,
  MAX_BULK_IDS,
  MAX_REVISION_NAME_LENGTH,
  MAX_SEARCH_LENGTH,
  scheduleMessages,
  scheduleProblem,
  seoMessages,
  seoProblem,
  seoValue,
  assignmentMessages,
  assignmentProblem,
  assignmentPatchSchema,
  type AssignmentPatch,
  type CalendarEntry,
  calendarProblem,
  type Comment,
  serverMessages,
  VIEW_DAYS,
  type RevisionPatch,
  type SchedulePatch,
  type SeoPatch,
} from '../../src/contract';
import {
  articles as sampleArticles,
  files as sampleFiles,
  fixturesNow,
  makeArticle,
  STORY_ADMIN,
  sampleMembers,
  statsOf,
} from '../fixtures';
import { errorResponse, invalidInput } from './errors';
import { NO_REVIEW, reviewMessages, reviewProblem, reviewRequestSchema, type ArticleReview } from '../../src/contract';
import { presenceApi } from './presence';
import { sourceChangeApi, type SourcePage } from './sourceChanges';
import { MockHistory, revisionAnswer, revisionNotFound, summaryOf, type SeedRevision } from './history';

import {
  checksOf,
  withFileAlts,
  duplicatesIn,
  listOf,
  sitesOf,
  suggestFree,
  scrapedDraft,
  scheduled,
  switchClears,
  scrapeExtras,
  trashPageOf,
  type TrashedArticle,
} from './articleQueries';

const API = '*/api/articles';

const published409 = () => errorResponse('article_published');
const articleNotFound = () => errorResponse('not_found', serverMessages.articleNotFound);

/**
 * A working in-memory articles API: list, stats, read, create, scrape (409 `already_scraped`
 * for an address in the db unless `force`), re-scrape, edit, publish, draft, slug check, and the
 * trash: delete moves an article there (out of the list, counts, stats, reads and slug checks),
 * the trash pages, restore (409 `restore_slug_taken` with a free suggestion when a live article
 * has its slug), delete forever (409 `not_in_trash` for a live article), and bulk actions
 * (publish, draft or delete several: changed, unchanged, refused as `not_found` when unknown or
 * in the trash; 400 `validation_failed` above MAX_BULK_IDS ids).
 */
export function articlesApi(
  initial: Article[] = sampleArticles,
  trashed: TrashedArticle[] = [],
  {
    goneForBulk = [],
    histories = {},
    sourcePages = {},
    fileAlts = {},
    reviews: initialReviews = {},
    me = 'u1',
    comments = [],
  }: {
    /** Ids a bulk action finds gone (deleted by someone else since the list was read): refused. */
    goneForBulk?: string[];
    /** Articles' histories as a story wants them (else one revision each: its creation or scrape). */
    histories?: Record<string, readonly SeedRevision[]>;
    /** What articles' source pages say now (./sourceChanges.ts); an article whose `sourceChanged` is set has that change waiting. */
    sourcePages?: Record<string, SourcePage>;
    /** The file library's alt text by file id: the checks offer it beside its images without (as the server does). */
    fileAlts?: Record<string, string>;
    /** Articles' reviews as a story wants them (else none was asked for). */
    reviews?: Record<string, ArticleReview>;
    /** The signed-in account's id ('Assigned to me', whose comments are whose): the stories' admin unless a story says. */
    me?: string;
    /** Comments on the articles as a story wants them (else none). */
    comments?: Comment[];
  } = {},
) {
  const reviews = new Map(Object.entries(initialReviews));
  const answered = (checks: ArticleChecks) => withFileAlts(checks, fileAlts);
  const db = new Map(initial.map((a) => [a.id, structuredClone(a)]));
  const trash = new Map(trashed.map((t) => [t.article.id, structuredClone(t)]));
  const history = new MockHistory([...initial, ...trashed.map((t) => t.article)], histories);
  const liveSlugs = () => new Set([...db.values()].map((a) => a.slug).filter((slug): slug is string => !!slug));
  let nextId = 1;
  const touch = (a: Article, patch: Partial<Article>): Article => {
    const next = { ...a, ...patch, updatedAt: new Date().toISOString() };
    db.set(a.id, next);
    return next;
  };
  return [
    // Nobody else on any article (a story shows others with `articleHandlers.presence`, before these).
    ...presenceApi(),
    ...sourceChangeApi(db, touch, history, { ...sourcePages }),
    ...commentsApi(db, comments, me),
    // The calendar: planned days and scheduled changes in the range (src/contract/calendar.ts).
    http.get('*/api/calendar', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const query = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
      const problem = calendarProblem(query);
      if (problem) return errorResponse('validation_failed', problem);
      const status = params.get('status');
      const mine = params.get('assignee') === 'me';
      const low = Date.parse(`${query.from}T00:00:00Z`) - 14 * 3_600_000;
      const high = Date.parse(`${query.to}T00:00:00Z`) + 38 * 3_600_000;
      const within = (at: string | null | undefined) => !!at && Date.parse(at) >= low && Date.parse(at) < high;
      const entries: CalendarEntry[] = [];
      for (const a of db.values()) {
        if ((status && a.status !== status) || (mine && a.assigneeId !== me)) continue;
        const base = { articleId: a.id, title: a.title ?? null, slug: a.slug, status: a.status, assigneeEmail: a.assigneeEmail ?? null };
        if (a.plannedAt && a.plannedAt >= query.from && a.plannedAt <= query.to) entries.push({ ...base, kind: 'planned', day: a.plannedAt, at: null });
        if (within(a.publishAt)) entries.push({ ...base, kind: 'publish', day: null, at: a.publishAt! });
        if (within(a.unpublishAt)) entries.push({ ...base, kind: 'unpublish', day: null, at: a.unpublishAt! });
      }
      const key = (e: CalendarEntry) => e.at ?? `${e.day}T00:00:00.000Z`;
      entries.sort((x, y) => key(x).localeCompare(key(y)) || x.articleId.localeCompare(y.articleId));
      return HttpResponse.json({ data: entries, truncated: false });
    }),
    // The team, for choosing an assignee.
    http.get('*/api/members', () => HttpResponse.json({ data: sampleMembers })),
    http.get(`${API}/admin/articles`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      if ((params.get('q') ?? '').length > MAX_SEARCH_LENGTH) {
        return errorResponse('validation_failed', `Invalid querystring field "q": Too big: expected string to have <=${MAX_SEARCH_LENGTH} characters`);
      }
      return HttpResponse.json(listOf([...db.values()], params, me));
    }),
    http.get(`${API}/admin/sites`, ({ request }) =>
      HttpResponse.json(sitesOf([...db.values()], new URL(request.url).searchParams)),
    ),
    // The article page's views: none counted in the stories' library (30 days of 0).
    http.get(`${API}/:id/views`, ({ params }) => {
      if (!db.has(String(params.id))) return articleNotFound();
      const data = Array.from({ length: VIEW_DAYS }, (_, i) => ({
        day: new Date(Date.parse(fixturesNow) - (VIEW_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
        views: 0,
      }));
      return HttpResponse.json<ArticleViews>({ data, total: 0 });
    }),
    // The checks before publishing: those the server ran by itself after the last change, and a run on demand.
    http.get(`${API}/:id/checks`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      return HttpResponse.json<KeptArticleChecksResult>({ data: answered(checksOf(article)), stale: false });
    }),
    // The review, by the server's steps (src/contract/review.ts), taken by the stories' admin.
    http.get(`${API}/:id/review`, ({ params }) => {
      if (!db.has(String(params.id))) return articleNotFound();
      return HttpResponse.json({ data: reviews.get(String(params.id)) ?? NO_REVIEW });
    }),
    http.post(`${API}/:id/review`, async ({ params, request }) => {
      const id = String(params.id);
      const article = db.get(id);
      if (!article) return articleNotFound();
      const parsed = reviewRequestSchema.safeParse(await request.json().catch(() => ({})));
      if (!parsed.success) return invalidInput('body', parsed.error);
      const problem = reviewProblem(parsed.data);
      if (problem) return errorResponse('validation_failed', problem);
      const current = reviews.get(id) ?? NO_REVIEW;
      const at = new Date().toISOString();
      const me = { id: 'user_admin', email: STORY_ADMIN };
      const note = parsed.data.note?.trim() ?? '';
      if (parsed.data.action === 'request') {
        if (article.status === 'published') return published409();
        reviews.set(id, { ...NO_REVIEW, state: 'in_review', requestedBy: me, requestedAt: at });
        return HttpResponse.json({ data: reviews.get(id), message: reviewMessages.requested });
      }
      if (current.state !== 'in_review') return errorResponse('review_not_requested');
      const approve = parsed.data.action === 'approve';
      // An approval that publishes or schedules: both or neither.
      const { publish } = parsed.data;
      let message: string = approve ? reviewMessages.approved : reviewMessages.changesRequested;
      if (publish === 'now' && article.status === 'draft') {
        history.record(touch(article, { status: 'published', ...switchClears('published') }), 'publish');
        message = reviewMessages.approvedAndPublished;
      } else if (publish && publish !== 'now') {
        const next = scheduled(article, publish);
        if ('refused' in next) return next.refused === 'validation_failed' ? errorResponse('validation_failed', next.message!) : errorResponse(next.refused);
        db.set(id, next);
        message = reviewMessages.approvedAndScheduled;
      } else if (publish) {
        message = reviewMessages.approvedAndPublished;
      }
      reviews.set(id, { ...current, state: approve ? 'approved' : 'changes_requested', note, decidedBy: me, decidedAt: at });
      return HttpResponse.json({ data: reviews.get(id), message });
    }),
    // Near-duplicates, by the server's rule (src/contract/duplicates.ts) over the stories' library.
    http.get(`${API}/:id/duplicates`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      return HttpResponse.json<DuplicatesResult>({ data: duplicatesIn([...db.values()], article) });
    }),
    http.post(`${API}/:id/checks`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      return HttpResponse.json<{ data: ArticleChecks }>({ data: answered(checksOf(article)) });
    }),
    http.get(`${API}/admin/stats`, () => HttpResponse.json<ArticleStats>(statsOf([...db.values()]))),
    http.get(`${API}/admin/trash`, ({ request }) =>
      HttpResponse.json(trashPageOf(trash.values(), new URL(request.url).searchParams)),
    ),
    http.post(`${API}/bulk`, async ({ request }) => {
      const body = (await request.json()) as BulkRequest;
      const { action, ids } = body;
      if (ids.length > MAX_BULK_IDS) {
        return errorResponse('validation_failed', 'Invalid body field "ids": ' + serverMessages.bulkTooMany);
      }
      if (action === 'schedule') {
        if (body.publishAt === undefined && body.unpublishAt === undefined) return errorResponse('validation_failed', 'Send publishAt, unpublishAt or both');
        const problem = scheduleProblem(body, new Date());
        if (problem) return errorResponse('validation_failed', problem);
      }
      const result: BulkResult = { changed: [], unchanged: [], refused: [] };
      for (const id of new Set(ids)) {
        const article = goneForBulk.includes(id) ? undefined : db.get(id);
        if (!article) {
          result.refused.push({ id, code: 'not_found', message: serverMessages.articleNotFound });
        } else if (action === 'schedule') {
          const { publishAt, unpublishAt, timeZone } = body;
          const next = scheduled(article, { publishAt, unpublishAt, timeZone });
          if ('refused' in next) {
            const message = next.refused === 'validation_failed' ? scheduleMessages.unpublishBeforePublish : apiErrors[next.refused].message;
            result.refused.push({ id, code: next.refused, message: message ?? '' });
          } else {
            db.set(id, next);
            result.changed.push(id);
          }
        } else if (action === 'delete') {
          db.delete(id);
          trash.set(id, { article, deletedAt: new Date().toISOString() });
          history.record(article, 'bulk_trash', { inTrash: true });
          result.changed.push(id);
        } else {
          const status = action === 'publish' ? 'published' : 'draft';
          if (article.status === status) result.unchanged.push(id);
          else {
            history.record(touch(article, { status, ...switchClears(status) }), action === 'publish' ? 'bulk_publish' : 'bulk_draft');
            result.changed.push(id);
          }
        }
      }
      return HttpResponse.json(result);
    }),
    http.post(`${API}/:id/restore`, async ({ params, request }) => {
      const entry = trash.get(String(params.id));
      if (!entry) return articleNotFound();
      const text = await request.text();
      const { slug: chosen } = (text ? JSON.parse(text) : {}) as RestoreRequest;
      const slug = chosen ?? entry.article.slug;
      const taken = liveSlugs();
      if (slug && taken.has(slug)) return errorResponse('restore_slug_taken', { suggestion: suggestFree(slug, taken) });
      trash.delete(entry.article.id);
      db.set(entry.article.id, entry.article);
      const restored = touch(entry.article, { slug });
      history.record(restored, 'untrash');
      return HttpResponse.json<ArticleResult>({ data: restored });
    }),
    http.delete(`${API}/:id/forever`, ({ params }) => {
      const id = String(params.id);
      if (trash.delete(id)) {
        history.forget(id);
        return new HttpResponse(null, { status: 204 });
      }
      return db.has(id) ? errorResponse('not_in_trash', serverMessages.notInTrash) : articleNotFound();
    }),
    http.post(`${API}/scrape`, async ({ request }) => {
      const { url, force } = (await request.json()) as ScrapeRequest;
      const before = [...db.values()].find((a) => a.scrapedUrl === url);
      if (before && !force) {
        return errorResponse('already_scraped', { articleId: before.id });
      }
      const article = scrapedDraft(`art_scraped_${String(nextId++).padStart(4, '0')}`, url);
      db.set(article.id, article);
      history.record(article, 'scrape', { sourceHtml: sourceHtmlOf(url) });
      return HttpResponse.json<ScrapeResult>({ data: article, ...scrapeExtras(url), duplicates: duplicatesIn([...db.values()], article) }, { status: 201 });
    }),
    http.post(`${API}/:id/rescrape`, async ({ params, request }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      if (article.status === 'published') return published409();
      if (!article.scrapedUrl) return errorResponse('no_scraped_url');
      const { replaceBlogData } = (await request.json()) as RescrapeRequest;
      const fresh = scrapedDraft(article.id, article.scrapedUrl);
      const next = touch(article, {
        scrappedData: `${fresh.scrappedData}, again.`,
        ...(replaceBlogData ? { blogData: `${fresh.blogData}<p>Scraped again.</p>` } : {}),
        // As the server: the source's title with its content, or where there is none.
        ...(replaceBlogData || !article.title ? { title: fresh.title } : {}),
      });
      history.record(next, 'rescrape', { sourceHtml: sourceHtmlOf(article.scrapedUrl) });
      return HttpResponse.json<ScrapeResult>({ data: next, ...scrapeExtras(article.scrapedUrl) });
    }),
    http.post(API, async ({ request }) => {
      const body = (await request.json()) as Partial<Article>;
      const now = new Date().toISOString();
      const article = makeArticle({
        id: `art_created_${String(nextId++).padStart(4, '0')}`,
        title: body.title?.trim() || null,
        slug: body.slug ?? null,
        blogData: body.blogData ?? null,
        scrapedUrl: null,
        newUrl: null,
        scrappedData: '',
        createdAt: now,
        updatedAt: now,
      });
      db.set(article.id, article);
      history.record(article, 'create');
      return HttpResponse.json<ArticleResult>({ data: article }, { status: 201 });
    }),
    http.get(`${API}/slug/check/:slug`, ({ params, request }) => {
      const slug = String(params.slug);
      const excludeId = new URL(request.url).searchParams.get('excludeId');
      const taken = new Set(
        [...db.values()].filter((a) => a.id !== excludeId && a.slug).map((a) => a.slug as string),
      );
      const result: SlugCheckResult = taken.has(slug)
        ? { available: false, message: serverMessages.slugTaken, slug: suggestFree(slug, taken) }
        : { available: true, message: serverMessages.slugAvailable, slug };
      return HttpResponse.json(result);
    }),
    http.get(`${API}/:id`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      return HttpResponse.json<ArticleResult>({ data: article });
    }),
    // The status switch: PATCH /:id/publish and /:id/draft (a no-op when the article is so already).
    ...(['publish', 'draft'] as const).map((action) =>
      http.patch(`${API}/:id/${action}`, ({ params }) => {
        const status = action === 'publish' ? 'published' : 'draft';
        const article = db.get(String(params.id));
        if (!article) return articleNotFound();
        if (article.status === status) return HttpResponse.json<ArticleResult>({ data: article });
        const next = touch(article, { status, ...switchClears(status) });
        history.record(next, action);
        return HttpResponse.json<ArticleResult>({ data: next });
      }),
    ),
    // History (stories/mocks/history.ts).
    http.get(`${API}/:id/revisions`, ({ params, request }) => {
      const id = String(params.id);
      if (!db.has(id)) return articleNotFound();
      return HttpResponse.json(history.page(id, new URL(request.url).searchParams));
    }),
    http.get(`${API}/:id/revisions/:rev`, ({ params }) => {
      const id = String(params.id);
      if (!db.has(id)) return articleNotFound();
      const revision = history.find(id, Number(params.rev));
      return revision ? revisionAnswer(id, revision, history.latest(id)) : revisionNotFound();
    }),
    http.patch(`${API}/:id/revisions/:rev`, async ({ params, request }) => {
      const id = String(params.id);
      if (!db.has(id)) return articleNotFound();
      const revision = history.find(id, Number(params.rev));
      if (!revision) return revisionNotFound();
      const patch = (await request.json()) as RevisionPatch;
      if (patch.pinned === undefined && patch.name === undefined) return errorResponse('validation_failed', 'Invalid body: Send pinned, name or both');
      const name = patch.name?.trim();
      if (name && name.length > MAX_REVISION_NAME_LENGTH) {
        return errorResponse('validation_failed', `Invalid body field "name": ${serverMessages.revisionNameTooLong}`);
      }
      if (patch.pinned !== undefined) revision.pinned = patch.pinned;
      if (patch.name !== undefined) revision.name = name || null;
      return HttpResponse.json({ data: summaryOf(id, revision, history.latest(id)) });
    }),
    http.post(`${API}/:id/revisions/:rev/restore`, ({ params, request }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      const revision = history.find(article.id, Number(params.rev));
      if (!revision) return revisionNotFound();
      if (article.status === 'published') return published409();
      const ifMatch = request.headers.get('if-match');
      if (ifMatch && ifMatch !== '*' && Date.parse(ifMatch) !== Date.parse(article.updatedAt)) return errorResponse('stale_article');
      const { title, slug, blogData, scrappedData, scrapedUrl, newUrl } = revision.snapshot;
      const content = { title, slug, blogData, scrappedData, scrapedUrl, newUrl };
      if ((Object.keys(content) as (keyof typeof content)[]).every((key) => (article[key] ?? null) === content[key])) {
        return HttpResponse.json<ArticleResult>({ data: article });
      }
      if (slug && slug !== article.slug && [...db.values()].some((a) => a.id !== article.id && a.slug === slug)) return errorResponse('slug_taken');
      const next = touch(article, content);
      history.record(next, 'restore', { restoredFrom: revision.number });
      return HttpResponse.json<ArticleResult>({ data: next });
    }),
    // A failed scheduled change, run now: the mock fails it again while its reason holds (no slug).
    http.post(`${API}/:id/schedule/retry`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      const failure = article.scheduleFailure;
      if (!failure) return errorResponse('schedule_not_failed');
      if (failure.action === 'publish' && !article.slug) {
        return errorResponse('schedule_failed', `${scheduleMessages.failed('publish')}: ${scheduleMessages.noSlug}`);
      }
      const status = failure.action === 'publish' ? 'published' : 'draft';
      const cleared = failure.action === 'publish' ? { publishAt: null } : { unpublishAt: null };
      const next = touch(article, { status, ...cleared, scheduleFailure: null });
      history.record(next, failure.action === 'publish' ? 'scheduled_publish' : 'scheduled_draft');
      return HttpResponse.json<ArticleResult>({ data: next });
    }),
    http.patch(`${API}/:id`, async ({ params, request }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      const text = await request.clone().text();
      // An assignment: any status, no If-Match, updatedAt kept (as the server does).
      if (/"(assigneeId|dueAt|plannedAt)"/.test(text)) {
        const parsed = assignmentPatchSchema.safeParse(JSON.parse(text));
        if (!parsed.success) return invalidInput('body', parsed.error);
        const patch: AssignmentPatch = parsed.data;
        const problem = assignmentProblem(patch);
        if (problem) return errorResponse('validation_failed', problem);
        const member = patch.assigneeId ? sampleMembers.find((m) => m.id === patch.assigneeId) : undefined;
        if (patch.assigneeId && !member) return errorResponse('validation_failed', assignmentMessages.noAccount);
        if (member?.role === 'viewer') return errorResponse('validation_failed', assignmentMessages.viewer(member.email));
        const next: Article = {
          ...article,
          ...(patch.assigneeId !== undefined ? { assigneeId: patch.assigneeId, assigneeEmail: member?.email ?? null } : {}),
          ...(patch.dueAt !== undefined ? { dueAt: patch.dueAt } : {}),
          ...(patch.plannedAt !== undefined ? { plannedAt: patch.plannedAt } : {}),
        };
        db.set(article.id, next);
        return HttpResponse.json<ArticleResult>({ data: next });
      }
      // A schedule change: any status, no If-Match.
      if (/"(publishAt|unpublishAt)"/.test(text)) {
        const next = scheduled(article, JSON.parse(text) as SchedulePatch);
        if ('refused' in next) return next.refused === 'validation_failed' ? errorResponse('validation_failed', next.message!) : errorResponse(next.refused);
        db.set(article.id, next);
        return HttpResponse.json<ArticleResult>({ data: next });
      }
      if (article.status === 'published') return published409();
      // If-Match carries the updatedAt the client saw: an older one is refused, as the server does.
      const ifMatch = request.headers.get('if-match');
      if (ifMatch && ifMatch !== '*' && Date.parse(ifMatch) !== Date.parse(article.updatedAt)) return errorResponse('stale_article');
      const body = (await request.json()) as Partial<Pick<Article, 'slug' | 'blogData' | 'title'>> | { seo: SeoPatch };
      if ('seo' in body) {
        // Checked and stored as the server does: trimmed, empty as null, the image one of the library's.
        const problem = seoProblem(body.seo);
        if (problem) return errorResponse('validation_failed', problem);
        const seo = Object.fromEntries(Object.entries(body.seo).map(([field, value]) => [field, seoValue(value)]));
        if (seo.socialImageId && !sampleFiles.some((file) => file.id === seo.socialImageId && file.type === 'image')) {
          return errorResponse('validation_failed', seoMessages.socialImageNotImage);
        }
        const next = touch(article, seo);
        history.record(next, 'edit');
        return HttpResponse.json<ArticleResult>({ data: next });
      }
      // A title is stored trimmed; empty clears it (as the server does).
      const patch = 'title' in body ? { title: body.title?.trim() || null } : body;
      const next = touch(article, patch);
      history.record(next, 'edit');
      return HttpResponse.json<ArticleResult>({ data: next });
    }),
    http.delete(`${API}/:id`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      db.delete(article.id);
      trash.set(article.id, { article, deletedAt: new Date().toISOString() });
      history.record(article, 'trash', { inTrash: true });
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/** The page's article HTML as the mock's extractor finds it: what the history sets beside the blog HTML. */
const sourceHtmlOf = (url: string) =>
  `<div class="post"><h1>${new URL(url).pathname.split('/').pop() ?? 'Article'}</h1><p>Scraped from ${url}</p><div class="share">Share this</div></div>`;

/** Variants for the states a designer reviews. */
export const articleHandlers = {
  api: articlesApi,
  /** Who else is on the article page (put before `api()` in `msw.use`). */
  presence: presenceApi,
  empty: () => articlesApi([]),
  loadingList: () => [http.get(`${API}/admin/articles`, () => delay('infinite'))],
  /** The team cannot be read (503 database_unavailable): the Assignment card says so, with Try again. */
  failingMembers: () => [http.get('*/api/members', () => errorResponse('database_unavailable'))],
  /** The team is being read. */
  loadingMembers: () => [http.get('*/api/members', () => delay('infinite'))],
  loadingTrash: () => [http.get(`${API}/admin/trash`, () => delay('infinite'))],
  /** The trash cannot be read (503 database_unavailable); the count and the other tabs still answer from `api()`. */
  failingTrashList: () => [
    http.get(`${API}/admin/trash`, ({ request }) =>
      new URL(request.url).searchParams.get('limit') === '1' ? undefined : errorResponse('database_unavailable'),
    ),
  ],
  /** Fixed dashboard figures (put before `api()` in `msw.use` to take precedence). */
  stats: (stats: ArticleStats) => [http.get(`${API}/admin/stats`, () => HttpResponse.json(stats))],
  loadingStats: () => [http.get(`${API}/admin/stats`, () => delay('infinite'))],
  /** The address is refused (400 url_not_allowed), with the server's reason. */
  scrapeRefused: (
    message = 'This address is not allowed: private, loopback and link-local addresses cannot be scraped',
  ) => [http.post(`${API}/scrape`, () => errorResponse('url_not_allowed', message))],
  /**
   * Scrapes of addresses containing `fragment` fail (502 fetch_failed) with the server's
   * message; others go on to the next handler (put before `api()`).
   */
  scrapeFailsFor: (fragment: string, message = 'The page could not be fetched (HTTP 503).') => [
    http.post(`${API}/scrape`, async ({ request }) => {
      const { url } = (await request.clone().json()) as ScrapeRequest;
      if (url.includes(fragment)) return errorResponse('fetch_failed', message);
      return undefined;
    }),
  ],
  /**
   * Scrapes of addresses containing `fragment` (all when omitted) take `ms`, or never answer;
   * then the next handler answers (put before `api()`).
   */
  slowScrape: (ms: number | 'infinite' = 'infinite', fragment = '') => [
    http.post(`${API}/scrape`, async ({ request }) => {
      const { url } = (await request.clone().json()) as ScrapeRequest;
      if (url.includes(fragment)) await delay(ms);
      return undefined;
    }),
  ],
  slowRescrape: () => [http.post(`${API}/:id/rescrape`, () => delay('infinite'))],
  failingRescrape: (message = 'The page could not be fetched (HTTP 503).') => [
    http.post(`${API}/:id/rescrape`, () => errorResponse('fetch_failed', message)),
  ],
  /** The server found the article published meanwhile (the page still shows it as a draft). */
  rescrapeRefusedPublished: () => [http.post(`${API}/:id/rescrape`, published409)],
  /** A bulk action never answers (the bar's pending state). */
  slowBulk: () => [http.post(`${API}/bulk`, () => delay('infinite'))],
  /** A bulk action fails (503 database_unavailable): the selection stays. */
  failingBulk: () => [http.post(`${API}/bulk`, () => errorResponse('database_unavailable'))],
  loadingArticle: () => [http.get(`${API}/:id`, () => delay('infinite'))],
  /**
   * The list fails (500 internal). `_storyMessage` is ignored (the message is the server's): it
   * stays only until the stories stop passing one.
   */
  /** The database is down (503 database_unavailable, as the server answers then). */
  failingList: () => [http.get(`${API}/admin/articles`, () => errorResponse('database_unavailable'))],
  /** The article cannot be read: 404 not_found, or 500 internal. */
  failingArticle: (status: 404 | 500 = 404) => [
    http.get(`${API}/:id`, () => (status === 404 ? articleNotFound() : errorResponse('internal'))),
  ],
  failingPublish: () => [http.patch(`${API}/:id/publish`, () => errorResponse('internal'))],
  failingDraft: () => [http.patch(`${API}/:id/draft`, () => errorResponse('internal'))],
  failingStats: () => [http.get(`${API}/admin/stats`, () => errorResponse('internal'))],
  failingSlugCheck: () => [http.get(`${API}/slug/check/:slug`, () => errorResponse('internal'))],
  slowMutations: () => [
    http.patch(`${API}/:id/publish`, () => delay('infinite')),
    http.patch(`${API}/:id/draft`, () => delay('infinite')),
    http.patch(`${API}/:id`, () => delay('infinite')),
  ],
  /** The history never answers (its loading state). */
  loadingHistory: () => [http.get(`${API}/:id/revisions`, () => delay('infinite'))],
  /** The history cannot be read (503 database_unavailable). */
  failingHistory: () => [http.get(`${API}/:id/revisions`, () => errorResponse('database_unavailable'))],
  /** A revision's snapshot never comes (a comparison's loading state). */
  loadingRevision: () => [http.get(`${API}/:id/revisions/:rev`, () => delay('infinite'))],
  /** A restore never answers (the dialog's pending state). */
  slowRestore: () => [http.post(`${API}/:id/revisions/:rev/restore`, () => delay('infinite'))],
  /**
   * A restore refused by the server: the article was published (in another tab), changed by
   * another admin since it was loaded, or the revision's slug is another article's now.
   */
  restoreRefused: (code: 'article_published' | 'stale_article' | 'slug_taken' = 'stale_article') => [
    http.post(`${API}/:id/revisions/:rev/restore`, () => errorResponse(code)),
  ],
  unauthorized: () => [
    http.all(`${API}/*`, () => errorResponse('unauthorized', { headers: { 'www-authenticate': 'Bearer' } })),
  ],
};
