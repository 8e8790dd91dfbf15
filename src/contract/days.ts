/**
 * Calendar days (`YYYY-MM-DD`) as assignments carry them (./assignment), without zod: the
 * console's badges load this module only.
 */

/** The earliest and the latest day a due or planned day may be. */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a calendar day as `YYYY-MM-DD` (2026-02-30 is not). */
export function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether an article is overdue on `today` (`YYYY-MM-DD`, the reader's): due before it and still a draft. */
export const isOverdue = (article: { status: string; dueAt?: string | null }, today: string) =>
  article.status === 'draft' && !!article.dueAt && article.dueAt < today;
