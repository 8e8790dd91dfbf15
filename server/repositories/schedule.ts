/**
 * Scheduled publishing's SQL: an article's publish and unpublish times (migration 13), the
 * scheduler's claims of what is due (FOR UPDATE SKIP LOCKED: any number of processes, each
 * change made once), the changes themselves, and the failures kept for a Retry.
 */
import type { ArticleStats, ScheduleAction } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoText } from '../db/sql.ts';
import { ARTICLE_COLUMNS, type ArticleRow } from './articleRows.ts';
import { NEXT_PUBLIC_CHANGE_SQL } from './publicArticles.ts';

/** A schedule change: undefined leaves a time as it is, null clears it. */
export interface ScheduleChange {
  publishAt?: Date | null;
  unpublishAt?: Date | null;
  timeZone?: string;
  by: string | null;
}

/** Sets (or clears) an article's times; a failure and the last note are forgotten. */
export async function updateSchedule(tx: Queryable, id: string, change: ScheduleChange): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET
        publish_at = CASE WHEN $2 THEN $3 ELSE publish_at END,
        unpublish_at = CASE WHEN $4 THEN $5 ELSE unpublish_at END,
        schedule_tz = coalesce($6, schedule_tz),
        schedule_by = $7,
        schedule_failed_action = NULL, schedule_failed_reason = NULL, schedule_failed_at = NULL, schedule_note = NULL
      WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [
      id,
      change.publishAt !== undefined,
      change.publishAt ?? null,
      change.unpublishAt !== undefined,
      change.unpublishAt ?? null,
      change.timeZone ?? null,
      change.by,
    ],
  );
  const row = rows[0]!;
  // Nothing left scheduled: no time zone to show either.
  if (!row.publish_iso && !row.unpublish_iso && row.schedule_tz) {
    await tx.query('UPDATE articles SET schedule_tz = NULL WHERE id = $1', [id]);
    row.schedule_tz = null;
  }
  return row;
}

/** An article whose scheduled change is due, as the scheduler claimed it. */
export interface DueRow extends Pick<ArticleRow, 'id' | 'status' | 'title' | 'slug' | 'deleted_at'> {
  due_at: Date;
  schedule_by: string | null;
}

const DUE_COLUMN: Record<ScheduleAction, string> = { publish: 'publish_at', unpublish: 'unpublish_at' };

/**
 * Locks up to `limit` articles (in the trash or not) whose `action` is due at `now` and has not
 * failed, soonest first; rows another process holds are skipped. `ids`: only those.
 */
export async function claimDue(
  tx: Queryable,
  action: ScheduleAction,
  now: Date,
  limit: number,
  ids?: readonly string[],
): Promise<DueRow[]> {
  const column = DUE_COLUMN[action];
  const only = ids ? ' AND id = ANY($3::text[])' : '';
  const { rows } = await tx.query<DueRow>(
    `SELECT id, status, title, slug, deleted_at, ${column} AS due_at, schedule_by
       FROM articles
      WHERE ${column} <= $1 AND schedule_failed_at IS NULL${only}
      ORDER BY ${column}, id LIMIT $2
        FOR UPDATE SKIP LOCKED`,
    ids ? [now, limit, ids] : [now, limit],
    { prepare: !ids },
  );
  return rows;
}

/**
 * Makes the due change of `ids` (locked by the caller): the status (when `status` is given)
 * with a new version, the time cleared, and each article's note (null when on time).
 */
export async function applyScheduled(
  tx: Queryable,
  action: ScheduleAction,
  ids: readonly string[],
  notes: readonly (string | null)[],
  now: Date,
  changeStatus: boolean,
): Promise<void> {
  if (ids.length === 0) return;
  const status = action === 'publish' ? 'published' : 'draft';
  const clear = action === 'publish' ? 'publish_at = NULL' : 'unpublish_at = NULL';
  await tx.query(
    `UPDATE articles a SET ${clear},
        ${changeStatus ? `status = '${status}', version = a.version + 1, updated_at = greatest($3::timestamptz, a.updated_at + interval '1 millisecond'),` : ''}
        schedule_note = n.note,
        schedule_tz = CASE WHEN ${action === 'publish' ? 'a.unpublish_at' : 'a.publish_at'} IS NULL THEN NULL ELSE a.schedule_tz END
       FROM unnest($1::text[], $2::text[]) AS n(id, note)
      WHERE a.id = n.id`,
    [ids, notes, now],
  );
}

/** Keeps the scheduled change of `id` as failed, with why, until a Retry or a new schedule. */
export async function markScheduleFailed(tx: Queryable, id: string, action: ScheduleAction, reason: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE articles SET schedule_failed_action = $2, schedule_failed_reason = $3, schedule_failed_at = $4 WHERE id = $1`,
    [id, action, reason, now],
  );
}

/** Forgets a failure so the scheduler tries again. Answers whether there was one. */
export async function clearScheduleFailure(tx: Queryable, id: string): Promise<ScheduleAction | null> {
  const { rows } = await tx.query<{ action: ScheduleAction | null }>(
    `UPDATE articles a SET schedule_failed_action = NULL, schedule_failed_reason = NULL, schedule_failed_at = NULL
       FROM (SELECT id, schedule_failed_action FROM articles WHERE id = $1 FOR UPDATE) before
      WHERE a.id = before.id RETURNING before.schedule_failed_action AS action`,
    [id],
  );
  return rows[0]?.action ?? null;
}

/** An article's kept failure, read once any scheduler round holding the article has ended. */
export async function lockedScheduleFailure(tx: Queryable, id: string): Promise<{ action: ScheduleAction; reason: string } | undefined> {
  const { rows } = await tx.query<{ action: ScheduleAction | null; reason: string | null }>(
    `SELECT schedule_failed_action AS action, schedule_failed_reason AS reason FROM articles WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const row = rows[0];
  return row?.action ? { action: row.action, reason: row.reason ?? '' } : undefined;
}

/** The dashboard's figures: scheduled articles, failed ones, and the next `limit` changes due. */
export async function scheduleSummary(db: Queryable, limit: number): Promise<NonNullable<ArticleStats['scheduled']>> {
  const { rows } = await db.query<{
    count: number | string;
    failed: number | string;
    next: { id: string; title: string | null; slug: string | null; action: ScheduleAction; at: string; timeZone: string | null }[] | null;
  }>(
    `SELECT (SELECT count(*) FROM articles WHERE (publish_at IS NOT NULL OR unpublish_at IS NOT NULL) AND deleted_at IS NULL) AS count,
            (SELECT count(*) FROM articles WHERE schedule_failed_at IS NOT NULL AND deleted_at IS NULL) AS failed,
            (SELECT json_agg(json_build_object('id', id, 'title', title, 'slug', slug, 'action', action, 'at', ${isoText('at')},
                    'timeZone', schedule_tz) ORDER BY at, id)
               FROM (SELECT * FROM (
                       (SELECT id, title, slug, 'publish' AS action, publish_at AS at, schedule_tz FROM articles
                         WHERE publish_at IS NOT NULL AND schedule_failed_at IS NULL AND deleted_at IS NULL ORDER BY publish_at LIMIT $1)
                       UNION ALL
                       (SELECT id, title, slug, 'unpublish', unpublish_at, schedule_tz FROM articles
                         WHERE unpublish_at IS NOT NULL AND schedule_failed_at IS NULL AND deleted_at IS NULL ORDER BY unpublish_at LIMIT $1)
                     ) both_kinds ORDER BY at, id LIMIT $1) soonest) AS next`,
    [limit],
  );
  const row = rows[0]!;
  return { count: Number(row.count), failed: Number(row.failed), next: row.next ?? [] };
}

/** When the published articles next change by themselves (NEXT_PUBLIC_CHANGE_SQL); null: none scheduled. */
export async function nextPublicChange(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>(`SELECT ${NEXT_PUBLIC_CHANGE_SQL} AS at`, [], { prepare: true });
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}
