/** GET /calendar (src/contract/calendar.ts): the range checked, then read from the partial indexes. */
import { calendarProblem, type CalendarQuery, type CalendarResult } from '../../../src/contract/index.ts';
import type { Queryable } from '../../db/database.ts';
import { apiError } from '../../errors.ts';
import { calendarEntries } from '../../repositories/calendar.ts';

export async function readCalendar(ctx: { db: Queryable }, query: CalendarQuery, me: string): Promise<CalendarResult> {
  const problem = calendarProblem(query);
  if (problem) throw apiError('validation_failed', problem);
  return calendarEntries(ctx.db, query, me);
}
