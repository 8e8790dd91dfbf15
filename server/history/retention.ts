/**
 * Which past versions are kept, for the revisions of articles and the versions of files alike:
 * every one of the last `keepAllDays` days, then the last of each UTC day up to `keepDailyDays`,
 * at most `max` per article or file (the oldest go first). The newest (an article's current
 * state) and the pinned ones are never removed. Pure: the sweep (server/history/sweep.ts) reads
 * the versions, asks this, and deletes what it answers.
 */

export interface RetentionPolicy {
  /** Every version younger than this many days is kept. */
  keepAllDays: number;
  /** Then one per UTC day (the day's last), up to this many days old; older ones go. */
  keepDailyDays: number;
  /** At most this many per article or file (pinned ones beyond it stay). */
  max: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { keepAllDays: 30, keepDailyDays: 365, max: 200 };

export interface Kept {
  number: number;
  createdAt: Date;
  pinned: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The numbers of `versions` (one article's or file's, any order) that the policy removes at
 * `now`. `keepNewest`: the newest is the current state (articles), never removed.
 */
export function versionsToRemove(versions: readonly Kept[], policy: RetentionPolicy, now: Date, keepNewest = true): number[] {
  const sorted = [...versions].sort((a, b) => a.number - b.number);
  const newest = sorted.at(-1)?.number;
  const recentFrom = now.getTime() - policy.keepAllDays * DAY_MS;
  const dailyFrom = now.getTime() - policy.keepDailyDays * DAY_MS;
  const protectedOne = (v: Kept) => v.pinned || (keepNewest && v.number === newest);
  // The last version of each UTC day, among those between the daily and the recent limits.
  const lastOfDay = new Map<string, number>();
  for (const v of sorted) {
    const t = v.createdAt.getTime();
    if (t < recentFrom && t >= dailyFrom) lastOfDay.set(new Date(t).toISOString().slice(0, 10), v.number);
  }
  const kept = sorted.filter((v) => {
    if (protectedOne(v)) return true;
    const t = v.createdAt.getTime();
    if (t >= recentFrom) return true;
    if (t < dailyFrom) return false;
    return lastOfDay.get(new Date(t).toISOString().slice(0, 10)) === v.number;
  });
  // Over the cap: the oldest unprotected go.
  let excess = kept.length - policy.max;
  const keptNumbers = new Set(kept.map((v) => v.number));
  for (const v of kept) {
    if (excess <= 0) break;
    if (protectedOne(v)) continue;
    keptNumbers.delete(v.number);
    excess--;
  }
  return sorted.filter((v) => !keptNumbers.has(v.number)).map((v) => v.number);
}
