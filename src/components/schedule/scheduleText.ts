import type { ArticleCard, ScheduleAction } from '../../contract';
import { scheduleTexts as t } from '../../lib/texts-schedule';
import { formatInZone, formatUtcBeside } from '../../lib/zonedTime';

/** An instant in `zone` with its UTC time: '1 Dec 2026, 09:00 (Europe/Paris) · 08:00 UTC'. */
export function zonedText(instant: string, zone: string): string {
  return t.zoned(formatInZone(instant, zone), zone, formatUtcBeside(instant, zone));
}

/** 'Publishes 1 Dec 2026, 09:00 (Europe/Paris) · 08:00 UTC'. */
export function scheduledText(action: ScheduleAction, instant: string, zone: string): string {
  return t.when(action, formatInZone(instant, zone), zone, formatUtcBeside(instant, zone));
}

/** The schedule an article (or its card) carries. */
export type ScheduleFields = Pick<ArticleCard, 'publishAt' | 'unpublishAt' | 'scheduleTimeZone' | 'scheduleFailure'>;

/**
 * The soonest change still to come of an article: its publish or unpublish time, whichever is
 * first, leaving out one that failed (shown as failed instead); null when there is none.
 */
export function nextScheduledChange(schedule: ScheduleFields): { action: ScheduleAction; at: string } | null {
  const failed = schedule.scheduleFailure?.action;
  const changes = [
    schedule.publishAt && failed !== 'publish' ? { action: 'publish' as const, at: schedule.publishAt } : null,
    schedule.unpublishAt && failed !== 'unpublish' ? { action: 'unpublish' as const, at: schedule.unpublishAt } : null,
  ].filter((change) => change !== null);
  changes.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return changes[0] ?? null;
}
