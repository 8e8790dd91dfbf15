/**
 * Assignments (migration 31; src/contract/assignment.ts): an article's assignee, due day and
 * planned day, written outside its revisions, and the team they are chosen from.
 */
import type { AssignmentPatch, Role } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { ARTICLE_COLUMNS, LIVE, type ArticleRow } from './articleRows.ts';

/** The articles assigned to an account (out of the trash): read from the assigned ones' index. */
export async function assignedCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM articles WHERE assignee_id = $1 AND assignee_id IS NOT NULL AND ${LIVE}`, [userId]);
  return Number(rows[0]?.n ?? 0);
}

/** The article's assignee's id, or null. */
export async function assigneeOf(db: Queryable, articleId: string): Promise<string | null> {
  const { rows } = await db.query<{ assignee_id: string | null }>('SELECT assignee_id FROM articles WHERE id = $1', [articleId]);
  return rows[0]?.assignee_id ?? null;
}

/** An account's email and role, or undefined when there is none. */
export async function accountOf(db: Queryable, id: string): Promise<{ email: string; role: Role } | undefined> {
  const { rows } = await db.query<{ email: string; role: Role }>('SELECT email, role FROM users WHERE id = $1', [id]);
  return rows[0];
}

const COLUMN = { assigneeId: 'assignee_id', dueAt: 'due_on', plannedAt: 'planned_on' } as const;

/** The patch's fields written (null clears), the article as it now is; version and updatedAt untouched. */
export async function setAssignment(tx: Queryable, id: string, patch: AssignmentPatch): Promise<ArticleRow> {
  const values: unknown[] = [id];
  const sets = (Object.keys(COLUMN) as (keyof typeof COLUMN)[])
    .filter((field) => patch[field] !== undefined)
    .map((field) => {
      values.push(patch[field]);
      return `${COLUMN[field]} = $${values.length}${field === 'assigneeId' ? '' : '::date'}`;
    });
  const { rows } = await tx.query<ArticleRow>(`UPDATE articles SET ${sets.join(', ')} WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`, values);
  return rows[0]!;
}
