/**
 * Articles beyond their SQL (server/repositories/articles.ts): opaque cursors, slug rules and
 * suggestions, the dashboard's weeks, a new draft with its activity entry.
 */
import { SLUG_PATTERN, type ArticleFilter, type ArticleStats } from '../src/contract/index.ts';
import type { Queryable } from './db/database.ts';
import { apiError } from './errors.ts';
import { newId } from './ids.ts';
import { recordActivity } from './repositories/activity.ts';
import {
  articleCounts,
  cardFromRow,
  countCreatedByStatus,
  insertDraft,
  selectArticlePage,
  slugsLike,
  type ArticleCursor,
  type NewArticle,
} from './repositories/articles.ts';

/** How an article is named in activity messages: its slug, else the card's "#<last 8>". */
export const articleLabel = (a: { id: string; slug: string | null }) =>
  a.slug ? `"${a.slug}"` : `#${a.id.slice(-8)}`;

export function encodeCursor(row: { created_at: Date | string; id: string }): string {
  return Buffer.from(`${new Date(row.created_at).toISOString()}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): ArticleCursor {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-z]{1,64})$/.exec(text);
  const createdAt = match ? new Date(match[1]!) : undefined;
  if (!match || !createdAt || Number.isNaN(createdAt.getTime())) throw apiError('invalid_cursor');
  return { createdAt, id: match[2]! };
}

export interface ListOptions {
  status: ArticleFilter;
  q?: string;
  limit: number;
  cursor?: string;
}

/** A page of cards with the counts per status and the cursor of the next page (null at the end). */
export async function listArticles(db: Queryable, options: ListOptions) {
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const { rows, counts } = await selectArticlePage(db, {
    status: options.status,
    q: options.q?.trim(),
    after,
    limit: options.limit,
  });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last ? encodeCursor({ created_at: last.created_iso, id: last.id }) : null;
  return { data: page.map(cardFromRow), counts, nextCursor };
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

/** A new updated_at: now, but always after the previous one so If-Match can tell them apart. */
export function nextUpdatedAt(previous: Date, now = new Date()): Date {
  const prev = new Date(previous).getTime();
  return new Date(Math.max(now.getTime(), prev + 1));
}

/** A new draft, with its activity entry, in the caller's transaction. */
export async function insertArticle(tx: Queryable, values: NewArticle, actor: string | null = null) {
  const now = new Date();
  const row = await insertDraft(tx, newId(now.getTime()), values, now);
  await recordActivity(tx, 'article.created', `Article ${articleLabel(row)} created`, now, actor);
  return row;
}
