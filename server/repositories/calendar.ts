/**
 * The calendar (src/contract/calendar.ts): planned days and scheduled changes in a range, read
 * from their partial indexes (planned_on: migration 31; publish_at, unpublish_at: migration 13,
 * failed ones included by the second branch's own condition), articles out of the trash only.
 */
import { CALENDAR_MAX_ENTRIES, type CalendarEntry, type CalendarQuery } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoText } from '../db/sql.ts';

/** Every zone's day lies within 14 hours of UTC's. */
const ZONE_MARGIN = "interval '14 hours'";

export async function calendarEntries(db: Queryable, query: CalendarQuery, me: string): Promise<{ data: CalendarEntry[]; truncated: boolean }> {
  const params: unknown[] = [query.from, query.to];
  const narrow: string[] = ['a.deleted_at IS NULL'];
  if (query.status) {
    params.push(query.status);
    narrow.push(`a.status = $${params.length}`);
  }
  if (query.assignee === 'me') {
    params.push(me);
    narrow.push(`a.assignee_id = $${params.length}`);
  }
  const where = narrow.join(' AND ');
  const columns = `a.id AS article_id, a.title, a.slug, a.status,
    CASE WHEN a.assignee_id IS NULL THEN NULL ELSE (SELECT email FROM users WHERE users.id = a.assignee_id) END AS assignee_email`;
  const { rows } = await db.query<{
    article_id: string;
    title: string | null;
    slug: string | null;
    status: 'draft' | 'published';
    assignee_email: string | null;
    kind: CalendarEntry['kind'];
    day: string | null;
    at: string | null;
  }>(
    `SELECT * FROM (
       SELECT ${columns}, 'planned' AS kind, to_char(a.planned_on, 'YYYY-MM-DD') AS day, NULL AS at, a.planned_on::timestamptz AS sort_at
         FROM articles a WHERE a.planned_on BETWEEN $1::date AND $2::date AND ${where}
       UNION ALL
       SELECT ${columns}, 'publish', NULL, ${isoText('a.publish_at')}, a.publish_at
         FROM articles a WHERE a.publish_at >= $1::date - ${ZONE_MARGIN} AND a.publish_at < $2::date + interval '1 day' + ${ZONE_MARGIN} AND ${where}
       UNION ALL
       SELECT ${columns}, 'unpublish', NULL, ${isoText('a.unpublish_at')}, a.unpublish_at
         FROM articles a WHERE a.unpublish_at >= $1::date - ${ZONE_MARGIN} AND a.unpublish_at < $2::date + interval '1 day' + ${ZONE_MARGIN} AND ${where}
     ) entries ORDER BY sort_at, article_id, kind LIMIT ${CALENDAR_MAX_ENTRIES + 1}`,
    params,
  );
  const truncated = rows.length > CALENDAR_MAX_ENTRIES;
  return {
    data: rows.slice(0, CALENDAR_MAX_ENTRIES).map((row) => ({
      articleId: row.article_id,
      title: row.title,
      slug: row.slug,
      status: row.status,
      kind: row.kind,
      day: row.day,
      at: row.at,
      assigneeEmail: row.assignee_email,
    })),
    truncated,
  };
}
