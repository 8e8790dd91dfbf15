/**
 * Wall-clock times in an IANA time zone and the instants they stand for: what the schedule's
 * date-and-time inputs (`<input type="datetime-local">`, a time without a zone) mean once a zone
 * is chosen, and how a scheduled instant is shown again in its zone and in UTC. Pure, with only
 * `Intl` underneath (no time zone data of its own).
 *
 * Daylight saving time makes the mapping uneven twice a year: when the clocks go forward, the
 * skipped wall times (02:30 on the last Sunday of March in Paris) stand for no instant; when they
 * go back, the repeated ones (02:30 on the last Sunday of October) stand for two. As Temporal's
 * 'compatible' disambiguation does, a skipped time is moved forward by the gap (02:30 → 03:30)
 * and a repeated one is the first of the two (before the clocks go back); either is reported, so
 * the console can say which instant it chose.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** 'YYYY-MM-DDTHH:mm' or 'YYYY-MM-DDTHH:mm:ss' (fractions of a second ignored), as the input gives it. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** The fields of a wall-clock string; null when it is not one or names no calendar day (30 Feb). */
export function parseWallClock(value: string): Fields | null {
  const match = WALL_CLOCK.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const fields = { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
  if (fields.month < 1 || fields.month > 12 || fields.hour > 23 || fields.minute > 59 || fields.second > 59) return null;
  const daysInMonth = new Date(Date.UTC(fields.year, fields.month, 0)).getUTCDate();
  if (fields.day < 1 || fields.day > daysInMonth) return null;
  return fields;
}

/** The fields read as if they were UTC, in ms since the epoch (years below 100 included). */
function asUtc(fields: Fields): number {
  const date = new Date(Date.UTC(2000, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second));
  date.setUTCFullYear(fields.year);
  return date.getTime();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone giving every field as a number, 00-23 hours. */
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock in `zone` at the instant `ms`. */
function wallClockAt(ms: number, zone: string): Fields {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    // Some engines write midnight as 24 even with h23.
    hour: parts.hour === 24 ? 0 : parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** How far `zone` is ahead of UTC at the instant `ms`, in ms (Paris in winter: 3,600,000). */
export function zoneOffsetMs(ms: number, zone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return asUtc(wallClockAt(whole, zone)) - whole;
}

/** What a wall-clock time in a zone stands for. */
export interface ZonedInstant {
  /** The instant. */
  at: Date;
  /** The same instant in ISO 8601 with the zone's offset then: '2026-12-01T09:00:00+01:00'. */
  iso: string;
  /**
   * null: the wall time happens once. 'skipped': it does not happen (the clocks went forward)
   * and `at` is that much later ('02:30' → 03:30). 'repeated': it happens twice (the clocks
   * went back) and `at` is the first.
   */
  adjusted: 'skipped' | 'repeated' | null;
}

/**
 * The instant the wall-clock time `value` ('2026-12-01T09:00') stands for in `zone`; null when
 * `value` is not a date and time or `zone` is unknown. See the module's note on DST.
 */
export function wallClockToInstant(value: string, zone: string): ZonedInstant | null {
  const fields = parseWallClock(value);
  if (!fields || !isKnownTimeZone(zone)) return null;
  const local = asUtc(fields);
  // The offsets either side of the day: a transition near the time is between them.
  const before = zoneOffsetMs(local - DAY, zone);
  const after = zoneOffsetMs(local + DAY, zone);
  const fits = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((at) => zoneOffsetMs(at, zone) === local - at)
    .sort((a, b) => a - b);
  // Skipped: read with the offset before the clocks went forward, it lands after the gap.
  const at = fits[0] ?? local - before;
  const adjusted = fits.length === 0 ? 'skipped' : fits.length > 1 ? 'repeated' : null;
  return { at: new Date(at), iso: isoWithOffset(at, zone), adjusted };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const dateText = (f: Fields) => `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`;
const timeText = (f: Fields, seconds: boolean) => `${pad(f.hour)}:${pad(f.minute)}${seconds ? `:${pad(f.second)}` : ''}`;

/** The instant `ms` in ISO 8601 with `zone`'s offset at that instant, to the second: '2026-12-01T09:00:00+01:00'. */
export function isoWithOffset(ms: number, zone: string): string {
  const offset = zoneOffsetMs(ms, zone);
  const wall = wallClockAt(ms, zone);
  const minutes = Math.round(Math.abs(offset) / MINUTE);
  const sign = offset < 0 ? '-' : '+';
  return `${dateText(wall)}T${timeText(wall, true)}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const instantMs = (instant: string | Date | number) => (instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant));

/**
 * The wall clock in `zone` of an instant, as a datetime-local input takes it:
 * '2026-12-01T09:00:00' ('' when the instant cannot be read).
 */
export function instantToWallClock(instant: string | Date | number, zone: string): string {
  const ms = instantMs(instant);
  if (Number.isNaN(ms) || !isKnownTimeZone(zone)) return '';
  const wall = wallClockAt(ms, zone);
  return `${dateText(wall)}T${timeText(wall, true)}`;
}

/** English month abbreviations, fixed (ICU's en-GB says 'Sept', other versions 'Sep'). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const dayText = (f: Fields) => `${f.day} ${MONTHS[f.month - 1]} ${f.year}`;

/** An instant in `zone`, day first, 24-hour clock: '1 Dec 2026, 09:00' (seconds only when not 0). */
export function formatInZone(instant: string | Date | number, zone: string): string {
  const ms = instantMs(instant);
  if (Number.isNaN(ms) || !isKnownTimeZone(zone)) return '';
  const wall = wallClockAt(ms, zone);
  return `${dayText(wall)}, ${timeText(wall, wall.second !== 0)}`;
}

/** An instant in UTC, as the schedule's inputs show beside them: '2026-12-01 08:00 UTC'. */
export function formatUtc(instant: string | Date | number): string {
  const ms = instantMs(instant);
  if (Number.isNaN(ms)) return '';
  const wall = wallClockAt(ms, 'UTC');
  return `${dateText(wall)} ${timeText(wall, wall.second !== 0)} UTC`;
}

/**
 * The UTC time beside a time shown in `zone`: '08:00 UTC' when the UTC day is the same,
 * '30 Nov 2026, 23:30 UTC' when it is not (so the two never seem to disagree).
 */
export function formatUtcBeside(instant: string | Date | number, zone: string): string {
  const ms = instantMs(instant);
  if (Number.isNaN(ms) || !isKnownTimeZone(zone)) return '';
  const utc = wallClockAt(ms, 'UTC');
  const local = wallClockAt(ms, zone);
  const time = timeText(utc, utc.second !== 0);
  const sameDay = utc.year === local.year && utc.month === local.month && utc.day === local.day;
  return sameDay ? `${time} UTC` : `${dayText(utc)}, ${time} UTC`;
}

/** The wall-clock time of a wall-clock string, for DST notes: '02:30'. */
export function wallClockTime(value: string): string {
  const fields = parseWallClock(value);
  return fields ? timeText(fields, fields.second !== 0) : '';
}

/** The browser's time zone ('Europe/Paris'); 'UTC' when it cannot be told. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The zones to choose from: `Intl.supportedValuesOf('timeZone')` (sorted), with UTC and the
 * zones in `keep` (the browser's, an article's: an alias the list may not name) in it too.
 */
export function timeZoneChoices(keep: readonly (string | null | undefined)[] = []): string[] {
  let supported: string[] = [];
  try {
    supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    supported = [];
  }
  const extra = ['UTC', ...keep].filter((zone): zone is string => !!zone && isKnownTimeZone(zone));
  return [...new Set([...supported, ...extra])].sort((a, b) => a.localeCompare(b));
}
