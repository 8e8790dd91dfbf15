/**
 * GET /calendar (src/contract/calendar.ts): the range checked, then the answer kept by this
 * process since the calendar last changed (../calendarCache.ts), or read from the partial indexes.
 */
import { calendarProblem, type CalendarQuery } from '../../../src/contract/index.ts';
import type { Queryable } from '../../db/database.ts';
import { apiError } from '../../errors.ts';
import { calendarJson } from '../../repositories/calendar.ts';
import type { CalendarCache } from '../calendarCache.ts';

/** The calendar's answer as JSON text, written by the database (server/repositories/calendar.ts). */
export async function readCalendar(ctx: { db: Queryable; calendar: CalendarCache }, query: CalendarQuery, me: string): Promise<string> {
  const problem = calendarProblem(query);
  if (problem) throw apiError('validation_failed', problem);
  // 'Assigned to me' is each account's own answer; the rest are everyone's.
  const key = [query.from, query.to, query.status ?? '', query.assignee === 'me' ? me : ''].join('|');
  return ctx.calendar.answer(key, () => calendarJson(ctx.db, query, me));
}
