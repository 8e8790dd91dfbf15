import { TRASH_RETENTION_DAYS } from '../../contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days (rounded up) until the sweep deletes an article for good: TRASH_RETENTION_DAYS
 * after `deletedAt`. Deleted a moment ago: 30; with 2 hours left: 1; past due (the hourly sweep
 * has not run yet): 0. An unreadable date counts as just deleted.
 */
export function daysLeftInTrash(deletedAt: string, now: number = Date.now()): number {
  const deleted = Date.parse(deletedAt);
  if (Number.isNaN(deleted)) return TRASH_RETENTION_DAYS;
  const left = deleted + TRASH_RETENTION_DAYS * DAY_MS - now;
  return left <= 0 ? 0 : Math.min(TRASH_RETENTION_DAYS, Math.ceil(left / DAY_MS));
}
