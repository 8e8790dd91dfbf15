/**
 * The SQL of article history (server/history/articles.ts has the rules): revisions, the texts
 * they point at (stored once per article, whole or as a span changed since another), their
 * keyset pages and their sweep.
 */
import type { ArticleStatus, RevisionAction, RevisionField, SeoPatch } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoText, parameters } from '../db/sql.ts';
import { articleColumns, type ArticleRow } from './articleRows.ts';

/** A revision's row, its texts by id (int8: a string from pg, a number from PGlite). */
export interface RevisionRow {
  number: number;
  article_version: number | string;
  created_iso: string;
  updated_iso: string;
  actor: string | null;
  action: RevisionAction;
  restored_from: number | null;
  changed: RevisionField[];
  status: ArticleStatus;
  in_trash: boolean;
  title: string | null;
  slug: string | null;
  scraped_url: string | null;
  new_url: string | null;
  /** The SEO fields (null: none set, or recorded before they existed). */
  seo: Partial<SeoPatch> | null;
  blog_text_id: number | string | null;
  raw_text_id: number | string;
  source_text_id: number | string | null;
  pinned: boolean;
  name: string | null;
}

/** The last revision, and how deep its texts are in their chains of changes (to build on them). */
export interface LatestRevisionRow extends RevisionRow {
  blog_depth: number | null;
  raw_depth: number;
}

const REVISION_COLUMNS = (r = 'r') => `${r}.number, ${r}.article_version, ${isoText(`${r}.created_at`)} AS created_iso,
  ${isoText(`${r}.updated_at`)} AS updated_iso, ${r}.actor, ${r}.action, ${r}.restored_from, ${r}.changed, ${r}.status,
  ${r}.in_trash, ${r}.title, ${r}.slug, ${r}.scraped_url, ${r}.new_url, ${r}.seo, ${r}.blog_text_id, ${r}.raw_text_id,
  ${r}.source_text_id, ${r}.pinned, ${r}.name`;

/**
 * An article out of the trash, locked until the caller's transaction ends, and its last
 * revision (undefined: none yet): what a write reads before it changes the article, in one
 * round trip.
 */
export async function lockArticleForWrite(
  tx: Queryable,
  id: string,
): Promise<{ row: ArticleRow; latest: LatestRevisionRow | undefined } | undefined> {
  const { rows } = await tx.query<ArticleRow & Record<`rev_${string}`, unknown>>(
    `SELECT ${articleColumns('a')},
            r.number AS rev_number, r.article_version AS rev_article_version, ${isoText('r.created_at')} AS rev_created_iso,
            ${isoText('r.updated_at')} AS rev_updated_iso, r.actor AS rev_actor, r.action AS rev_action,
            r.restored_from AS rev_restored_from, r.changed AS rev_changed, r.status AS rev_status, r.in_trash AS rev_in_trash,
            r.title AS rev_title, r.slug AS rev_slug, r.scraped_url AS rev_scraped_url, r.new_url AS rev_new_url, r.seo AS rev_seo,
            r.blog_text_id AS rev_blog_text_id, r.raw_text_id AS rev_raw_text_id, r.source_text_id AS rev_source_text_id,
            r.pinned AS rev_pinned, r.name AS rev_name, r.blog_depth AS rev_blog_depth, r.raw_depth AS rev_raw_depth
       FROM articles a
       LEFT JOIN LATERAL (
         SELECT l.*, b.depth AS blog_depth, t.depth AS raw_depth
           FROM (SELECT * FROM article_revisions WHERE article_id = a.id ORDER BY number DESC LIMIT 1) l
           LEFT JOIN article_revision_texts b ON b.id = l.blog_text_id
           JOIN article_revision_texts t ON t.id = l.raw_text_id
       ) r ON true
      WHERE a.id = $1 AND a.deleted_at IS NULL
        FOR UPDATE OF a`,
    [id],
    { prepare: true },
  );
  const found = rows[0];
  if (!found) return undefined;
  const row = {} as Record<string, unknown>;
  const latest = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(found)) {
    if (key.startsWith('rev_')) latest[key.slice(4)] = value;
    else row[key] = value;
  }
  return { row: row as unknown as ArticleRow, latest: latest.number == null ? undefined : (latest as unknown as LatestRevisionRow) };
}

/** The article's last revision (undefined: none yet), with its texts' depths. */
export async function latestRevision(db: Queryable, articleId: string): Promise<LatestRevisionRow | undefined> {
  const { rows } = await db.query<LatestRevisionRow>(
    `SELECT ${REVISION_COLUMNS()}, b.depth AS blog_depth, t.depth AS raw_depth
       FROM (SELECT * FROM article_revisions WHERE article_id = $1 ORDER BY number DESC LIMIT 1) r
       LEFT JOIN article_revision_texts b ON b.id = r.blog_text_id
       JOIN article_revision_texts t ON t.id = r.raw_text_id`,
    [articleId],
    { prepare: true },
  );
  return rows[0];
}

/** A text to store: whole (no base) or a span changed since `baseId`. Stored once per article by its hash. */
export interface NewText {
  sha256: Buffer;
  baseId: string | null;
  depth: number;
  keepStart: number;
  keepEnd: number;
  body: string;
}

/** A text of a revision: one already stored (its id), a new one, or none (a null field). */
export type TextRef = { id: string } | { text: NewText } | null;

/** A revision's SEO value as a parameter: JSON text, or null when none is set. */
const seoJson = (seo: Partial<SeoPatch> | null) => (seo && Object.values(seo).some((value) => value != null) ? JSON.stringify(seo) : null);

/** The SEO value of an article (the table named `t`) as a revision keeps it: null when none is set. */
const SEO_JSON_SQL = (t: string) => `CASE WHEN num_nonnulls(${t}.meta_title, ${t}.meta_description, ${t}.canonical_url, ${t}.social_image_id) > 0
  THEN jsonb_build_object('metaTitle', ${t}.meta_title, 'metaDescription', ${t}.meta_description, 'canonicalUrl', ${t}.canonical_url,
    'socialImageId', ${t}.social_image_id) END`;

/** What a revision records of the article. */
export interface RevisionValues {
  articleVersion: number | string;
  at: Date;
  actor: string | null;
  action: RevisionAction;
  restoredFrom: number | null;
  changed: RevisionField[];
  status: ArticleStatus;
  inTrash: boolean;
  title: string | null;
  slug: string | null;
  scrapedUrl: string | null;
  newUrl: string | null;
  /** As SEO_JSON_SQL makes it: null when none is set. */
  seo: Partial<SeoPatch> | null;
  blog: TextRef;
  raw: TextRef;
  source: TextRef;
}

/**
 * The texts of a revision as CTEs (stored, or found by their hash when the article has them
 * already) and the expressions that give their ids: one statement writes texts and revision.
 */
function textCtes(articleId: string, values: RevisionValues, param: (value: unknown) => string) {
  const ctes: string[] = [];
  const ids = {} as Record<'blog' | 'raw' | 'source', string>;
  // Two fields with the same text (an empty raw text and blog HTML) share one: a statement may
  // not insert the same (article, hash) twice.
  const byHash = new Map<string, string>();
  for (const key of ['blog', 'raw', 'source'] as const) {
    const ref = values[key];
    if (ref === null) ids[key] = 'NULL::bigint';
    else if ('id' in ref) ids[key] = `${param(ref.id)}::bigint`;
    else if (byHash.has(ref.text.sha256.toString('hex'))) ids[key] = byHash.get(ref.text.sha256.toString('hex'))!;
    else {
      const t = ref.text;
      byHash.set(t.sha256.toString('hex'), `(SELECT id FROM ${key}_text)`);
      // A text the article already has (the same hash) is not stored again: the no-op update
      // makes RETURNING answer its id.
      ctes.push(`${key}_text AS (
        INSERT INTO article_revision_texts (article_id, sha256, base_id, depth, keep_start, keep_end, body)
        VALUES (${param(articleId)}, ${param(t.sha256)}, ${param(t.baseId)}::bigint, ${param(t.depth)}, ${param(t.keepStart)},
                ${param(t.keepEnd)}, ${param(t.body)})
        ON CONFLICT (article_id, sha256) DO UPDATE SET sha256 = EXCLUDED.sha256
        RETURNING id)`);
      ids[key] = `(SELECT id FROM ${key}_text)`;
    }
  }
  return { with: ctes.length ? `WITH ${ctes.join(', ')}` : '', ids };
}

/** Writes revision `number` of the article (its texts too), in the caller's transaction. */
export async function insertRevision(tx: Queryable, articleId: string, number: number, values: RevisionValues): Promise<void> {
  const { values: params, add: param } = parameters();
  const texts = textCtes(articleId, values, param);
  await tx.query(
    `${texts.with}
     INSERT INTO article_revisions (article_id, number, article_version, created_at, updated_at, actor, action, restored_from,
       changed, status, in_trash, title, slug, scraped_url, new_url, seo, blog_text_id, raw_text_id, source_text_id)
     VALUES (${param(articleId)}, ${param(number)}, ${param(values.articleVersion)}, ${param(values.at)}, ${param(values.at)},
       ${param(values.actor)}, ${param(values.action)}, ${param(values.restoredFrom)}, ${param(values.changed)}::text[],
       ${param(values.status)}, ${param(values.inTrash)}, ${param(values.title)}, ${param(values.slug)}, ${param(values.scrapedUrl)},
       ${param(values.newUrl)}, ${param(seoJson(values.seo))}::jsonb, ${texts.ids.blog}, ${texts.ids.raw}, ${texts.ids.source})`,
    params,
    // A handful of shapes (which texts are new): each prepared once per connection.
    { prepare: true },
  );
}

/** Folds a write into revision `number` (the last): it now records the article after it. */
export async function foldIntoRevision(tx: Queryable, articleId: string, number: number, values: RevisionValues): Promise<void> {
  const { values: params, add: param } = parameters();
  const texts = textCtes(articleId, values, param);
  await tx.query(
    `${texts.with}
     UPDATE article_revisions SET article_version = ${param(values.articleVersion)}, updated_at = ${param(values.at)},
       changed = ${param(values.changed)}::text[], status = ${param(values.status)}, in_trash = ${param(values.inTrash)},
       title = ${param(values.title)}, slug = ${param(values.slug)}, scraped_url = ${param(values.scrapedUrl)},
       new_url = ${param(values.newUrl)}, seo = ${param(seoJson(values.seo))}::jsonb, blog_text_id = ${texts.ids.blog}, raw_text_id = ${texts.ids.raw},
       source_text_id = ${texts.ids.source}
     WHERE article_id = ${param(articleId)} AND number = ${param(number)}`,
    params,
    { prepare: true },
  );
}

/**
 * One revision per article of `ids` (locked by the caller, each with a last revision), for a
 * change of status or trash that leaves their texts as they were: the new revision points at
 * its predecessor's texts. One statement for up to 500 articles.
 */
export async function insertRevisionsKeepingTexts(
  tx: Queryable,
  ids: readonly string[],
  values: { at: Date; actor: string | null; action: RevisionAction; changed: RevisionField[] },
): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `INSERT INTO article_revisions (article_id, number, article_version, created_at, updated_at, actor, action, changed,
       status, in_trash, title, slug, scraped_url, new_url, seo, blog_text_id, raw_text_id, source_text_id)
     SELECT a.id, r.number + 1, a.version, $2, $2, $3, $4, $5::text[], a.status, a.deleted_at IS NOT NULL, a.title, a.slug,
            a.scraped_url, a.new_url, ${SEO_JSON_SQL('a')}, r.blog_text_id, r.raw_text_id, r.source_text_id
       FROM articles a
       JOIN LATERAL (SELECT * FROM article_revisions WHERE article_id = a.id ORDER BY number DESC LIMIT 1) r ON true
      WHERE a.id = ANY($1::text[])`,
    [ids, values.at, values.actor, values.action, values.changed],
  );
}

/** Which of `ids` have at least one revision. */
export async function articlesWithRevisions(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM unnest($1::text[]) AS a(id) WHERE EXISTS (SELECT 1 FROM article_revisions WHERE article_id = a.id)',
    [ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** A page of the article's revisions, newest first, before `before` (a number); and how many it has. */
export async function selectRevisionPage(
  db: Queryable,
  articleId: string,
  before: number | undefined,
  limit: number,
): Promise<{ rows: RevisionRow[]; total: number; latest: number | null }> {
  const { rows } = await db.query<RevisionRow & { total: number | string; latest: number | null }>(
    `SELECT ${REVISION_COLUMNS()},
            (SELECT count(*) FROM article_revisions WHERE article_id = $1) AS total,
            (SELECT max(number) FROM article_revisions WHERE article_id = $1) AS latest
       FROM article_revisions r
      WHERE r.article_id = $1 AND r.number < $2
      ORDER BY r.number DESC LIMIT $3`,
    [articleId, before ?? 2_147_483_647, limit + 1],
    { prepare: true },
  );
  if (rows[0]) return { rows, total: Number(rows[0].total), latest: rows[0].latest === null ? null : Number(rows[0].latest) };
  const { rows: counted } = await db.query<{ total: number | string; latest: number | null }>(
    'SELECT count(*) AS total, max(number) AS latest FROM article_revisions WHERE article_id = $1',
    [articleId],
  );
  const total = counted[0];
  return { rows, total: Number(total?.total ?? 0), latest: total?.latest == null ? null : Number(total.latest) };
}

/** One revision, and whether it is the article's last. */
export async function selectRevision(
  db: Queryable,
  articleId: string,
  number: number,
  forUpdate = false,
): Promise<(RevisionRow & { latest: number }) | undefined> {
  const { rows } = await db.query<RevisionRow & { latest: number }>(
    `SELECT ${REVISION_COLUMNS()}, (SELECT max(number) FROM article_revisions WHERE article_id = $1) AS latest
       FROM article_revisions r WHERE r.article_id = $1 AND r.number = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [articleId, number],
  );
  return rows[0];
}

/** A stored text with the chain of texts it is built on (itself first, then its base, …, down to a whole one). */
export interface TextLink {
  id: number | string;
  base_id: number | string | null;
  keep_start: number;
  keep_end: number;
  body: string;
}

/** The chains of texts `ids` are built on, every link once. */
export async function selectTextChains(db: Queryable, articleId: string, ids: readonly string[]): Promise<TextLink[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<TextLink>(
    `WITH RECURSIVE chain AS (
       SELECT id, base_id, keep_start, keep_end, body FROM article_revision_texts WHERE article_id = $1 AND id = ANY($2::bigint[])
       UNION
       SELECT t.id, t.base_id, t.keep_start, t.keep_end, t.body FROM article_revision_texts t JOIN chain c ON t.id = c.base_id
     )
     SELECT * FROM chain`,
    [articleId, ids],
  );
  return rows;
}

/** Pins, unpins or names a revision; answers it, or undefined when there is none. */
export async function updateRevisionLabel(
  tx: Queryable,
  articleId: string,
  number: number,
  patch: { pinned?: boolean; name?: string | null },
): Promise<RevisionRow | undefined> {
  const { rows } = await tx.query<RevisionRow>(
    `UPDATE article_revisions r SET pinned = coalesce($3, r.pinned), name = CASE WHEN $4 THEN $5 ELSE r.name END
      WHERE r.article_id = $1 AND r.number = $2 RETURNING ${REVISION_COLUMNS()}`,
    [articleId, number, patch.pinned ?? null, patch.name !== undefined, patch.name ?? null],
  );
  return rows[0];
}

/** How many revisions the article has. */
export async function countRevisions(db: Queryable, articleId: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM article_revisions WHERE article_id = $1', [
    articleId,
  ]);
  return Number(rows[0]?.n ?? 0);
}

/** What retention needs of every revision of an article. */
export async function selectRevisionAges(
  db: Queryable,
  articleId: string,
): Promise<{ number: number; created_at: Date; pinned: boolean }[]> {
  const { rows } = await db.query<{ number: number; created_at: Date; pinned: boolean }>(
    'SELECT number, created_at, pinned FROM article_revisions WHERE article_id = $1 ORDER BY number',
    [articleId],
  );
  return rows;
}

/** Deletes the article's revisions `numbers`. */
export async function deleteRevisions(tx: Queryable, articleId: string, numbers: readonly number[]): Promise<void> {
  if (numbers.length === 0) return;
  await tx.query('DELETE FROM article_revisions WHERE article_id = $1 AND number = ANY($2::int[])', [articleId, numbers]);
}

/**
 * Deletes the article's texts that no revision needs: neither pointed at by a revision nor in
 * the chain a needed text is built on. Answers how many went.
 */
export async function deleteUnneededTexts(tx: Queryable, articleId: string): Promise<number> {
  const { rowCount } = await tx.query(
    `WITH RECURSIVE needed AS (
       SELECT unnest(ARRAY[blog_text_id, raw_text_id, source_text_id]) AS id FROM article_revisions WHERE article_id = $1
       UNION
       SELECT t.base_id FROM article_revision_texts t JOIN needed n ON t.id = n.id WHERE t.base_id IS NOT NULL
     )
     DELETE FROM article_revision_texts WHERE article_id = $1 AND id NOT IN (SELECT id FROM needed WHERE id IS NOT NULL)`,
    [articleId],
  );
  return rowCount;
}

/**
 * Articles that may have revisions for the retention sweep to remove: those with a revision
 * made in [from, until) (it crossed the 30-day line since the last sweep) or in [dailyFrom,
 * dailyUntil) (it crossed the one-year line). Answers up to `limit` ids after `afterId`.
 */
export async function articlesWithAgingRevisions(
  db: Queryable,
  window: { from: Date; until: Date; dailyFrom: Date; dailyUntil: Date },
  afterId: string,
  limit: number,
): Promise<string[]> {
  const { rows } = await db.query<{ article_id: string }>(
    `SELECT DISTINCT article_id FROM article_revisions
      WHERE ((created_at >= $1 AND created_at < $2) OR (created_at >= $3 AND created_at < $4)) AND article_id > $5
      ORDER BY article_id LIMIT $6`,
    [window.from, window.until, window.dailyFrom, window.dailyUntil, afterId, limit],
  );
  return rows.map((row) => row.article_id);
}

/** The setting that says up to when the retention sweep has looked (an ISO time), if it ran. */
export async function readSweptUntil(db: Queryable, key: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM settings WHERE key = $1', [key]);
  const value = rows[0]?.value;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined;
}

export async function writeSweptUntil(db: Queryable, key: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [key, JSON.stringify(at.toISOString())],
  );
}

/** Locks the articles of `ids` (in the trash or not) until the caller's transaction ends; answers those that exist. */
export async function lockArticlesForHistory(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM articles WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE', [ids]);
  return rows.map((row) => row.id);
}
