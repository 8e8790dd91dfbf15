/** UTC days as `YYYY-MM-DD`, for figures counted per day (views, a source's drafts). */

const DAY_MS = 24 * 60 * 60 * 1000;

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The last `count` UTC days up to `now`'s, oldest first. */
export function lastUtcDays(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, i) => utcDay(new Date(now.getTime() - (count - 1 - i) * DAY_MS)));
}
