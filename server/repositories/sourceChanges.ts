/**
 * The SQL of the articles' pages fetched again (server/sources/changes.ts): what each scraped
 * article last imported and when its page is asked again (claimed with a lease, as the sources'
 * polls are, so that processes share the checks and none runs twice at once), and the change a
 * source made, kept until the editor merges or dismisses it, with the article's flag beside it.
 */
import { createHash } from 'node:crypto';
import type { Provenance } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoText } from '../db/sql.ts';

/** A source's text as a reader sees it (runs of whitespace one space): what a check compares. */
export const normalText = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The hash kept of a source text the editor set aside. */
export const textHash = (text: string) => createHash('sha256').update(normalText(text)).digest('hex');

export interface WatchRow {
  article_id: string;
  base_html: string | null;
  dismissed_hash: string | null;
}

export interface ChangeRow {
  article_id: string;
  new_text: string;
  new_html: string;
  new_title: string | null;
  provenance: Provenance;
  detected_iso: string;
}

/**
 * What an article imported from its page (the merge's base), and when its page is asked again
 * (null: when an admin asks only). `baseHtml` undefined keeps the base there is.
 */
export async function watchArticle(tx: Queryable, articleId: string, baseHtml: string | undefined, nextCheckAt: Date | null): Promise<void> {
  await tx.query(
    `INSERT INTO article_source_watch (article_id, base_html, next_check_at) VALUES ($1, $2, $3)
     ON CONFLICT (article_id) DO UPDATE SET
       base_html = CASE WHEN $4 THEN EXCLUDED.base_html ELSE article_source_watch.base_html END,
       next_check_at = coalesce(EXCLUDED.next_check_at, article_source_watch.next_check_at),
       dismissed_hash = CASE WHEN $4 THEN NULL ELSE article_source_watch.dismissed_hash END`,
    [articleId, baseHtml ?? null, nextCheckAt, baseHtml !== undefined],
  );
}

export async function getWatch(db: Queryable, articleId: string): Promise<WatchRow | undefined> {
  const { rows } = await db.query<WatchRow>('SELECT article_id, base_html, dismissed_hash FROM article_source_watch WHERE article_id = $1', [articleId]);
  return rows[0];
}

/** The articles whose page is due to be asked again (their source watching, not in the trash, not held), the longest waiting first. */
export async function dueChecks(db: Queryable, limit: number, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ article_id: string }>(
    `SELECT w.article_id FROM article_source_watch w
       JOIN articles a ON a.id = w.article_id AND a.deleted_at IS NULL
       JOIN sources s ON s.id = a.source_id AND s.watch
      WHERE w.next_check_at <= $1 AND (w.lease_until IS NULL OR w.lease_until < $1)
      ORDER BY w.next_check_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => row.article_id);
}

/** Holds an article's check until `until` unless another holds it; answers whether it was taken. */
export async function claimCheck(db: Queryable, articleId: string, now: Date, until: Date): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO article_source_watch (article_id, lease_until) VALUES ($1, $3)
     ON CONFLICT (article_id) DO UPDATE SET lease_until = $3
       WHERE article_source_watch.lease_until IS NULL OR article_source_watch.lease_until < $2
     RETURNING article_id`,
    [articleId, now, until],
  );
  return rows.length > 0;
}

/** A check done: the lease let go, when it was, and when the page is asked next (unchanged when null and none was set). */
export async function finishCheck(db: Queryable, articleId: string, at: Date, next: Date | null, notModified: boolean): Promise<void> {
  await db.query(
    `UPDATE article_source_watch SET lease_until = NULL, checked_at = $2,
            next_check_at = CASE WHEN next_check_at IS NULL THEN NULL ELSE $3::timestamptz END,
            not_modified = not_modified + $4
      WHERE article_id = $1`,
    [articleId, at, next, notModified ? 1 : 0],
  );
}

export async function dismissText(tx: Queryable, articleId: string, hash: string): Promise<void> {
  await tx.query(
    `INSERT INTO article_source_watch (article_id, dismissed_hash) VALUES ($1, $2)
     ON CONFLICT (article_id) DO UPDATE SET dismissed_hash = EXCLUDED.dismissed_hash`,
    [articleId, hash],
  );
}

export async function getChange(db: Queryable, articleId: string): Promise<ChangeRow | undefined> {
  const { rows } = await db.query<ChangeRow>(
    `SELECT article_id, new_text, new_html, new_title, provenance, ${isoText('detected_at')} AS detected_iso
       FROM article_source_changes WHERE article_id = $1`,
    [articleId],
  );
  return rows[0];
}

/** Keeps the source's change (replacing one kept before) and flags the article; answers whether the text differs from the one kept before. */
export async function putChange(
  tx: Queryable,
  articleId: string,
  change: { text: string; html: string; title: string | null; provenance: Provenance },
  at: Date,
): Promise<boolean> {
  const { rows } = await tx.query<{ same: boolean }>(
    `WITH before AS (SELECT new_text FROM article_source_changes WHERE article_id = $1)
     INSERT INTO article_source_changes (article_id, new_text, new_html, new_title, provenance, detected_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (article_id) DO UPDATE SET new_text = EXCLUDED.new_text, new_html = EXCLUDED.new_html, new_title = EXCLUDED.new_title,
       provenance = EXCLUDED.provenance,
       detected_at = CASE WHEN article_source_changes.new_text = EXCLUDED.new_text THEN article_source_changes.detected_at ELSE EXCLUDED.detected_at END
     RETURNING coalesce((SELECT new_text FROM before) = $2, false) AS same`,
    [articleId, change.text, change.html, change.title, JSON.stringify(change.provenance), at],
  );
  await tx.query('UPDATE articles SET source_changed = true WHERE id = $1 AND NOT source_changed', [articleId]);
  return !rows[0]!.same;
}

/** The change let go (merged, dismissed, or the source back as imported); answers whether there was one. */
export async function dropChange(tx: Queryable, articleId: string): Promise<boolean> {
  const { rowCount } = await tx.query('DELETE FROM article_source_changes WHERE article_id = $1', [articleId]);
  await tx.query('UPDATE articles SET source_changed = false WHERE id = $1 AND source_changed', [articleId]);
  return (rowCount ?? 0) > 0;
}

/** The articles in the list whose source changed (not in the trash). */
export const SOURCE_CHANGED = 'source_changed';
