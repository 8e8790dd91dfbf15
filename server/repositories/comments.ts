/**
 * Comments on articles (migration 32; src/contract/comments.ts): rows as stored, and the accounts
 * they name. The rules are server/articles/operations/comments.ts's.
 */
import type { Role } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoText } from '../db/sql.ts';

export interface CommentRow {
  id: string;
  article_id: string;
  parent_id: string | null;
  author_id: string | null;
  body: string;
  quote: string | null;
  prefix: string | null;
  suffix: string | null;
  mention_ids: string[];
  resolved_by: string | null;
  resolved_iso: string | null;
  created_iso: string;
  updated_iso: string;
}

const COLUMNS = `id, article_id, parent_id, author_id, body, quote, prefix, suffix, mention_ids, resolved_by,
  ${isoText('resolved_at')} AS resolved_iso, ${isoText('created_at')} AS created_iso, ${isoText('updated_at')} AS updated_iso`;

/** An article's comments, oldest first. */
export async function commentsOf(db: Queryable, articleId: string): Promise<CommentRow[]> {
  const { rows } = await db.query<CommentRow>(`SELECT ${COLUMNS} FROM article_comments WHERE article_id = $1 ORDER BY created_at, id`, [articleId]);
  return rows;
}

export async function commentById(db: Queryable, id: string, forUpdate = false): Promise<CommentRow | undefined> {
  const { rows } = await db.query<CommentRow>(`SELECT ${COLUMNS} FROM article_comments WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export async function insertComment(
  tx: Queryable,
  row: Pick<CommentRow, 'id' | 'article_id' | 'parent_id' | 'author_id' | 'body' | 'quote' | 'prefix' | 'suffix' | 'mention_ids'>,
  at: Date,
): Promise<CommentRow> {
  const { rows } = await tx.query<CommentRow>(
    `INSERT INTO article_comments (id, article_id, parent_id, author_id, body, quote, prefix, suffix, mention_ids, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING ${COLUMNS}`,
    [row.id, row.article_id, row.parent_id, row.author_id, row.body, row.quote, row.prefix, row.suffix, row.mention_ids, at],
  );
  return rows[0]!;
}

export async function updateCommentBody(tx: Queryable, id: string, body: string, mentionIds: string[], at: Date): Promise<CommentRow> {
  const { rows } = await tx.query<CommentRow>(
    `UPDATE article_comments SET body = $2, mention_ids = $3, updated_at = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, body, mentionIds, at],
  );
  return rows[0]!;
}

/** A thread resolved by `by` (null: reopened). */
export async function setResolved(tx: Queryable, id: string, by: string | null, at: Date): Promise<CommentRow> {
  const { rows } = await tx.query<CommentRow>(
    `UPDATE article_comments SET resolved_by = $2, resolved_at = CASE WHEN $2::text IS NULL THEN NULL ELSE $3::timestamptz END WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, by, at],
  );
  return rows[0]!;
}

/** Deletes a comment (its replies with it). */
export async function deleteComment(tx: Queryable, id: string) {
  await tx.query('DELETE FROM article_comments WHERE id = $1', [id]);
}

/** The accounts with these emails (any case), by lowercased email. */
export async function accountsByEmail(db: Queryable, emails: readonly string[]): Promise<Map<string, { id: string; email: string; role: Role }>> {
  if (!emails.length) return new Map();
  const { rows } = await db.query<{ id: string; email: string; role: Role }>('SELECT id, email, role FROM users WHERE lower(email) = ANY($1::text[])', [
    emails.map((e) => e.toLowerCase()),
  ]);
  return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
}
