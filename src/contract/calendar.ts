/**
 * The calendar: what is planned (an article's `plannedAt` day) and what is scheduled (its
 * publish and unpublish times) between two days, for the articles screen's calendar view.
 *
 * - `GET /calendar?from=YYYY-MM-DD&to=YYYY-MM-DD&status?&assignee=me?` (any role): `{ data, truncated }`,
 *   by day then time; at most CALENDAR_MAX_DAYS days and CALENDAR_MAX_ENTRIES entries (`truncated`
 *   says more were left out). Scheduled times are read from 14 hours before `from` to 14 hours
 *   after `to`, so that every zone's days are whole; the console puts each on the reader's day.
 * Refused: 400 `validation_failed` (a day that is not a day, `to` before `from`, a range too long).
 * Moving a planned day is `PATCH /articles/:id { plannedAt }` (./assignment).
 * Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';
import { isDay } from './days';

export const CALENDAR_MAX_DAYS = 62;
export const CALENDAR_MAX_ENTRIES = 5_000;

export const calendarQuerySchema = z.object({
  from: z.string().max(10),
  to: z.string().max(10),
  status: z.enum(['draft', 'published']).optional(),
  assignee: z.enum(['me']).optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const calendarEntrySchema = z.object({
  articleId: z.string(),
  title: z.string().nullable(),
  slug: z.string().nullable(),
  status: z.enum(['draft', 'published']),
  /** A planned day, or a scheduled publish or unpublish. */
  kind: z.enum(['planned', 'publish', 'unpublish']),
  /** The day (`YYYY-MM-DD`) of a planned entry. */
  day: z.string().nullable(),
  /** The instant (ISO 8601) of a scheduled one. */
  at: z.string().nullable(),
  assigneeEmail: z.string().nullable(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const calendarResultSchema = z.object({ data: z.array(calendarEntrySchema), truncated: z.boolean() });
export type CalendarResult = z.infer<typeof calendarResultSchema>;

export const calendarMessages = {
  notADay: (which: 'from' | 'to') => `${which} must be a day written as YYYY-MM-DD, such as 2026-12-01.`,
  backwards: 'to must be on or after from.',
  tooLong: `A calendar covers at most ${CALENDAR_MAX_DAYS} days.`,
};

/** What is wrong with a calendar's range, or null. */
export function calendarProblem(query: Pick<CalendarQuery, 'from' | 'to'>): string | null {
  if (!isDay(query.from)) return calendarMessages.notADay('from');
  if (!isDay(query.to)) return calendarMessages.notADay('to');
  if (query.to < query.from) return calendarMessages.backwards;
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > CALENDAR_MAX_DAYS) return calendarMessages.tooLong;
  return null;
}
