/**
 * Articles beyond their SQL (server/repositories/articles.ts): opaque cursors, slug rules and
 * suggestions, titles, the list's pages and the dashboard's weeks.
 */
import {
  cutText,
  MAX_SITES,
  MAX_TITLE_LENGTH,
  SCHEDULE_PREVIEW,
  VIEW_DAYS,
  serverMessages,
  SLUG_PATTERN,
  type ArticleFilter,
  type ArticleSort,
  type ArticleStats,
} from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { sideCounts } from '../repositories/keptCounts.ts';
import { assignedCount } from '../repositories/assignments.ts';
import { sourceSummary } from '../repositories/sources.ts';
import { articleViewsByDay, viewsTodayAndYesterday } from '../repositories/views.ts';
import { scheduleSummary } from '../repositories/schedule.ts';
import { snippetCutter } from './snippet.ts';
import { lastUtcDays, utcDay } from '../shared/days.ts';
import { articleCounts } from '../repositories/articleSearch/counts.ts';
import { cardFromRow, type ArticleCursor, type ArticleOrder } from '../repositories/articleRows.ts';
import { countCreatedByStatus, selectSites, selectTrashPage, slugsLike } from '../repositories/articles.ts';
import { selectArticlePage } from '../repositories/articleSearch/planner.ts';

/** A title as stored: trimmed, at most MAX_TITLE_LENGTH characters (the contract checks), empty → null. */
export const normalTitle = (title: string | null | undefined): string | null => title?.trim() || null;

/** The page's title as an article's: whitespace collapsed, at most MAX_TITLE_LENGTH characters (cut on a code point). */
export const pageTitle = (title: string) => normalTitle(cutText(title.replace(/\s+/g, ' ').trim(), MAX_TITLE_LENGTH).text);

/** How an article is named in activity messages: its slug, else the card's "#<last 8>". */
export const articleLabel = (a: { id: string; slug: string | null }) =>
  a.slug ? `"${a.slug}"` : `#${a.id.slice(-8)}`;

/** The opaque cursor after `row` in `order`: its key in that order and its id. */
export function encodeCursor(
  row: {
    created_at: Date | string;
    id: string;
    updated_at?: Date | string;
    deleted_at?: Date | string;
    title_key?: string | null;
    rank?: number | string;
  },
  order: ArticleOrder = 'newest',
): string {
  const iso = (d: Date | string | undefined) => new Date(d ?? 0).toISOString();
  const parts: unknown[] =
    order === 'title'
      ? [order, row.title_key ?? null, row.id]
      : order === 'updated'
        ? [order, iso(row.updated_at), row.id]
        : order === 'rank'
          ? [order, Number(row.rank ?? 0), iso(row.created_at), row.id]
          : order === 'trash'
            ? [order, iso(row.deleted_at), row.id]
            : [order, iso(row.created_at), row.id];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ID = /^[0-9a-z]{1,64}$/;
const ORDERS = new Set<ArticleOrder>(['newest', 'oldest', 'updated', 'title', 'rank', 'trash']);

/** The cursor's position; 400 `invalid_cursor` when malformed or of another order than `order`. */
export function decodeCursor(cursor: string, order: ArticleOrder = 'newest'): ArticleCursor {
  const invalid = () => apiError('invalid_cursor', serverMessages.invalidCursor);
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parts) || !ORDERS.has(parts[0])) throw invalid();
  const [kind, ...rest] = parts as [ArticleOrder, ...unknown[]];
  const id = rest.at(-1);
  if (typeof id !== 'string' || !ID.test(id)) throw invalid();
  const isDate = (v: unknown): v is string => typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v));
  let position: ArticleCursor | undefined;
  if (kind === 'title' && rest.length === 2 && (rest[0] === null || (typeof rest[0] === 'string' && rest[0].length <= 400))) {
    position = { order: kind, key: rest[0], id };
  } else if (kind === 'rank' && rest.length === 3 && (rest[0] === 0 || rest[0] === 1) && isDate(rest[1])) {
    position = { order: kind, rank: rest[0], key: rest[1], id };
  } else if (kind !== 'title' && kind !== 'rank' && rest.length === 2 && isDate(rest[0])) {
    position = { order: kind, key: rest[0], id };
  }
  if (!position) throw invalid();
  if (position.order !== order) throw apiError('invalid_cursor', serverMessages.cursorOfOtherSort);
  return position;
}

export interface ListOptions {
  status: ArticleFilter;
  q?: string;
  sort?: ArticleSort;
  site?: string;
  attention?: 'true' | 'false';
  copies?: 'true' | 'false';
  sourceChanged?: 'true' | 'false';
  assignee?: 'me';
  limit: number;
  cursor?: string;
}

/**
 * A page of cards with the counts per status (and, on a first page, how many articles need attention) and the cursor of the next page (null at the end).
 * A search without a sort is ordered by relevance; its cards carry snippets.
 */
export async function listArticles(db: Queryable, options: ListOptions, me?: string) {
  const q = options.q?.trim() || undefined;
  const order: ArticleOrder = options.sort ?? (q ? 'rank' : 'newest');
  const after = options.cursor ? decodeCursor(options.cursor, order) : undefined;
  const site = options.site?.trim().toLowerCase() || undefined;
  const attention = options.attention === 'true';
  const copies = options.copies === 'true';
  const sourceChanged = options.sourceChanged === 'true';
  const assignee = options.assignee === 'me' ? (me ?? '') : undefined;
  const { rows, counts, attention: carried, sourceChanged: carriedChanged } = await selectArticlePage(db, { status: options.status, q, site, attention, copies, sourceChanged, assignee, order, after, limit: options.limit });
  // A first page says how many articles need attention and how many sources changed, whatever
  // the other filters (kept by the writes: a plain page carries them, any other asks for them);
  // later pages do not.
  const side = after ? undefined : carried !== undefined && carriedChanged !== undefined ? { attention: carried, sourceChanged: carriedChanged } : await sideCounts(db);
  const needing = side?.attention;
  const changed = side?.sourceChanged;
  // And how many are the caller's (an index of the assigned ones).
  const mine = after || me === undefined ? undefined : await assignedCount(db, me);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last
      ? encodeCursor({ ...last, created_at: last.created_iso, updated_at: last.updated_iso }, order)
      : null;
  const snippet = q ? snippetCutter(q) : undefined;
  const data = page.map((row) => {
    const card = cardFromRow(row);
    return snippet ? { ...card, snippet: snippet(row.title, row.snippet_source ?? '') } : card;
  });
  return {
    data,
    counts,
    nextCursor,
    ...(needing === undefined ? {} : { attention: needing }),
    ...(changed === undefined ? {} : { sourceChanged: changed }),
    ...(mine === undefined ? {} : { assignedToMe: mine }),
  };
}

/** GET /articles/:id/views: its views per UTC day, the last VIEW_DAYS days, every day (oldest first). */
export async function articleViews(db: Queryable, articleId: string, now = new Date()) {
  const days = lastUtcDays(VIEW_DAYS, now);
  const counted = await articleViewsByDay(db, articleId, days[0]!, days.at(-1)!);
  const data = days.map((day) => ({ day, views: counted.get(day) ?? 0 }));
  return { data, total: data.reduce((sum, d) => sum + d.views, 0) };
}

/** GET /articles/admin/trash: a page of the trash, most recently deleted first. */
export async function listTrash(db: Queryable, options: { limit: number; cursor?: string }) {
  const after = options.cursor ? decodeCursor(options.cursor, 'trash') : undefined;
  const { rows, total } = await selectTrashPage(db, after, options.limit);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last ? encodeCursor({ ...last, created_at: last.created_iso, deleted_at: last.deleted_iso }, 'trash') : null;
  return { data: page.map((row) => ({ ...cardFromRow(row), deletedAt: row.deleted_iso })), total, nextCursor };
}

/** GET /articles/admin/sites: the hosts of the articles of a status, most first. */
export async function listSites(db: Queryable, query: { status: ArticleFilter }) {
  return { data: await selectSites(db, { status: query.status }, MAX_SITES) };
}

/**
 * The dashboard's figures: counts, and articles created (by current status) in the last 7
 * days and the 7 before. Reads only the last 14 days through the created_at index.
 */
export async function articleStats(db: Queryable, now = new Date()): Promise<ArticleStats> {
  const week = 7 * 24 * 60 * 60 * 1000;
  const since = new Date(now.getTime() - 2 * week);
  const split = new Date(now.getTime() - week);
  const rows = await countCreatedByStatus(db, since, split, now);
  const pair = (status: string) => {
    const row = rows.find((r) => r.status === status);
    return { current: row?.current ?? 0, previous: row?.previous ?? 0 };
  };
  const published = pair('published');
  const draft = pair('draft');
  return {
    counts: await articleCounts(db),
    views: await viewsTodayAndYesterday(db, utcDay(now)),
    scheduled: await scheduleSummary(db, SCHEDULE_PREVIEW),
    sources: await sourceSummary(db, utcDay(now)),
    createdPerWeek: {
      all: { current: published.current + draft.current, previous: published.previous + draft.previous },
      published,
      draft,
    },
  };
}

export const MAX_SLUG_LENGTH = 200;

export function assertValidSlug(slug: string) {
  if (!SLUG_PATTERN.test(slug) || slug.length > MAX_SLUG_LENGTH) {
    throw apiError('invalid_slug');
  }
}

/** A slug made from any text: "Hello, World!" → "hello-world". */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'article';
}

/** `base` when free, else the first free `base-2`, `base-3`, … */
export async function freeSlug(db: Queryable, base: string, excludeId?: string): Promise<string> {
  const stem = base.slice(0, MAX_SLUG_LENGTH - 8).replace(/-+$/, '') || 'article';
  const taken = await slugsLike(db, base, stem, excludeId);
  if (!taken.has(base) && base.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** If-Match carries the updatedAt the client saw (quotes and W/ tolerated). */
export function isStale(ifMatch: string | undefined, updatedAt: Date): boolean {
  if (ifMatch === undefined || ifMatch.trim() === '*') return false;
  const seen = new Date(ifMatch.trim().replace(/^W\//, '').replace(/^"|"$/g, ''));
  return Number.isNaN(seen.getTime()) || seen.getTime() !== new Date(updatedAt).getTime();
}

/** A new updated_at: now, but always after the previous one so If-Match can tell them apart. */
export function nextUpdatedAt(previous: Date, now = new Date()): Date {
  const prev = new Date(previous).getTime();
  return new Date(Math.max(now.getTime(), prev + 1));
}
