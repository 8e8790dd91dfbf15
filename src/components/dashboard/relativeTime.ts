import { formatDateTime } from '../../lib/format';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "now", "5 minutes ago", "2 hours ago", "yesterday", "3 days ago"; after a week the plain
 * date, which reads better than "5 weeks ago" in an activity feed.
 */
export function formatRelativeTime(at: string | Date, now: Date): string {
  const time = at instanceof Date ? at.getTime() : Date.parse(at);
  if (Number.isNaN(time)) return formatDateTime(at);
  const elapsed = now.getTime() - time;
  const abs = Math.abs(elapsed);
  const sign = elapsed >= 0 ? -1 : 1;
  if (abs < MINUTE) return relative.format(0, 'second');
  if (abs < HOUR) return relative.format(sign * Math.floor(abs / MINUTE), 'minute');
  if (abs < DAY) return relative.format(sign * Math.floor(abs / HOUR), 'hour');
  if (abs < 7 * DAY) return relative.format(sign * Math.floor(abs / DAY), 'day');
  return formatDateTime(time);
}
