/**
 * The articles table's rows and their mapping: the columns a statement reads (the article's, a
 * card's), and the rows as the contract's Article and ArticleCard; the trash and the list share
 * them. The statements are in articles.ts, articleSearch/ and publicArticles.ts.
 */
import { CARD_PREVIEW_CHARS, toArticleCard, type Article, type ArticleCard, type ArticleSort, type ArticleStatus, type ScheduleAction, type SeoField, type SeoPatch, type Provenance } from '../../src/contract/index.ts';
import { STORED_HEAD_CHARS } from '../db/searchSql.ts';
import { isoText } from '../db/sql.ts';

/** Articles not in the trash: what the list, counts, search, slug checks and reads see. */
export const LIVE = 'deleted_at IS NULL';
/** The Scheduled tab: a publish or an unpublish scheduled (failed ones too). Indexed with LIVE. */
export const SCHEDULED = '(publish_at IS NOT NULL OR unpublish_at IS NOT NULL)';

/** The title order's key: case-insensitive, compared by code point on every database alike. */
export const TITLE_KEY_SQL = 'lower(title) COLLATE "C"';

export interface ArticleRow extends Partial<ScheduleColumns> {
  id: string;
  status: ArticleStatus;
  title: string | null;
  slug: string | null;
  blog_data: string | null;
  scraped_url: string | null;
  new_url: string | null;
  scrapped_data: string;
  created_at: Date;
  updated_at: Date;
  /** Bumped by a trigger at every change a revision records (int8: a string from pg). */
  version: number | string;
  /** When it went to the trash; null out of it. */
  deleted_at: Date | null;
  /** Its SEO fields (migration 18; src/contract/seo.ts): null where not set. */
  meta_title?: string | null;
  meta_description?: string | null;
  canonical_url?: string | null;
  social_image_id?: string | null;
  /** The source it came from and how its page was fetched (migration 23): null when none. */
  source_id?: string | null;
  provenance?: Provenance | null;
  /** A change of its source's waits for the editor (server/sources/changes.ts). */
  source_changed?: boolean;
  /** Its assignment (migration 31): the assignee, their email, the due and planned days as YYYY-MM-DD. */
  assignee_id?: string | null;
  assignee_email?: string | null;
  due_day?: string | null;
  planned_day?: string | null;
}

/** An article's SEO columns, as the contract names them. */
export const SEO_COLUMNS = {
  metaTitle: 'meta_title',
  metaDescription: 'meta_description',
  canonicalUrl: 'canonical_url',
  socialImageId: 'social_image_id',
} as const satisfies Record<SeoField, keyof ArticleRow>;

/** An article's SEO fields, as the contract carries them. */
export const seoOf = (row: Partial<ArticleRow>): Required<SeoPatch> => ({
  metaTitle: row.meta_title ?? null,
  metaDescription: row.meta_description ?? null,
  canonicalUrl: row.canonical_url ?? null,
  socialImageId: row.social_image_id ?? null,
});

/** An article's schedule (migration 13), as ARTICLE_COLUMNS and the card's columns read it: dates as ISO text. */
export interface ScheduleColumns {
  publish_iso: string | null;
  unpublish_iso: string | null;
  schedule_tz: string | null;
  schedule_failed_action: ScheduleAction | null;
  schedule_failed_reason: string | null;
  schedule_failed_iso: string | null;
  schedule_note: string | null;
}

/** The schedule's columns (of the table named `t`, when given). */
const scheduleColumns = (t?: string) => {
  const c = (column: string) => (t ? `${t}.${column}` : column);
  return `${isoText(c('publish_at'))} AS publish_iso, ${isoText(c('unpublish_at'))} AS unpublish_iso, ${c('schedule_tz')},
  ${c('schedule_failed_action')}, ${c('schedule_failed_reason')}, ${isoText(c('schedule_failed_at'))} AS schedule_failed_iso, ${c('schedule_note')}`;
};


/**
 * The assignment's columns (of the table named `t`, when given): days as text, and the
 * assignee's email read beside (a subquery: RETURNING has no join).
 */
export const assignmentColumns = (t?: string) => {
  const c = (column: string) => (t ? `${t}.${column}` : column);
  return `${c('assignee_id')}, CASE WHEN ${c('assignee_id')} IS NULL THEN NULL ELSE (SELECT email FROM users WHERE users.id = ${c('assignee_id')}) END AS assignee_email,
  to_char(${c('due_on')}, 'YYYY-MM-DD') AS due_day, to_char(${c('planned_on')}, 'YYYY-MM-DD') AS planned_day`;
};

/** An article's assignment, as the contract carries it. */
export const assignmentOf = (row: Pick<ArticleRow, 'assignee_id' | 'assignee_email' | 'due_day' | 'planned_day'>) => ({
  assigneeId: row.assignee_id ?? null,
  assigneeEmail: row.assignee_email ?? null,
  dueAt: row.due_day ?? null,
  plannedAt: row.planned_day ?? null,
});

/** An article's scheduled times as dates (null: none). */
export const scheduleTimesOf = (row: Partial<ScheduleColumns>) => ({
  publishAt: row.publish_iso ? new Date(row.publish_iso) : null,
  unpublishAt: row.unpublish_iso ? new Date(row.unpublish_iso) : null,
});

/** An article's columns (of the table named `t`, when given): ArticleRow and its schedule. */
export const articleColumns = (t?: string) =>
  `${['id', 'status', 'title', 'slug', 'blog_data', 'scraped_url', 'new_url', 'scrapped_data', 'created_at', 'updated_at', 'version', 'deleted_at', ...Object.values(SEO_COLUMNS), 'source_id', 'provenance', 'source_changed']
    .map((column) => (t ? `${t}.${column}` : column))
    .join(', ')}, ${scheduleColumns(t)}, ${assignmentColumns(t)}`;
export const ARTICLE_COLUMNS = articleColumns();

/** The contract's schedule fields of a row (null where a row was read without them). */
export function scheduleOf(row: Partial<ScheduleColumns>): Pick<
  Article,
  'publishAt' | 'unpublishAt' | 'scheduleTimeZone' | 'scheduleFailure' | 'scheduleNote'
> {
  const failed = row.schedule_failed_action && row.schedule_failed_iso;
  return {
    publishAt: row.publish_iso ?? null,
    unpublishAt: row.unpublish_iso ?? null,
    scheduleTimeZone: row.schedule_tz ?? null,
    scheduleFailure: failed
      ? {
          action: row.schedule_failed_action!,
          reason: row.schedule_failed_reason ?? '',
          dueAt: (row.schedule_failed_action === 'publish' ? row.publish_iso : row.unpublish_iso) ?? row.schedule_failed_iso!,
          failedAt: row.schedule_failed_iso!,
        }
      : null,
    scheduleNote: row.schedule_note ?? null,
  };
}

export function toArticle(row: ArticleRow): Article {
  return {
    ...scheduleOf(row),
    ...seoOf(row),
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
    sourceId: row.source_id ?? null,
    provenance: row.provenance ?? null,
    sourceChanged: row.source_changed ?? false,
    ...assignmentOf(row),
  };
}

export interface ArticleCardRow
  extends Pick<ArticleRow, 'id' | 'status' | 'title' | 'slug' | 'scraped_url' | 'new_url'>,
    Partial<ScheduleColumns> {
  created_iso: string;
  updated_iso: string;
  scrapped_head: string;
  blog_head: string | null;
  /** The title as the title order compares it (lowercased). */
  title_key: string | null;
  /** Its provenance's extraction score, when known. */
  extraction_score: number | string | null;
  /** With a search: its relevance, and the head of the raw text its snippet is cut from. */
  rank?: number | string;
  snippet_source?: string;
  /** Its assignee's email and due day (YYYY-MM-DD), when set. */
  assignee_email?: string | null;
  due_day?: string | null;
}

/**
 * A card's columns (of the table named `t`). The bodies' leading characters (CARD_PREVIEW_CHARS
 * + 1: the extra one tells whether the text was cut) are stored beside them by migration 4, so a
 * card never reads a TOASTed body. Dates come as the text the answer carries: no Date parsed and
 * re-printed per row (that was a fifth of a page's CPU in Node).
 */
export const cardColumns = (t = 'articles') => `${t}.id, ${t}.status, ${t}.title, ${t}.slug, ${t}.scraped_url, ${t}.new_url,
  ${isoText(`${t}.created_at`)} AS created_iso, ${isoText(`${t}.updated_at`)} AS updated_iso, ${t}.scrapped_head,
  ${t}.blog_head, ${TITLE_KEY_SQL.replaceAll('title', `${t}.title`)} AS title_key, ${scheduleColumns(t)},
  (${t}.provenance->'quality'->>'score')::float8 AS extraction_score,
  CASE WHEN ${t}.assignee_id IS NULL THEN NULL ELSE (SELECT email FROM users WHERE users.id = ${t}.assignee_id) END AS assignee_email,
  to_char(${t}.due_on, 'YYYY-MM-DD') AS due_day`;
export const ARTICLE_CARD_COLUMNS = cardColumns();
if (CARD_PREVIEW_CHARS + 1 > STORED_HEAD_CHARS) {
  throw new Error('CARD_PREVIEW_CHARS grew past the stored heads: add a migration that recomputes them');
}

/** The card of a row: the stored heads are cut as the contract cuts any article's bodies. */
export function cardFromRow(row: ArticleCardRow): ArticleCard {
  const card = toArticleCard({
    ...scheduleOf(row),
    id: row.id,
    status: row.status,
    title: row.title,
    slug: row.slug,
    scrapedUrl: row.scraped_url,
    newUrl: row.new_url,
    scrappedData: row.scrapped_head,
    blogData: row.blog_head,
    createdAt: row.created_iso,
    updatedAt: row.updated_iso,
    assigneeEmail: row.assignee_email ?? null,
    dueAt: row.due_day ?? null,
  });
  return row.extraction_score === null || row.extraction_score === undefined ? card : { ...card, extractionQuality: Number(row.extraction_score) };
}

/** The orders of a page: the contract's sorts, relevance (a search without a sort), and the trash's (last deleted first). */
export type ArticleOrder = ArticleSort | 'rank' | 'trash';

/**
 * Where a keyset page starts: after the row with this key and id, in `order`. The key is the
 * creation time (newest, oldest, rank), the update time (updated) or the lowercased title
 * (title; null for an article without one). `rank` is the relevance of the rank order.
 */
export interface ArticleCursor {
  order: ArticleOrder;
  key: string | null;
  id: string;
  rank?: number;
}

/** What a revision keeps of an article and a restore writes back: everything an admin or a scrape can change but the status. */
export const CONTENT_COLUMNS = [
  'title',
  'slug',
  'blog_data',
  'scrapped_data',
  'scraped_url',
  'new_url',
  'meta_title',
  'meta_description',
  'canonical_url',
  'social_image_id',
] as const;
export type ArticleContent = Pick<ArticleRow, 'title' | 'slug' | 'blog_data' | 'scrapped_data' | 'scraped_url' | 'new_url'> &
  Record<'meta_title' | 'meta_description' | 'canonical_url' | 'social_image_id', string | null>;

export interface TrashCardRow extends ArticleCardRow {
  deleted_iso: string;
}
