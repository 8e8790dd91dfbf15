/**
 * Model-based test of the article and file API (fast-check `commands` + `asyncModelRun`).
 *
 * Random sequences of article and file operations, valid and refused, run against the
 * production app on every backend. A plain in-memory model says what each call must answer;
 * after every command the API, the database and DATA_DIR are checked against it (counts,
 * stats, summary, disk, activity), and in full (every page of every list, every detail, every
 * row, every stored byte) at random points and at the end of each run. A refused call must
 * answer the exact status/code/message promised and change nothing.
 *
 * NUM_RUNS runs, every one of them made, from one seed: a fixed one by default, so every run of
 * the suite makes the same sequences and its coverage check is the same; MODEL_SEED=<seed>
 * replays another, MODEL_SEED=random explores new ones (the seed is printed to replay it).
 * fast-check prints the shrunk command list of a failure.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleListResultSchema,
  articleSchema,
  articleStatsSchema,
  bulkResultSchema,
  fileListResultSchema,
  fileTrashResultSchema,
  latestFilesResultSchema,
  revisionListSchema,
  revisionResultSchema,
  serverMessages,
  trashListResultSchema,
  type RevisionAction,
  type ActivityKind,
  type Article,
  type ArticleCard,
  type ArticleStatus,
  type StoredFile,
} from '../../src/contract/index.ts';
import { auth, backends, fixtures, multipartBody, openHarness, uploadRequest, type Harness } from './helpers.ts';

const NUM_RUNS = 25;
const MAX_COMMANDS = 60;
/** The runs' seed (see above). */
const SEED =
  process.env.MODEL_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : 20_261_205;

// Model ---------------------------------------------------------------------------------------

interface ModelFile {
  file: StoredFile;
  /** The bytes DATA_DIR must hold; undefined for SVG (stored sanitised: only the size is known). */
  bytes: Buffer | undefined;
  /**
   * Which fixture its bytes are (the library keeps bytes once: the same fixture again answers
   * this file). Sanitising an SVG is deterministic, so its stored bytes are one fixture's too.
   */
  fixture: number;
}

/** What a revision must say of an article (its content, as RevisionSnapshot has it, without the source). */
interface ModelRevision {
  action: RevisionAction;
  restoredFrom: number | null;
  snapshot: {
    status: ArticleStatus;
    inTrash: boolean;
    title: string | null;
    slug: string | null;
    blogData: string | null;
    scrappedData: string;
    scrapedUrl: string | null;
    newUrl: string | null;
    seo: typeof NO_SEO;
  };
}

interface Model {
  /** Every article's history, oldest first (one admin's edits within a run fold: a run lasts seconds). */
  revisions: Map<string, ModelRevision[]>;
  /** How many earlier versions each file keeps (one per replacement by other bytes). */
  fileVersions: Map<string, number>;
  /** Live articles (liveArticles gives them in creation order). */
  articles: Map<string, Article>;
  /** Every article ever deleted (in the trash or deleted for good), in order. */
  deletedArticles: string[];
  /** The trash: deleted articles as they were, by id. */
  trash: Map<string, Article>;
  /** Live files in upload order (newest last). */
  files: Map<string, ModelFile>;
  /** Every file ever deleted (in the trash or deleted for good), in order. */
  deletedFiles: string[];
  /** The files' trash: deleted files as they were, their bytes kept, by id. */
  fileTrash: Map<string, ModelFile>;
  activity: Partial<Record<ActivityKind, number>>;
}

interface Real {
  h: Harness;
  token: string;
}

const emptyModel = (): Model => ({
  revisions: new Map(),
  fileVersions: new Map(),
  articles: new Map(),
  deletedArticles: [],
  trash: new Map(),
  files: new Map(),
  deletedFiles: [],
  fileTrash: new Map(),
  activity: {},
});

const bump = (m: Model, kind: ActivityKind) => {
  m.activity[kind] = (m.activity[kind] ?? 0) + 1;
};

/** A write's revision: an edit after an edit folds into it (one admin, within 10 minutes), anything else is its own. */
function recordRevision(m: Model, a: Article, action: RevisionAction, inTrash = false, restoredFrom: number | null = null) {
  const history = m.revisions.get(a.id) ?? [];
  const revision: ModelRevision = {
    action,
    restoredFrom,
    snapshot: {
      status: a.status,
      inTrash,
      title: a.title ?? null,
      slug: a.slug,
      blogData: a.blogData,
      scrappedData: a.scrappedData,
      scrapedUrl: a.scrapedUrl,
      newUrl: a.newUrl,
      seo: NO_SEO,
    },
  };
  if (action === 'edit' && history.at(-1)?.action === 'edit') history[history.length - 1] = revision;
  else history.push(revision);
  m.revisions.set(a.id, history);
}

/** Never made by the server (its ids start with the time in ms). */
const UNKNOWN_ID = '00000000000000000000000000';
/** An article's schedule fields when it has none (the model schedules nothing). */
const NO_SCHEDULE = { publishAt: null, unpublishAt: null, scheduleTimeZone: null, scheduleFailure: null, scheduleNote: null };
/** The model's articles have no SEO field set (server/test/seo.test.ts covers them). */
const NO_SEO = { metaTitle: null, metaDescription: null, canonicalUrl: null, socialImageId: null };
/** An article written by hand: from no source, fetched from nowhere. */
const NO_SOURCE = { sourceId: null, provenance: null, sourceChanged: false };
/** Nobody is assigned the model's articles (server/test/assignments.test.ts covers them). */
const NO_ASSIGNMENT = { assigneeId: null, assigneeEmail: null, dueAt: null, plannedAt: null };
const MALFORMED_FILE_ID = 'not-a-file-id';

/** What each run did, for the summary line and to prove the refused paths were taken. */
interface Tally {
  runs: number;
  commands: number;
  fullChecks: number;
  outcomes: Map<string, number>;
}
const newTally = (): Tally => ({ runs: 0, commands: 0, fullChecks: 0, outcomes: new Map() });
let tally = newTally();
const count = (outcome: string) => tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);

// Independent oracles -------------------------------------------------------------------------

/** The first 150 code points (docs/product.md, 'Timings and limits': cards carry bodies cut to 150 characters). */
function cut150(text: string) {
  const points = Array.from(text);
  return points.length > 150 ? { text: points.slice(0, 150).join(''), cut: true } : { text, cut: false };
}

function cardOf(a: Article): ArticleCard {
  const raw = cut150(a.scrappedData);
  const blog = a.blogData === null ? null : cut150(a.blogData);
  return {
    id: a.id,
    status: a.status,
    title: a.title ?? null,
    slug: a.slug,
    scrapedUrl: a.scrapedUrl,
    newUrl: a.newUrl,
    scrappedData: raw.text,
    scrappedDataCut: raw.cut,
    blogData: blog?.text ?? null,
    blogDataCut: blog?.cut ?? false,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    snippet: null,
  };
}

/**
 * The display name the server keeps (docs/product.md, 'Promises': "names from clients are display only"): the last
 * path segment, NFC, without control/format (bidi) characters, trimmed, not only dots, at most
 * 255 UTF-16 units but never half a surrogate pair, else "file".
 */
function expectedName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .replace(/^\.+$/, '');
  let out = '';
  for (const point of clean) {
    if (out.length + point.length > 255) break;
    out += point;
  }
  return out || 'file';
}

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Requests ------------------------------------------------------------------------------------

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function api(r: Real, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return r.h.app.inject({
    method,
    url,
    headers: { ...auth(r.token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

type Res = Awaited<ReturnType<typeof api>>;

function expectArticleError(res: Res, status: number, code: string, message: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ message: string; code: string }>();
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.code).toBe(code);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

function expectFileError(res: Res, status: number, code: string, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ success: false, message, code });
}

const articleNotFound = (res: Res) => expectArticleError(res, 404, 'not_found', serverMessages.articleNotFound);
const fileNotFound = (res: Res) => expectFileError(res, 404, 'not_found', serverMessages.fileNotFound);

// Checks --------------------------------------------------------------------------------------

/** Live articles in creation order (newest last): a restored one takes its place again. */
const liveArticles = (m: Model) =>
  [...m.articles.values()].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
/** Deleted articles that are not back (in the trash or deleted for good). */
const goneArticles = (m: Model) => m.deletedArticles.filter((id) => !m.articles.has(id));
const statusCounts = (m: Model) => {
  const published = liveArticles(m).filter((a) => a.status === 'published').length;
  return { all: m.articles.size, published, draft: m.articles.size - published, scheduled: 0 };
};
/** Live files, oldest upload first (a restored file takes its place again; a replaced one keeps it). */
const liveFiles = (m: Model) =>
  [...m.files.values()]
    .map((f) => f.file)
    .sort((a, b) => (a.uploadedAt === b.uploadedAt ? (a.id < b.id ? -1 : 1) : a.uploadedAt < b.uploadedAt ? -1 : 1));
/** Every file with bytes in DATA_DIR: live and in the trash. */
const keptFiles = (m: Model) => [...m.files.values(), ...m.fileTrash.values()].map((f) => f.file);
/** The file (live or in the trash) whose bytes are this fixture's. */
const holderOf = (m: Model, fixture: number) => {
  const live = [...m.files.values()].find((f) => f.fixture === fixture);
  if (live) return { held: live, inTrash: false };
  const trashed = [...m.fileTrash.values()].find((f) => f.fixture === fixture);
  return trashed ? { held: trashed, inTrash: true } : undefined;
};
const fileSummary = (m: Model) => ({
  images: liveFiles(m).filter((f) => f.type === 'image').length,
  pdfs: liveFiles(m).filter((f) => f.type === 'pdf').length,
  totalBytes: liveFiles(m).reduce((sum, f) => sum + f.size, 0),
});
const thumbNames = (m: Model) =>
  keptFiles(m)
    .filter((f) => f.thumbnailUrl !== undefined)
    .map((f) => `${f.id}.webp`)
    .sort();

/** Cheap agreement after every command: counts in the API, the DB and on disk, activity. */
async function quickCheck(m: Model, r: Real) {
  const counts = statusCounts(m);

  // The dashboard: article stats (every article was created this week) and the file summary.
  const statsRes = await api(r, 'GET', '/api/articles/admin/stats');
  expect(statsRes.statusCode).toBe(200);
  expect(articleStatsSchema.parse(statsRes.json())).toEqual({
    counts,
    // No public reads in the model.
    views: { today: 0, yesterday: 0 },
    scheduled: { count: 0, failed: 0, next: [] },
    // No source in the model.
    sources: { count: 0, failing: 0, draftsToday: 0 },
    createdPerWeek: {
      all: { current: counts.all, previous: 0 },
      published: { current: counts.published, previous: 0 },
      draft: { current: counts.draft, previous: 0 },
    },
  });
  const filesRes = await api(r, 'GET', '/api/files?limit=1');
  expect(filesRes.statusCode).toBe(200);
  const files = fileListResultSchema.parse(filesRes.json());
  expect({ total: files.total, summary: files.summary }).toEqual({ total: m.files.size, summary: fileSummary(m) });

  // The database.
  const db = r.h.db;
  const byStatus = (
    await db.query<{ status: string; n: string | number }>('SELECT status, count(*) AS n FROM articles WHERE deleted_at IS NULL GROUP BY status')
  ).rows;
  const trashed = (await db.query<{ id: string }>('SELECT id FROM articles WHERE deleted_at IS NOT NULL ORDER BY id')).rows;
  expect(trashed.map((row) => row.id)).toEqual([...m.trash.keys()].sort());
  const trashRes = await api(r, 'GET', '/api/articles/admin/trash?limit=200');
  expect(trashRes.statusCode).toBe(200);
  expect(trashListResultSchema.parse(trashRes.json()).total).toBe(m.trash.size);
  const dbCount = (status: ArticleStatus) => Number(byStatus.find((row) => row.status === status)?.n ?? 0);
  expect({ published: dbCount('published'), draft: dbCount('draft') }).toEqual({
    published: counts.published,
    draft: counts.draft,
  });
  const fileRow = (
    await db.query<{ n: string | number; bytes: string | number }>(
      'SELECT count(*) AS n, coalesce(sum(size), 0) AS bytes FROM files WHERE deleted_at IS NULL',
    )
  ).rows[0]!;
  const trashedFiles = (await db.query<{ id: string }>('SELECT id FROM files WHERE deleted_at IS NOT NULL ORDER BY id')).rows;
  expect(trashedFiles.map((row) => row.id)).toEqual([...m.fileTrash.keys()].sort());
  const fileTrashRes = await api(r, 'GET', '/api/files/trash?limit=1');
  expect(fileTrashRes.statusCode).toBe(200);
  expect(fileTrashResultSchema.parse(fileTrashRes.json()).total).toBe(m.fileTrash.size);
  expect({ files: Number(fileRow.n), bytes: Number(fileRow.bytes) }).toEqual({
    files: m.files.size,
    bytes: fileSummary(m).totalBytes,
  });
  const activity = (await db.query<{ kind: ActivityKind; n: string | number }>('SELECT kind, count(*) AS n FROM activity GROUP BY kind'))
    .rows;
  expect(Object.fromEntries(activity.map((row) => [row.kind, Number(row.n)]))).toEqual(m.activity);

  // DATA_DIR: exactly the model's files (in the trash too) and thumbnails, no upload leftovers.
  const dir = async (name: string) => (await readdir(path.join(r.h.dataDir, name))).sort();
  expect(await dir('files')).toEqual(keptFiles(m).map((f) => f.id).sort());
  expect(await dir('thumbs')).toEqual(thumbNames(m));
  expect(await dir('tmp')).toEqual([]);

  // History: the revisions of the articles the model has (purged ones' went with them), and the
  // earlier versions of files, rows and bytes.
  const revisionCount = [...m.revisions.values()].reduce((n, list) => n + list.length, 0);
  const dbRevisions = (await db.query<{ n: string | number }>('SELECT count(*) AS n FROM article_revisions')).rows[0]!;
  expect(Number(dbRevisions.n)).toBe(revisionCount);
  const versionCount = [...m.fileVersions.values()].reduce((n, k) => n + k, 0);
  const dbVersions = (await db.query<{ n: string | number }>('SELECT count(*) AS n FROM file_versions')).rows[0]!;
  expect(Number(dbVersions.n)).toBe(versionCount);
  expect((await dir('versions')).length).toBe(versionCount);
}

/** The article's history through the API: every revision, newest first, and the last one's snapshot is the article. */
async function checkHistory(m: Model, r: Real, id: string) {
  const expected = m.revisions.get(id) ?? [];
  const res = await api(r, 'GET', `/api/articles/${id}/revisions?limit=200`);
  expect(res.statusCode, res.body).toBe(200);
  const list = revisionListSchema.parse(res.json());
  expect(list.total).toBe(expected.length);
  expect(list.data.map((rev) => [rev.number, rev.action, rev.restoredFrom, rev.current])).toEqual(
    expected.map((rev, i) => [i + 1, rev.action, rev.restoredFrom, i === expected.length - 1]).reverse(),
  );
  const latest = await api(r, 'GET', `/api/articles/${id}/revisions/${expected.length}`);
  expect(latest.statusCode, latest.body).toBe(200);
  const { sourceHtml, ...snapshot } = revisionResultSchema.parse(latest.json()).data.snapshot;
  expect(snapshot).toEqual(expected.at(-1)!.snapshot);
  expect(sourceHtml).toBeNull();
}

/** Every page of every list, every detail, every row and every stored byte. */
async function fullCheck(m: Model, r: Real, pageSize: number) {
  tally.fullChecks++;
  const counts = statusCounts(m);
  const newestFirst = liveArticles(m).reverse();
  // Every live article's history, rebuilt from its stored changes.
  for (const article of newestFirst) await checkHistory(m, r, article.id);

  for (const status of ['all', 'published', 'draft'] as const) {
    const expected = newestFirst.filter((a) => status === 'all' || a.status === status).map(cardOf);
    const seen: ArticleCard[] = [];
    let cursor: string | null = null;
    for (let page = 0; ; page++) {
      expect(page).toBeLessThanOrEqual(expected.length);
      const query = `status=${status}&limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await api(r, 'GET', `/api/articles/admin/articles?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = articleListResultSchema.parse(res.json());
      expect(body.counts).toEqual(counts);
      seen.push(...body.data);
      cursor = body.nextCursor;
      if (cursor === null) break;
      expect(body.data).toHaveLength(pageSize);
    }
    expect(seen).toEqual(expected);
  }

  for (const article of m.articles.values()) {
    const res = await api(r, 'GET', `/api/articles/${article.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: article });
  }
  for (const id of goneArticles(m).slice(-3)) articleNotFound(await api(r, 'GET', `/api/articles/${id}`));

  const rows = (
    await r.h.db.query<{
      id: string;
      status: ArticleStatus;
      slug: string | null;
      blog_data: string | null;
      scraped_url: string | null;
      new_url: string | null;
      scrapped_data: string;
      created_at: Date;
      updated_at: Date;
      title: string | null;
    }>(
      'SELECT id, status, title, slug, blog_data, scraped_url, new_url, scrapped_data, created_at, updated_at FROM articles WHERE deleted_at IS NULL ORDER BY id',
    )
  ).rows;
  expect(
    rows.map((row) => ({
      id: row.id,
      status: row.status,
      title: row.title,
      slug: row.slug,
      blogData: row.blog_data,
      scrapedUrl: row.scraped_url,
      newUrl: row.new_url,
      scrappedData: row.scrapped_data,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      ...NO_SCHEDULE,
      ...NO_SEO,
      ...NO_SOURCE,
      ...NO_ASSIGNMENT,
    })),
  ).toEqual(liveArticles(m).sort((a, b) => (a.id < b.id ? -1 : 1)));

  // Files: every page of each type filter, the latest files, rows, bytes on disk.
  const newestFiles = liveFiles(m).reverse();
  const summary = fileSummary(m);
  for (const type of ['all', 'image', 'pdf'] as const) {
    const expected = newestFiles.filter((f) => type === 'all' || f.type === type);
    const seen: StoredFile[] = [];
    for (let page = 1; ; page++) {
      const res = await api(r, 'GET', `/api/files?type=${type}&page=${page}&limit=${pageSize}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = fileListResultSchema.parse(res.json());
      expect({ total: body.total, page: body.page, limit: body.limit, summary: body.summary }).toEqual({
        total: expected.length,
        page,
        limit: pageSize,
        summary,
      });
      seen.push(...body.data);
      if (page * pageSize >= body.total) break;
      expect(body.data).toHaveLength(pageSize);
    }
    expect(seen).toEqual(expected);
  }
  const latest = await api(r, 'GET', `/api/files/latest?count=${pageSize}`);
  expect(latest.statusCode).toBe(200);
  expect(latestFilesResultSchema.parse(latest.json()).data).toEqual(newestFiles.slice(0, pageSize));

  const fileRows = (
    await r.h.db.query<{ id: string; name: string; size: string | number; type: string; mime_type: string; has_thumbnail: boolean }>(
      'SELECT id, name, size, type, mime_type, has_thumbnail FROM files WHERE deleted_at IS NULL ORDER BY id',
    )
  ).rows;
  expect(fileRows.map((row) => ({ ...row, size: Number(row.size) }))).toEqual(
    liveFiles(m)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((f) => ({
        id: f.id,
        name: f.name,
        size: f.size,
        type: f.type,
        mime_type: f.mimeType,
        has_thumbnail: f.thumbnailUrl !== undefined,
      })),
  );
  for (const { file, bytes } of [...m.files.values(), ...m.fileTrash.values()]) {
    const stored = await readFile(path.join(r.h.dataDir, 'files', file.id));
    if (bytes) expect(stored.equals(bytes), `stored bytes of ${file.id}`).toBe(true);
    else expect(stored.length).toBe(file.size);
  }
  // The trash, most recently deleted first (the model keeps deletion order).
  const trashPage = await api(r, 'GET', '/api/files/trash?limit=200');
  const trashed = fileTrashResultSchema.parse(trashPage.json());
  // (Deleted in one bulk action, files share their deletion time: compared by id.)
  const byId = (a: StoredFile, b: StoredFile) => (a.id < b.id ? -1 : 1);
  expect(trashed.data.map(({ deletedAt: _at, ...file }) => file).sort(byId)).toEqual(
    [...m.fileTrash.values()].map((f) => f.file).sort(byId),
  );
  for (const id of m.deletedFiles.filter((id) => !m.files.has(id)).slice(-3)) {
    const res = await r.h.app.inject({ method: 'GET', url: `/api/files/${id}/content` });
    fileNotFound(res);
  }
  await quickCheck(m, r);
}

// Arbitraries ---------------------------------------------------------------------------------

/** Which article (or file) a command aims at; resolved against the model when it runs. */
type TargetKind = 'any' | 'draft' | 'published' | 'deleted' | 'unknown';
interface Target {
  kind: TargetKind;
  pick: number;
}
const targetArb = fc.record({
  kind: fc.constantFrom<TargetKind>('any', 'any', 'draft', 'published', 'published', 'deleted', 'unknown'),
  pick: fc.nat(),
});
/** For a status change: mostly an article in the other status, so the change happens. */
const statusTargetArb = (to: ArticleStatus) =>
  fc.record({
    kind: fc.constantFrom<TargetKind>(...Array<TargetKind>(4).fill(to === 'published' ? 'draft' : 'published'), 'any', 'deleted', 'unknown'),
    pick: fc.nat(),
  });

function resolveArticle(m: Model, t: Target): { id: string; article: Article | undefined } {
  const live = liveArticles(m);
  const pickFrom = <T>(list: T[]) => list[t.pick % list.length];
  if (t.kind === 'deleted') {
    const id = pickFrom(goneArticles(m));
    if (id) return { id, article: undefined };
  }
  if (t.kind === 'deleted' || t.kind === 'unknown' || live.length === 0) return { id: UNKNOWN_ID, article: undefined };
  const wanted = t.kind === 'any' ? live : live.filter((a) => a.status === t.kind);
  const article = pickFrom(wanted.length ? wanted : live)!;
  return { id: article.id, article };
}

const slugWord = fc.constantFrom('a', 'b', 'news', 'post', '2024', 'x1');
const validSlugArb = fc.oneof(
  { weight: 8, arbitrary: fc.array(slugWord, { minLength: 1, maxLength: 3 }).map((w) => w.join('-')) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,12}){0,3}$/) },
  { weight: 1, arbitrary: fc.constantFrom('a'.repeat(200), `${'ab-'.repeat(66)}zz`) },
);
/** Refused before anything is read: [slug, code]. Pattern misses are invalid_slug, lengths fail validation. */
const invalidSlugArb = fc.oneof(
  fc.constantFrom(
    ['Not A Slug', 'invalid_slug'],
    ['UPPER', 'invalid_slug'],
    ['trailing-', 'invalid_slug'],
    ['-leading', 'invalid_slug'],
    ['double--hyphen', 'invalid_slug'],
    ['été', 'invalid_slug'],
    ['a_b', 'invalid_slug'],
    ['a/b', 'invalid_slug'],
    ['😀', 'invalid_slug'],
    ['', 'validation_failed'],
    ['a'.repeat(201), 'validation_failed'],
  ),
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
    .filter((s) => !SLUG_RE.test(s) && s.length <= 200)
    .map((s) => [s, 'invalid_slug']),
) as fc.Arbitrary<[string, 'invalid_slug' | 'validation_failed']>;

type SlugSpec =
  | { kind: 'valid'; slug: string }
  | { kind: 'invalid'; slug: string; code: 'invalid_slug' | 'validation_failed' }
  /** The slug of another live article (falls back to `slug` when none has one). */
  | { kind: 'taken'; pick: number; slug: string }
  /** The edited article's own slug (falls back to `slug`). */
  | { kind: 'own'; slug: string };
const slugSpecArb: fc.Arbitrary<SlugSpec> = fc.oneof(
  { weight: 5, arbitrary: validSlugArb.map((slug) => ({ kind: 'valid' as const, slug })) },
  { weight: 2, arbitrary: invalidSlugArb.map(([slug, code]) => ({ kind: 'invalid' as const, slug, code })) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('taken' as const), pick: fc.nat(), slug: validSlugArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('own' as const), slug: validSlugArb }) },
);

function resolveSlug(m: Model, spec: SlugSpec, self?: string): string {
  if (spec.kind === 'own') return (self !== undefined ? m.articles.get(self)?.slug : undefined) ?? spec.slug;
  if (spec.kind !== 'taken') return spec.slug;
  const slugs = liveArticles(m)
    .filter((a) => a.id !== self && a.slug !== null)
    .map((a) => a.slug!);
  return slugs[spec.pick % slugs.length] ?? spec.slug;
}

/** Bodies: any Unicode (astral, combining, controls; no NUL: refused with 400 invalid_text, articles.test.ts) around the 150 cut. */
const bodyArb = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }).map((s) => s.replace(/\0/g, '')),
  fc.string({ unit: 'grapheme-ascii', minLength: 145, maxLength: 155 }),
  fc.constantFrom('', 'x'.repeat(150), 'x'.repeat(151), '😀'.repeat(150), `a${'😀'.repeat(150)}`, 'e\u0301'.repeat(80), '<p>Hi</p>'),
);
const urlArb = fc.oneof(fc.webUrl(), fc.string({ unit: 'grapheme', maxLength: 60 }));

type IfMatch = 'none' | 'current' | 'quoted' | 'weak' | 'star' | 'stale' | 'garbage';
const ifMatchArb = fc.constantFrom<IfMatch>('none', 'none', 'none', 'current', 'quoted', 'weak', 'star', 'stale', 'garbage');

/** [header or undefined, whether the server must call it stale] for an article last seen at `updatedAt`. */
function ifMatchHeader(kind: IfMatch, updatedAt: string | undefined): [Record<string, string>, boolean] {
  const at = updatedAt ?? new Date().toISOString();
  switch (kind) {
    case 'none':
      return [{}, false];
    case 'current':
      return [{ 'if-match': at }, false];
    case 'quoted':
      return [{ 'if-match': `"${at}"` }, false];
    case 'weak':
      return [{ 'if-match': `W/"${at}"` }, false];
    case 'star':
      return [{ 'if-match': '*' }, false];
    case 'stale':
      return [{ 'if-match': new Date(Date.parse(at) - 1).toISOString() }, true];
    case 'garbage':
      return [{ 'if-match': 'yesterday' }, true];
  }
}

const nameCharArb = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom('.', ' ', '/', 'é', 'e\u0301', '文件', '😀', '\u202e', '\u200b', '\u0007', '(1)') },
);
/** Client file names: Unicode, paths, bidi/control characters, dots only, very long. Never `"` or `\` (multipart quoting). */
const rawNameArb = fc
  .oneof(
    { weight: 6, arbitrary: fc.array(nameCharArb, { minLength: 1, maxLength: 12 }).map((parts) => parts.join('')) },
    { weight: 1, arbitrary: fc.constantFrom('photo.png', 'report.pdf', '..', ' . ', 'dir/sub/x.png', 'Été photo (1).png') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 240, maxLength: 270 }) },
  )
  .map((s) => s.replace(/["\\\r\n]/g, ''))
  .filter((s) => s.length > 0);

// Fixtures, made once ---------------------------------------------------------------------------

interface Upload {
  label: string;
  bytes: Buffer;
  type: 'image' | 'pdf';
  mimeType: string;
  thumbnail: boolean;
  /** Stored as sent (SVG is rewritten sanitised). */
  verbatim: boolean;
  /** A raster image's size in pixels. */
  pixels: { width: number; height: number } | null;
}
let uploads: Upload[] = [];
let damagedPng: Buffer;

async function makeFixtures() {
  if (uploads.length) return; // once per file, for every backend
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" onload="alert(1)"><path d="M0 0h4v4z"/></svg>',
  );
  uploads = [
    { label: 'png-64x48', bytes: await fixtures.png(), type: 'image', mimeType: 'image/png', thumbnail: true, verbatim: true, pixels: { width: 64, height: 48 } },
    { label: 'png-3x2', bytes: await fixtures.png(3, 2), type: 'image', mimeType: 'image/png', thumbnail: true, verbatim: true, pixels: { width: 3, height: 2 } },
    { label: 'gif', bytes: await fixtures.gif(), type: 'image', mimeType: 'image/gif', thumbnail: true, verbatim: true, pixels: { width: 40, height: 40 } },
    { label: 'jpeg', bytes: await fixtures.jpeg(), type: 'image', mimeType: 'image/jpeg', thumbnail: true, verbatim: true, pixels: { width: 640, height: 480 } },
    { label: 'pdf', bytes: fixtures.pdf(), type: 'pdf', mimeType: 'application/pdf', thumbnail: false, verbatim: true, pixels: null },
    { label: 'pdf-4k', bytes: fixtures.pdf(4096), type: 'pdf', mimeType: 'application/pdf', thumbnail: false, verbatim: true, pixels: null },
    { label: 'svg', bytes: svg, type: 'image', mimeType: 'image/svg+xml', thumbnail: false, verbatim: false, pixels: null },
  ];
  damagedPng = await fixtures.truncatedPng();
}

// Commands ------------------------------------------------------------------------------------

type Cmd = fc.AsyncCommand<Model, Real>;

abstract class Base implements Cmd {
  abstract readonly label: string;
  /** The article or file the last run aimed at: read back after the command, whatever it answered. */
  protected touched: { article?: string; file?: string } = {};
  protected abstract args(): unknown;
  protected abstract exec(m: Model, r: Real): Promise<void>;
  check() {
    return true;
  }
  async run(m: Model, r: Real) {
    tally.commands++;
    this.touched = {};
    await this.exec(m, r);
    await quickCheck(m, r);
    const { article, file } = this.touched;
    if (article !== undefined) {
      const res = await api(r, 'GET', `/api/articles/${article}`);
      const expected = m.articles.get(article);
      if (expected) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ data: expected });
        await checkHistory(m, r, article);
      } else articleNotFound(res);
    }
    if (file !== undefined) {
      const res = await r.h.app.inject({ method: 'GET', url: `/api/files/${file}/content` });
      const expected = m.files.get(file);
      if (expected) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(expected.file.mimeType);
        expect(res.rawPayload.length).toBe(expected.file.size);
      } else fileNotFound(res);
    }
  }
  toString() {
    const text = JSON.stringify(this.args());
    return `${this.label}(${text.length > 300 ? `${text.slice(0, 300)}…` : text})`;
  }
}

interface CreateArgs {
  slug?: SlugSpec;
  blogData?: string;
  scrappedData?: string;
  scrapedUrl?: string;
  newUrl?: string;
}

class CreateArticle extends Base {
  readonly label = 'CreateArticle';
  constructor(readonly a: CreateArgs) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const { slug: spec, ...fields } = this.a;
    const slug = spec && resolveSlug(m, spec);
    const payload = { ...fields, ...(slug === undefined ? {} : { slug }) };
    const before = Date.now();
    const res = await api(r, 'POST', '/api/articles', payload);
    const after = Date.now();
    if (spec?.kind === 'invalid') {
      count('create:invalid-slug');
      return expectArticleError(res, 400, spec.code, spec.code === 'invalid_slug' ? serverMessages.slugInvalid : /^Invalid body/);
    }
    if (slug !== undefined && liveArticles(m).some((a) => a.slug === slug)) {
      count('create:slug-taken');
      return expectArticleError(res, 409, 'slug_taken', serverMessages.slugTaken);
    }
    count('create:ok');
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{ data: Article }>();
    expect(data).toEqual({
      ...NO_SCHEDULE,
      ...NO_SEO,
      ...NO_SOURCE,
      ...NO_ASSIGNMENT,
      id: data.id,
      status: 'draft',
      title: null,
      slug: slug ?? null,
      blogData: fields.blogData ?? null,
      scrapedUrl: fields.scrapedUrl ?? null,
      newUrl: fields.newUrl ?? null,
      scrappedData: fields.scrappedData ?? '',
      createdAt: data.createdAt,
      updatedAt: data.createdAt,
    });
    expect(data.id).toMatch(/^[0-9a-z]{26}$/);
    expect(m.articles.has(data.id) || m.deletedArticles.includes(data.id)).toBe(false);
    const created = Date.parse(data.createdAt);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThanOrEqual(after);
    m.articles.set(data.id, data);
    this.touched.article = data.id;
    bump(m, 'article.created');
    recordRevision(m, data, 'create');
  }
}

/** Shared by the two edits: 404, then published, then If-Match, in the route's order. */
function refusedEdit(res: Res, article: Article | undefined, stale: boolean, what: string): boolean {
  if (!article) {
    count(`${what}:not-found`);
    articleNotFound(res);
    return true;
  }
  if (article.status === 'published') {
    count(`${what}:published`);
    expectArticleError(res, 409, 'article_published', serverMessages.articlePublished);
    return true;
  }
  if (stale) {
    count(`${what}:stale`);
    expectArticleError(res, 409, 'stale_article', serverMessages.articleStale);
    return true;
  }
  return false;
}

function expectEdited(m: Model, res: Res, before: Article, change: Partial<Article>, kind: ActivityKind | undefined) {
  expect(res.statusCode, res.body).toBe(200);
  const { data } = res.json<{ data: Article }>();
  if (!kind) {
    expect(data).toEqual(before); // no change: not even updatedAt
    return;
  }
  expect(data).toEqual({ ...before, ...change, updatedAt: data.updatedAt });
  expect(Date.parse(data.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  m.articles.set(data.id, data);
  bump(m, kind);
  recordRevision(m, data, kind === 'article.published' ? 'publish' : kind === 'article.draft' ? 'draft' : 'edit');
}

class EditSlug extends Base {
  readonly label = 'EditSlug';
  constructor(readonly a: { target: Target; slug: SlugSpec; ifMatch: IfMatch }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const { id, article } = resolveArticle(m, this.a.target);
    this.touched.article = id;
    const slug = resolveSlug(m, this.a.slug, id);
    const [headers, stale] = ifMatchHeader(this.a.ifMatch, article?.updatedAt);
    const res = await api(r, 'PATCH', `/api/articles/${id}`, { slug }, headers);
    if (this.a.slug.kind === 'invalid') {
      count('slug:invalid');
      const { code } = this.a.slug;
      return expectArticleError(res, 400, code, code === 'invalid_slug' ? serverMessages.slugInvalid : /^Invalid body/);
    }
    if (refusedEdit(res, article, stale, 'slug')) return;
    if (slug === article!.slug) {
      count('slug:same');
      return expectEdited(m, res, article!, {}, undefined);
    }
    if (liveArticles(m).some((a) => a.id !== id && a.slug === slug)) {
      count('slug:taken');
      return expectArticleError(res, 409, 'slug_taken', serverMessages.slugTaken);
    }
    count('slug:ok');
    expectEdited(m, res, article!, { slug }, 'article.slug');
  }
}

class EditBlog extends Base {
  readonly label = 'EditBlog';
  constructor(readonly a: { target: Target; blogData: string; same: boolean; ifMatch: IfMatch }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const { id, article } = resolveArticle(m, this.a.target);
    this.touched.article = id;
    const blogData = this.a.same && article?.blogData != null ? article.blogData : this.a.blogData;
    const [headers, stale] = ifMatchHeader(this.a.ifMatch, article?.updatedAt);
    const res = await api(r, 'PATCH', `/api/articles/${id}`, { blogData }, headers);
    if (refusedEdit(res, article, stale, 'blog')) return;
    const changed = blogData !== article!.blogData;
    count(changed ? 'blog:ok' : 'blog:same');
    expectEdited(m, res, article!, { blogData }, changed ? 'article.html' : undefined);
  }
}

/** POST /articles/:id/revisions/:rev/restore: a revision's content written back as a new revision. */
class RestoreRevision extends Base {
  readonly label = 'RestoreRevision';
  constructor(readonly a: { target: Target; pick: number; beyond: boolean; ifMatch: IfMatch }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const { id, article } = resolveArticle(m, this.a.target);
    this.touched.article = id;
    const history = m.revisions.get(id) ?? [];
    // Now and then one past the last: a revision the article does not have. Mostly one whose
    // content differs from the article's, so that restores happen.
    const contentOf = (a: ModelRevision['snapshot'] | Article) => JSON.stringify([a.title ?? null, a.slug, a.blogData, a.scrappedData, a.scrapedUrl, a.newUrl]);
    const differing = history.flatMap((rev, i) => (article && contentOf(rev.snapshot) !== contentOf(article) ? [i + 1] : []));
    const number =
      this.a.beyond || history.length === 0
        ? history.length + 1
        : differing.length && this.a.pick % 3 !== 0
          ? differing[this.a.pick % differing.length]!
          : (this.a.pick % history.length) + 1;
    const [headers, stale] = ifMatchHeader(this.a.ifMatch, article?.updatedAt);
    const res = await api(r, 'POST', `/api/articles/${id}/revisions/${number}/restore`, undefined, headers);
    if (!article) {
      count('restore-rev:not-found');
      return articleNotFound(res);
    }
    const revision = history[number - 1];
    if (!revision) {
      count('restore-rev:unknown');
      return expectArticleError(res, 404, 'not_found', serverMessages.revisionNotFound);
    }
    if (article.status === 'published') {
      count('restore-rev:published');
      return expectArticleError(res, 409, 'article_published', serverMessages.articlePublished);
    }
    if (stale) {
      count('restore-rev:stale');
      return expectArticleError(res, 409, 'stale_article', serverMessages.articleStale);
    }
    const { title, slug, blogData, scrappedData, scrapedUrl, newUrl } = revision.snapshot;
    const content = { title, slug, blogData, scrappedData, scrapedUrl, newUrl };
    if (contentOf(revision.snapshot) === contentOf(article)) {
      count('restore-rev:same');
      expect(res.statusCode, res.body).toBe(200);
      return expect(res.json()).toEqual({ data: article });
    }
    if (content.slug !== null && content.slug !== article.slug && liveArticles(m).some((a) => a.id !== id && a.slug === content.slug)) {
      count('restore-rev:slug-taken');
      return expectArticleError(res, 409, 'slug_taken', serverMessages.slugTaken);
    }
    count('restore-rev:ok');
    expect(res.statusCode, res.body).toBe(200);
    const data = articleSchema.parse(res.json().data);
    expect(data).toEqual({ ...article, ...content, updatedAt: data.updatedAt });
    expect(Date.parse(data.updatedAt)).toBeGreaterThan(Date.parse(article.updatedAt));
    m.articles.set(id, data);
    bump(m, 'article.html');
    recordRevision(m, data, 'restore', false, number);
  }
}

/** A PATCH body the contract refuses whatever the article: 400 validation_failed, nothing read. */
class BadPatch extends Base {
  readonly label = 'BadPatch';
  constructor(readonly a: { target: Target; body: unknown }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const { id } = resolveArticle(m, this.a.target);
    this.touched.article = id;
    const res = await api(r, 'PATCH', `/api/articles/${id}`, this.a.body);
    count('patch:invalid-body');
    expectArticleError(res, 400, 'validation_failed', /^Invalid body/);
  }
}

class SetStatus extends Base {
  readonly label = 'SetStatus';
  constructor(readonly a: { target: Target; to: ArticleStatus }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const { id, article } = resolveArticle(m, this.a.target);
    this.touched.article = id;
    const res = await api(r, 'PATCH', `/api/articles/${id}/${this.a.to === 'published' ? 'publish' : 'draft'}`);
    if (!article) {
      count(`${this.a.to}:not-found`);
      return articleNotFound(res);
    }
    const changed = article.status !== this.a.to;
    count(`${this.a.to}:${changed ? 'ok' : 'already'}`);
    expectEdited(m, res, article, { status: this.a.to }, changed ? (this.a.to === 'published' ? 'article.published' : 'article.draft') : undefined);
  }
}

class DeleteArticle extends Base {
  readonly label = 'DeleteArticle';
  constructor(readonly a: { target: Target }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const { id, article } = resolveArticle(m, this.a.target);
    this.touched.article = id;
    const res = await api(r, 'DELETE', `/api/articles/${id}`);
    if (!article) {
      count(m.deletedArticles.includes(id) ? 'delete-article:again' : 'delete-article:unknown');
      return articleNotFound(res);
    }
    count('delete-article:ok');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    m.articles.delete(id);
    m.deletedArticles.push(id);
    m.trash.set(id, article);
    bump(m, 'article.deleted');
    recordRevision(m, article, 'trash', true);
  }
}

type TrashTarget = 'trash' | 'live' | 'unknown';

/** An article of the trash (or, to be refused, a live or unknown one). */
function resolveTrashed(m: Model, target: TrashTarget, pick: number): { id: string; article: Article | undefined } {
  const trashed = [...m.trash.values()];
  const live = liveArticles(m);
  if (target === 'trash' && trashed.length) {
    const article = trashed[pick % trashed.length]!;
    return { id: article.id, article };
  }
  if (target === 'live' && live.length) return { id: live[pick % live.length]!.id, article: undefined };
  return { id: UNKNOWN_ID, article: undefined };
}

class RestoreArticle extends Base {
  readonly label = 'RestoreArticle';
  constructor(readonly a: { target: TrashTarget; pick: number }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const { id, article } = resolveTrashed(m, this.a.target, this.a.pick);
    this.touched.article = id;
    const res = await api(r, 'POST', `/api/articles/${id}/restore`, {});
    if (!article) {
      count(`restore:${this.a.target === 'trash' ? 'empty-trash' : this.a.target}`);
      return articleNotFound(res);
    }
    if (article.slug !== null && liveArticles(m).some((a) => a.slug === article.slug)) {
      count('restore:slug-taken');
      expect(res.statusCode, res.body).toBe(409);
      const body = res.json();
      expect(body).toEqual({ code: 'restore_slug_taken', message: serverMessages.restoreSlugTaken, suggestion: expect.any(String) });
      expect(liveArticles(m).some((a) => a.slug === body.suggestion)).toBe(false);
      return;
    }
    count('restore:ok');
    expect(res.statusCode, res.body).toBe(200);
    const data = articleSchema.parse(res.json().data);
    expect({ ...data, updatedAt: article.updatedAt }).toEqual(article);
    expect(data.updatedAt > article.updatedAt).toBe(true);
    m.trash.delete(id);
    m.articles.set(id, data);
    bump(m, 'article.restored');
    recordRevision(m, data, 'untrash');
  }
}

class PurgeArticle extends Base {
  readonly label = 'PurgeArticle';
  constructor(readonly a: { target: TrashTarget; pick: number }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const { id, article } = resolveTrashed(m, this.a.target, this.a.pick);
    this.touched.article = id;
    const res = await api(r, 'DELETE', `/api/articles/${id}/forever`);
    if (!article) {
      if (m.articles.has(id)) {
        count('purge:live');
        expect(res.statusCode, res.body).toBe(409);
        return expect(res.json()).toEqual({ code: 'not_in_trash', message: serverMessages.notInTrash });
      }
      count('purge:unknown');
      return articleNotFound(res);
    }
    count('purge:ok');
    expect(res.statusCode, res.body).toBe(204);
    m.trash.delete(id);
    m.revisions.delete(id);
    bump(m, 'article.purged');
  }
}

class UploadFile extends Base {
  readonly label = 'UploadFile';
  constructor(readonly a: { fixture: number; name: string; duplicate: number | null; declared: string }) {
    super();
  }
  args() {
    return { ...this.a, fixture: uploads[this.a.fixture]?.label };
  }
  async exec(m: Model, r: Real) {
    const fixture = uploads[this.a.fixture]!;
    const names = liveFiles(m).map((f) => f.name);
    // A duplicate reuses the display name of a live file: names need not be unique.
    const raw = this.a.duplicate !== null && names.length ? names[this.a.duplicate % names.length]! : this.a.name;
    const before = Date.now();
    const res = await r.h.app.inject(uploadRequest(r.token, raw, fixture.bytes, this.a.declared));
    const after = Date.now();
    // Bytes are kept once: this fixture's bytes already in the library answer the file that has them.
    const holder = holderOf(m, this.a.fixture);
    if (holder) {
      const { held, inTrash } = holder;
      count(inTrash ? 'upload:restored' : 'upload:duplicate');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        file: held.file,
        message: inTrash ? serverMessages.restoredFromTrash(held.file.name) : serverMessages.alreadyInLibrary(held.file.name),
        duplicate: true,
        ...(inTrash ? { restored: true } : {}),
      });
      if (inTrash) {
        m.fileTrash.delete(held.file.id);
        m.files.set(held.file.id, held);
        bump(m, 'file.restored');
      }
      this.touched.file = held.file.id;
      return;
    }
    count(this.a.duplicate !== null && names.length ? 'upload:ok-duplicate-name' : 'upload:ok');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ success: boolean; file: StoredFile; message: string }>();
    const { file } = body;
    expect(file.id).toMatch(/^[0-9a-z]{26}$/);
    expect(m.files.has(file.id) || m.deletedFiles.includes(file.id)).toBe(false);
    expect(body).toEqual({
      success: true,
      message: serverMessages.fileUploaded,
      file: {
        id: file.id,
        name: expectedName(raw),
        size: fixture.verbatim ? fixture.bytes.length : file.size,
        type: fixture.type,
        mimeType: fixture.mimeType,
        url: `/api/files/${file.id}/content`,
        ...(fixture.thumbnail ? { thumbnailUrl: `/api/files/${file.id}/thumbnail` } : {}),
        uploadedAt: file.uploadedAt,
        lastModified: file.uploadedAt,
        alt: '',
        caption: '',
        credit: '',
        focalPoint: null,
        width: fixture.pixels?.width ?? null,
        height: fixture.pixels?.height ?? null,
        folderId: null,
      },
    });
    expect(file.size).toBeGreaterThan(0);
    const at = Date.parse(file.uploadedAt);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    m.files.set(file.id, { file, bytes: fixture.verbatim ? fixture.bytes : undefined, fixture: this.a.fixture });
    this.touched.file = file.id;
    bump(m, 'file.uploaded');
  }
}

/** Which file a file command aims at. */
type FileTarget = 'live' | 'trash' | 'deleted' | 'unknown' | 'malformed';

function resolveFile(m: Model, target: FileTarget, pick: number): string {
  const from = (ids: string[]) => (ids.length ? ids[pick % ids.length] : undefined);
  const id =
    target === 'live'
      ? from([...m.files.keys()])
      : target === 'trash'
        ? from([...m.fileTrash.keys()])
        : target === 'deleted'
          ? from(m.deletedFiles)
          : undefined;
  return id ?? (target === 'malformed' ? MALFORMED_FILE_ID : UNKNOWN_ID);
}

/** PUT /files/:id/content: new bytes under the same id, refused when another file has them. */
class ReplaceFile extends Base {
  readonly label = 'ReplaceFile';
  constructor(readonly a: { target: FileTarget; pick: number; fixture: number; name: string }) {
    super();
  }
  args() {
    return { ...this.a, fixture: uploads[this.a.fixture]?.label };
  }
  async exec(m: Model, r: Real) {
    const id = resolveFile(m, this.a.target, this.a.pick);
    this.touched.file = id;
    const fixture = uploads[this.a.fixture]!;
    const body = multipartBody([{ name: 'file', filename: this.a.name, contentType: 'application/octet-stream', data: fixture.bytes }]);
    const res = await r.h.app.inject({
      method: 'PUT',
      url: `/api/files/${id}/content`,
      payload: body.payload,
      headers: { ...body.headers, ...auth(r.token) },
    });
    const current = m.files.get(id);
    if (!current) {
      count('replace:not-live');
      return fileNotFound(res);
    }
    const holder = holderOf(m, this.a.fixture);
    if (holder && holder.held.file.id !== id) {
      count('replace:duplicate');
      const name = holder.held.file.name;
      return expectFileError(
        res,
        409,
        'file_duplicate',
        holder.inTrash ? serverMessages.alreadyInTrash(name) : serverMessages.alreadyInLibrary(name),
      );
    }
    count('replace:ok');
    expect(res.statusCode, res.body).toBe(200);
    const { file } = res.json<{ file: StoredFile }>();
    expect(res.json()).toEqual({
      success: true,
      message: serverMessages.fileReplaced,
      file: {
        id,
        name: expectedName(this.a.name),
        size: fixture.verbatim ? fixture.bytes.length : file.size,
        type: fixture.type,
        mimeType: fixture.mimeType,
        url: current.file.url,
        ...(fixture.thumbnail ? { thumbnailUrl: `/api/files/${id}/thumbnail` } : {}),
        uploadedAt: current.file.uploadedAt,
        lastModified: file.lastModified,
        // What the file says about itself stays; its size follows the new bytes.
        alt: current.file.alt,
        caption: current.file.caption,
        credit: current.file.credit,
        focalPoint: current.file.focalPoint,
        width: fixture.pixels?.width ?? null,
        height: fixture.pixels?.height ?? null,
        folderId: current.file.folderId,
      },
    });
    expect(Date.parse(file.lastModified)).toBeGreaterThan(Date.parse(current.file.lastModified));
    m.files.set(id, { file, bytes: fixture.verbatim ? fixture.bytes : undefined, fixture: this.a.fixture });
    bump(m, 'file.replaced');
    // Other bytes: the replaced ones are kept as a version.
    if (current.fixture !== this.a.fixture) m.fileVersions.set(id, (m.fileVersions.get(id) ?? 0) + 1);
  }
}

/** POST /files/:id/restore: only a file in the trash comes back. */
class RestoreFile extends Base {
  readonly label = 'RestoreFile';
  constructor(readonly a: { target: FileTarget; pick: number }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const id = resolveFile(m, this.a.target, this.a.pick);
    this.touched.file = id;
    const res = await api(r, 'POST', `/api/files/${id}/restore`);
    const trashed = m.fileTrash.get(id);
    if (!trashed) {
      count(`restore-file:${m.files.has(id) ? 'live' : 'unknown'}`);
      return fileNotFound(res);
    }
    count('restore-file:ok');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, file: trashed.file, message: serverMessages.fileRestored });
    m.fileTrash.delete(id);
    m.files.set(id, trashed);
    bump(m, 'file.restored');
  }
}

/** DELETE /files/:id/forever: only a file in the trash; the row, then its bytes. */
class PurgeFile extends Base {
  readonly label = 'PurgeFile';
  constructor(readonly a: { target: FileTarget; pick: number }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const id = resolveFile(m, this.a.target, this.a.pick);
    this.touched.file = id;
    const res = await api(r, 'DELETE', `/api/files/${id}/forever`);
    if (m.files.has(id)) {
      count('purge-file:live');
      return expectFileError(res, 409, 'not_in_trash', serverMessages.fileNotInTrash);
    }
    if (!m.fileTrash.has(id)) {
      count('purge-file:unknown');
      return fileNotFound(res);
    }
    count('purge-file:ok');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: serverMessages.filePurged });
    m.fileTrash.delete(id);
    m.fileVersions.delete(id);
    bump(m, 'file.purged');
  }
}

/** POST /files/bulk: delete, restore or purge several files (some unknown, some twice) at once. */
class BulkFiles extends Base {
  readonly label = 'BulkFiles';
  constructor(readonly a: { action: 'delete' | 'restore' | 'purge'; targets: { target: FileTarget; pick: number }[] }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const ids = this.a.targets.map((t) => resolveFile(m, t.target, t.pick));
    const res = await api(r, 'POST', '/api/files/bulk', { action: this.a.action, ids });
    expect(res.statusCode, res.body).toBe(200);
    const expected: { changed: string[]; unchanged: string[]; refused: { id: string; code: string; message: string }[] } = {
      changed: [],
      unchanged: [],
      refused: [],
    };
    for (const id of new Set(ids)) {
      const live = m.files.get(id);
      const trashed = m.fileTrash.get(id);
      if (!live && !trashed) expected.refused.push({ id, code: 'not_found', message: serverMessages.fileNotFound });
      else if (this.a.action === 'delete') {
        if (!live) expected.unchanged.push(id);
        else {
          expected.changed.push(id);
          m.files.delete(id);
          m.fileTrash.set(id, live);
          m.deletedFiles.push(id);
          bump(m, 'file.deleted');
        }
      } else if (this.a.action === 'restore') {
        if (!trashed) expected.unchanged.push(id);
        else {
          expected.changed.push(id);
          m.fileTrash.delete(id);
          m.files.set(id, trashed);
          bump(m, 'file.restored');
        }
      } else if (!trashed) {
        expected.refused.push({ id, code: 'not_in_trash', message: serverMessages.fileNotInTrash });
      } else {
        expected.changed.push(id);
        m.fileTrash.delete(id);
        m.fileVersions.delete(id);
        bump(m, 'file.purged');
      }
    }
    count(`bulk-files:${this.a.action}:${expected.changed.length ? 'changed' : 'none'}`);
    expect(bulkResultSchema.parse(res.json())).toEqual(expected);
  }
}

type RefusedKind = 'text' | 'html' | 'elf' | 'zip' | 'empty' | 'damaged-png' | 'wrong-field' | 'not-multipart';

class RefusedUpload extends Base {
  readonly label = 'RefusedUpload';
  constructor(readonly a: { kind: RefusedKind; name: string; declared: string }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(_m: Model, r: Real) {
    const { kind, name, declared } = this.a;
    count(`upload-refused:${kind}`);
    const send = (data: Buffer | string) => r.h.app.inject(uploadRequest(r.token, name, data, declared));
    const typeNotAllowed = (res: Res) => expectFileError(res, 415, 'file_type_not_allowed', serverMessages.fileTypeNotAllowed);
    const oneFilePart = 'Send the file as multipart/form-data with one part named "file"';
    switch (kind) {
      case 'text':
        return typeNotAllowed(await send('just some text, not an image\n'));
      case 'html':
        return typeNotAllowed(await send('<html><body><img src=x onerror=alert(1)></body></html>'));
      case 'elf':
        return typeNotAllowed(await send(Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(57)])));
      case 'zip':
        return typeNotAllowed(await send(Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)])));
      case 'empty':
        return expectFileError(await send(Buffer.alloc(0)), 400, 'file_empty', serverMessages.fileEmpty);
      case 'damaged-png':
        return expectFileError(await send(damagedPng), 400, 'image_damaged', serverMessages.imageDamaged);
      case 'wrong-field': {
        const body = multipartBody([{ name: 'upload', filename: name, contentType: declared, data: uploads[0]!.bytes }]);
        const res = await r.h.app.inject({
          method: 'POST',
          url: '/api/files',
          payload: body.payload,
          headers: { ...body.headers, ...auth(r.token) },
        });
        return expectFileError(res, 400, 'missing_file', oneFilePart);
      }
      case 'not-multipart':
        return expectFileError(await api(r, 'POST', '/api/files', { file: name }), 400, 'not_multipart', oneFilePart);
    }
  }
}

class DeleteFile extends Base {
  readonly label = 'DeleteFile';
  constructor(readonly a: { target: FileTarget; pick: number }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const id = resolveFile(m, this.a.target, this.a.pick);
    this.touched.file = id;
    const res = await api(r, 'DELETE', `/api/files/${id}`);
    const live = m.files.get(id);
    if (!live) {
      count(m.deletedFiles.includes(id) ? 'delete-file:again' : `delete-file:${this.a.target === 'malformed' ? 'malformed' : 'unknown'}`);
      return fileNotFound(res);
    }
    count('delete-file:ok');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: serverMessages.fileDeleted });
    // To the trash: out of the list and its URLs, its bytes kept.
    m.files.delete(id);
    m.fileTrash.set(id, live);
    m.deletedFiles.push(id);
    bump(m, 'file.deleted');
  }
}

/** GET /articles/slug/check/:slug: available unless another live article has it; else a free suggestion. */
class CheckSlug extends Base {
  readonly label = 'CheckSlug';
  constructor(readonly a: { target: Target; slug: SlugSpec; exclude: boolean }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    const { id } = resolveArticle(m, this.a.target);
    const slug = resolveSlug(m, this.a.slug, id);
    if (slug === '' || slug === '.' || slug === '..') return; // not a path segment of its own
    const query = this.a.exclude ? `?excludeId=${id}` : '';
    const res = await api(r, 'GET', `/api/articles/slug/check/${encodeURIComponent(slug)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ available: boolean; message: string; slug: string }>();
    const takenBy = (candidate: string) =>
      liveArticles(m).some((a) => a.slug === candidate && !(this.a.exclude && a.id === id));
    if (!SLUG_RE.test(slug) || slug.length > 200) {
      count('check-slug:invalid');
      expect(body).toMatchObject({ available: false, message: serverMessages.slugInvalid });
    } else if (takenBy(slug)) {
      count('check-slug:taken');
      expect(body).toMatchObject({ available: false, message: serverMessages.slugTaken });
      expect(body.slug.startsWith(`${slug.slice(0, 192).replace(/-+$/, '')}-`)).toBe(true);
    } else {
      count('check-slug:available');
      expect(body).toEqual({ available: true, message: serverMessages.slugAvailable, slug });
    }
    expect(body.slug).toMatch(SLUG_RE);
    expect(body.slug.length).toBeLessThanOrEqual(200);
    expect(takenBy(body.slug)).toBe(false);
  }
}

class FullCheck extends Base {
  readonly label = 'FullCheck';
  constructor(readonly a: { pageSize: number }) {
    super();
  }
  args() {
    return this.a;
  }
  async exec(m: Model, r: Real) {
    await fullCheck(m, r, this.a.pageSize);
  }
}

const pageSizeArb = fc.integer({ min: 1, max: 7 });
const declaredArb = fc.constantFrom('application/octet-stream', 'image/png', 'application/pdf', 'text/plain', 'image/svg+xml');

/** One arbitrary of all commands, weighted towards the ones that change state. */
const commandArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record(
        { slug: slugSpecArb, blogData: bodyArb, scrappedData: bodyArb, scrapedUrl: urlArb, newUrl: urlArb },
        { requiredKeys: [] },
      )
      .map((a) => new CreateArticle(a)),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ slug: fc.oneof(validSlugArb.map((slug) => ({ kind: 'valid' as const, slug })), slugSpecArb), blogData: bodyArb })
      .map((a) => new CreateArticle(a)),
  },
  { weight: 3, arbitrary: fc.record({ target: targetArb, slug: slugSpecArb, ifMatch: ifMatchArb }).map((a) => new EditSlug(a)) },
  {
    weight: 3,
    arbitrary: fc
      .record({ target: targetArb, blogData: bodyArb, same: fc.boolean(), ifMatch: ifMatchArb })
      .map((a) => new EditBlog(a)),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        target: targetArb,
        body: fc.constantFrom<unknown>(
          {},
          { slug: 'a', blogData: 'b' },
          { blogData: 12 },
          { blogData: null },
          { status: 'published' },
          { slug: 'a', extra: 1 },
          [1],
        ),
      })
      .map((a) => new BadPatch(a)),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        target: statusTargetArb('published'),
        pick: fc.nat(),
        beyond: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
        ifMatch: fc.constantFrom<IfMatch>('none', 'none', 'current', 'stale'),
      })
      .map((a) => new RestoreRevision(a)),
  },
  { weight: 3, arbitrary: fc.record({ target: statusTargetArb('published'), to: fc.constant<ArticleStatus>('published') }).map((a) => new SetStatus(a)) },
  { weight: 3, arbitrary: fc.record({ target: statusTargetArb('draft'), to: fc.constant<ArticleStatus>('draft') }).map((a) => new SetStatus(a)) },
  { weight: 2, arbitrary: fc.record({ target: targetArb }).map((a) => new DeleteArticle(a)) },
  {
    weight: 2,
    arbitrary: fc
      .record({ target: fc.constantFrom<TrashTarget>('trash', 'trash', 'trash', 'live', 'unknown'), pick: fc.nat() })
      .map((a) => new RestoreArticle(a)),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ target: fc.constantFrom<TrashTarget>('trash', 'trash', 'live', 'unknown'), pick: fc.nat() })
      .map((a) => new PurgeArticle(a)),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({ fixture: fc.nat({ max: 6 }), name: rawNameArb, duplicate: fc.option(fc.nat(), { freq: 3 }), declared: declaredArb })
      .map((a) => new UploadFile(a)),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        kind: fc.constantFrom<RefusedKind>('text', 'html', 'elf', 'zip', 'empty', 'damaged-png', 'wrong-field', 'not-multipart'),
        name: rawNameArb,
        declared: declaredArb,
      })
      .map((a) => new RefusedUpload(a)),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ target: fc.constantFrom<FileTarget>('live', 'live', 'live', 'deleted', 'trash', 'unknown', 'malformed'), pick: fc.nat() })
      .map((a) => new DeleteFile(a)),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ target: fc.constantFrom<FileTarget>('trash', 'trash', 'live', 'deleted', 'unknown'), pick: fc.nat() })
      .map((a) => new RestoreFile(a)),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ target: fc.constantFrom<FileTarget>('trash', 'trash', 'live', 'deleted', 'malformed'), pick: fc.nat() })
      .map((a) => new PurgeFile(a)),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        target: fc.constantFrom<FileTarget>('live', 'live', 'live', 'trash', 'unknown'),
        pick: fc.nat(),
        fixture: fc.nat({ max: 6 }),
        name: rawNameArb,
      })
      .map((a) => new ReplaceFile(a)),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        action: fc.constantFrom('delete' as const, 'restore' as const, 'purge' as const),
        targets: fc.array(
          fc.record({ target: fc.constantFrom<FileTarget>('live', 'live', 'trash', 'trash', 'deleted', 'unknown'), pick: fc.nat() }),
          { minLength: 1, maxLength: 5 },
        ),
      })
      .map((a) => new BulkFiles(a)),
  },
  {
    weight: 1,
    arbitrary: fc.record({ target: targetArb, slug: slugSpecArb, exclude: fc.boolean() }).map((a) => new CheckSlug(a)),
  },
  { weight: 1, arbitrary: fc.record({ pageSize: pageSizeArb }).map((a) => new FullCheck(a)) },
);

// The property ---------------------------------------------------------------------------------

describe.each(backends)('model-based article and file API ($name)', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(backend);
    await makeFixtures();
  }, 60_000);
  afterAll(async () => {
    console.info(
      `model test (${backend.name}, MODEL_SEED=${SEED}): ${tally.runs} runs, ${tally.commands} commands, ` +
        `${tally.fullChecks} full checks; ` +
        [...tally.outcomes.entries()]
          .sort()
          .map(([k, v]) => `${k}=${v}`)
          .join(' '),
    );
    await h?.close();
  });

  it('keeps the API, the database and DATA_DIR equal to the model', async () => {
    // Counted from here: this backend's runs only.
    tally = newTally();
    console.info(`model test (${backend.name}): seed ${SEED} (MODEL_SEED=${SEED} replays it)`);
    await fc.assert(
      fc.asyncProperty(fc.commands([commandArb], { maxCommands: MAX_COMMANDS, size: 'max' }), pageSizeArb, async (cmds, pageSize) => {
        tally.runs++;
        const token = await h.reset();
        const model = emptyModel();
        const real: Real = { h, token };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await fullCheck(model, real, pageSize);
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    // Every run was made; the generators reach the main outcomes.
    expect(tally.runs).toBeGreaterThanOrEqual(NUM_RUNS);
    for (const outcome of [
        'create:ok',
        'create:slug-taken',
        'create:invalid-slug',
        'slug:ok',
        'blog:ok',
        'published:ok',
        'draft:ok',
        'delete-article:ok',
        'upload:ok',
        'upload:duplicate',
        'delete-file:ok',
      'replace:ok',
    ]) {
      expect(tally.outcomes.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
    }
  }, 300_000);
});
