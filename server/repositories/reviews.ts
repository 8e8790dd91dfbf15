/** The SQL of articles' reviews (src/contract/review.ts): one row per article whose review was asked for. */
import { NO_REVIEW, type ArticleReview, type ReviewState, type Role } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoText as iso } from '../db/sql.ts';

interface ReviewRow {
  state: Exclude<ReviewState, 'none'>;
  note: string;
  reviewers: { id: string; email: string }[] | string | null;
  requested_by: string | null;
  requested_email: string | null;
  requested_iso: string;
  decided_by: string | null;
  decided_email: string | null;
  decided_iso: string | null;
}


/** The article's review (NO_REVIEW when none was asked for), with the accounts' emails. */
export async function reviewOf(db: Queryable, articleId: string): Promise<ArticleReview> {
  const { rows } = await db.query<ReviewRow>(
    `SELECT r.state, r.note, r.requested_by, q.email AS requested_email, ${iso('r.requested_at')} AS requested_iso,
            r.decided_by, d.email AS decided_email, CASE WHEN r.decided_at IS NULL THEN NULL ELSE ${iso('r.decided_at')} END AS decided_iso,
            (SELECT coalesce(json_agg(json_build_object('id', u.id, 'email', u.email) ORDER BY u.email), '[]'::json)
               FROM users u WHERE u.id = ANY(r.reviewer_ids)) AS reviewers
       FROM article_reviews r
       LEFT JOIN users q ON q.id = r.requested_by
       LEFT JOIN users d ON d.id = r.decided_by
      WHERE r.article_id = $1`,
    [articleId],
  );
  const row = rows[0];
  if (!row) return NO_REVIEW;
  const reviewers = typeof row.reviewers === 'string' ? (JSON.parse(row.reviewers) as ReviewRow['reviewers']) : row.reviewers;
  return {
    state: row.state,
    note: row.note,
    reviewers: Array.isArray(reviewers) ? reviewers : [],
    requestedBy: row.requested_by && row.requested_email ? { id: row.requested_by, email: row.requested_email } : null,
    requestedAt: row.requested_iso,
    decidedBy: row.decided_by && row.decided_email ? { id: row.decided_by, email: row.decided_email } : null,
    decidedAt: row.decided_iso,
  };
}

/** The article's review state, locked for the caller's transaction ('none' when never asked for). */
export async function lockReviewState(tx: Queryable, articleId: string): Promise<ReviewState> {
  const { rows } = await tx.query<{ state: ReviewState }>('SELECT state FROM article_reviews WHERE article_id = $1 FOR UPDATE', [articleId]);
  return rows[0]?.state ?? 'none';
}

/** A review asked for (again): in review, of `reviewerIds` (none: any), by `by`; an earlier decision and note go. */
export async function requestReview(tx: Queryable, articleId: string, by: string, reviewerIds: readonly string[], at: Date) {
  await tx.query(
    `INSERT INTO article_reviews (article_id, state, note, reviewer_ids, requested_by, requested_at, decided_by, decided_at)
     VALUES ($1, 'in_review', '', $2, $3, $4, NULL, NULL)
     ON CONFLICT (article_id) DO UPDATE SET state = 'in_review', note = '', reviewer_ids = excluded.reviewer_ids,
       requested_by = excluded.requested_by, requested_at = excluded.requested_at, decided_by = NULL, decided_at = NULL`,
    [articleId, reviewerIds, by, at],
  );
}

/** A decision on a review in progress: approved, or changes requested, with the note. */
export async function decideReview(tx: Queryable, articleId: string, state: 'approved' | 'changes_requested', note: string, by: string, at: Date) {
  await tx.query('UPDATE article_reviews SET state = $2, note = $3, decided_by = $4, decided_at = $5 WHERE article_id = $1', [articleId, state, note, by, at]);
}

/** The accounts among `ids`, with their email and role. */
export async function accountsAmong(db: Queryable, ids: readonly string[]): Promise<Map<string, { email: string; role: Role }>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<{ id: string; email: string; role: Role }>('SELECT id, email, role FROM users WHERE id = ANY($1::text[])', [ids]);
  return new Map(rows.map((row) => [row.id, { email: row.email, role: row.role }]));
}

/** An approved article's review asked for again (its content changed since): whether it was approved. */
export async function reviewAgain(tx: Queryable, articleId: string, at: Date): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE article_reviews SET state = 'in_review', note = '', requested_at = $2, decided_by = NULL, decided_at = NULL
      WHERE article_id = $1 AND state = 'approved' RETURNING article_id`,
    [articleId, at],
  );
  return rows.length > 0;
}
