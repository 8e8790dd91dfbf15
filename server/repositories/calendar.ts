/**
 * The calendar (src/contract/calendar.ts): planned days and scheduled changes in a range, read
 * from their partial indexes (planned_on: migration 31; publish_at, unpublish_at: migration 13,
 * failed ones included by the second branch's own condition), articles out of the trash only.
 *
 * A month can hold thousands of entries, so the answer is written as JSON by the database itself
 * (row_to_json, joined by string_agg): one text value crosses the connection instead of thousands
 * of rows parsed, checked and written again by Node (bench/workflow.ts measures both).
 */
import { CALENDAR_MAX_ENTRIES, type CalendarQuery, type CalendarResult } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoText } from '../db/sql.ts';

/** Where a statement that changes what the calendar shows says so (migration 35's triggers). */
export const CALENDAR_CHANNEL = 'calendar';

/** Every zone's day lies within 14 hours of UTC's. */
const ZONE_MARGIN = "interval '14 hours'";

/**
 * The calendar's answer, `{ data, truncated }`, as JSON text ready to send: at most `max` entries
 * (the contract's CALENDAR_MAX_ENTRIES; smaller in the tests of truncation).
 */
export async function calendarJson(db: Queryable, query: CalendarQuery, me: string, max = CALENDAR_MAX_ENTRIES): Promise<string> {
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
  // The contract's fields, in its order and with its names (row_to_json takes them from the aliases).
  const columns = (kind: string, day: string, at: string) =>
    `a.id, a.title, a.slug, a.status, ${kind} AS kind, ${day} AS day, ${at} AS at, a.assignee_id`;
  const { rows } = await db.query<{ data: string | null; truncated: boolean }>(
    `WITH entries AS (
       SELECT * FROM (
         SELECT ${columns("'planned'", "to_char(a.planned_on, 'YYYY-MM-DD')", 'NULL')}, a.planned_on::timestamptz AS sort_at
           FROM articles a WHERE a.planned_on BETWEEN $1::date AND $2::date AND ${where}
         UNION ALL
         SELECT ${columns("'publish'", 'NULL', isoText('a.publish_at'))}, a.publish_at
           FROM articles a WHERE a.publish_at >= $1::date - ${ZONE_MARGIN} AND a.publish_at < $2::date + interval '1 day' + ${ZONE_MARGIN} AND ${where}
         UNION ALL
         SELECT ${columns("'unpublish'", 'NULL', isoText('a.unpublish_at'))}, a.unpublish_at
           FROM articles a WHERE a.unpublish_at >= $1::date - ${ZONE_MARGIN} AND a.unpublish_at < $2::date + interval '1 day' + ${ZONE_MARGIN} AND ${where}
       ) e ORDER BY sort_at, id, kind LIMIT ${max + 1}
     ), numbered AS (
       SELECT e.*, row_number() OVER (ORDER BY sort_at, id, kind) AS n FROM entries e
     ), written AS (
       SELECT n.n, row_to_json(r)::text AS entry
         FROM numbered n LEFT JOIN users u ON u.id = n.assignee_id,
         LATERAL (SELECT n.id AS "articleId", n.title, n.slug, n.status, n.kind, n.day, n.at, u.email AS "assigneeEmail") r
     )
     SELECT string_agg(entry, ',' ORDER BY n) FILTER (WHERE n <= ${max}) AS data,
            count(*) > ${max} AS truncated
       FROM written`,
    params,
  );
  const { data, truncated } = rows[0]!;
  return `{"data":[${data ?? ''}],"truncated":${truncated}}`;
}

/** The calendar's answer as values (for the tests and the benchmark's floors). */
export async function calendarEntries(db: Queryable, query: CalendarQuery, me: string, max = CALENDAR_MAX_ENTRIES): Promise<CalendarResult> {
  return JSON.parse(await calendarJson(db, query, me, max)) as CalendarResult;
}
