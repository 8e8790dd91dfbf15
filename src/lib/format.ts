/** Pure display helpers (docs/product.md, 'Formats' and 'Timings and limits'). */
import { cutText } from '../contract/text';

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Bytes, KB, MB or GB, base 1024, at most 2 decimals: 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${parseFloat(value.toFixed(2))} ${SIZE_UNITS[exponent]}`;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type DateOptions = Omit<Intl.DateTimeFormatOptions, 'timeZone'>;

/** en-US short month, numeric day, year, hour and minute (list cards, file rows, sessions). */
const SHORT: DateOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
/** Weekday, long month, day and year, with the time to the minute (the dashboard clock). */
const LONG: DateOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' };
/** The long form with seconds (the detail page's metadata). */
const FULL: DateOptions = { ...LONG, second: '2-digit' };

/** One en-US formatter for every date the console shows; 'Unknown date' when it cannot be read. */
function formatDate(value: string | number | Date, options: DateOptions, timeZone?: string): string {
  const date = toDate(value);
  return date ? date.toLocaleString('en-US', { ...options, timeZone }) : 'Unknown date';
}

/** en-US short month, numeric day, year, hour and minute: "Mar 4, 2026, 02:05 PM". */
export function formatDateTime(value: string | number | Date, timeZone?: string): string {
  return formatDate(value, SHORT, timeZone);
}

/** The full form of the detail page: "Wednesday, March 4, 2026 at 2:05:09 PM". */
export function formatDateTimeFull(value: string | number | Date, timeZone?: string): string {
  return formatDate(value, FULL, timeZone);
}

/** The dashboard clock: "Wednesday, March 4, 2026 at 2:05 PM". */
export function formatClock(value: Date, timeZone?: string): string {
  return formatDate(value, LONG, timeZone);
}

/** A calendar day (`YYYY-MM-DD`) as en-US writes it: "Dec 10, 2026"; the same day in every zone. */
export function formatDay(day: string): string {
  return formatDate(`${day}T00:00:00Z`, { month: 'short', day: 'numeric', year: 'numeric' }, 'UTC');
}

/** Today in the reader's zone, as a calendar day (`YYYY-MM-DD`). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Cuts text to `max` characters (code points) and marks the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const head = cutText(text, max);
  return head.cut ? `${head.text}...` : text;
}

export const URL_DISPLAY_MAX = 60;

/** The last 8 characters of an id, as the article cards show it. */
export function shortId(id: string): string {
  return id.slice(-8);
}

/**
 * Week-over-week change in percent, rounded to one decimal; null when there is nothing
 * to compare with (an empty previous week), so the console never invents a figure.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
