/**
 * Scheduled publishing: an article may carry the instant it is to be published (`publishAt`, a
 * draft) and the instant it is to go back to draft (`unpublishAt`), with the admin's time zone
 * they were chosen in. The server's scheduler makes each change within SCHEDULE_TOLERANCE_MS of
 * its time, once, in whichever process claims it; one that cannot run (the article is in the
 * trash, has no slug) is kept as `scheduleFailure` until an admin retries or clears it.
 *
 * - `PATCH /articles/:id` `{ publishAt?, unpublishAt?, timeZone? }`: null clears; ISO 8601 with
 *   an offset; see `scheduleProblem` for what is refused (400 `validation_failed`), and
 *   `schedule_published` / `schedule_needs_publish` (409) for what the article's state refuses.
 * - `POST /articles/bulk` `{ action: 'schedule', ids, publishAt?, unpublishAt?, timeZone? }`.
 * - `POST /articles/:id/schedule/retry` → `{ data: Article }`: runs a failed change now; 409
 *   `schedule_not_failed` when none failed, `schedule_failed` (with the reason) when it fails again.
 * - The publish switch clears the schedule: publishing clears `publishAt`, a draft clears both.
 * Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';

/** How far ahead a change may be scheduled. */
export const MAX_SCHEDULE_YEARS = 5;
/** A scheduled change made later than this after its time is recorded as late, with why. */
export const SCHEDULE_TOLERANCE_MS = 5_000;

export const scheduleActionSchema = z.enum(['publish', 'unpublish']);
export type ScheduleAction = z.infer<typeof scheduleActionSchema>;

/** A scheduled change that could not be made: which one, why, and when it was due. */
export const scheduleFailureSchema = z.object({
  action: scheduleActionSchema,
  reason: z.string(),
  /** When it was due (the publishAt or unpublishAt it was for). */
  dueAt: z.string(),
  /** When the scheduler found it could not make it. */
  failedAt: z.string(),
});
export type ScheduleFailure = z.infer<typeof scheduleFailureSchema>;

/**
 * The schedule of an article, as the article and its card carry it. Optional only so that
 * another server's answers still parse: this server always sends them (null when unset).
 */
export const articleScheduleShape = {
  publishAt: z.string().nullable().optional(),
  unpublishAt: z.string().nullable().optional(),
  /** The IANA time zone the admin chose the times in ('Europe/Paris'); shown beside UTC. */
  scheduleTimeZone: z.string().nullable().optional(),
  scheduleFailure: scheduleFailureSchema.nullable().optional(),
  /** How the last scheduled change went when it was late: 'Published 12 min late: the server was not running'. */
  scheduleNote: z.string().nullable().optional(),
};

/** The body of a schedule change (PATCH /articles/:id): at least one of the two times. */
export const schedulePatchSchema = z
  .strictObject({
    publishAt: z.string().max(64).nullable().optional(),
    unpublishAt: z.string().max(64).nullable().optional(),
    timeZone: z.string().min(1).max(64).optional(),
  })
  .refine((patch) => patch.publishAt !== undefined || patch.unpublishAt !== undefined, {
    message: 'Send publishAt, unpublishAt or both',
  });
export type SchedulePatch = z.infer<typeof schedulePatchSchema>;

export const scheduleMessages = {
  notIso: (field: string) =>
    `${field} must be an ISO 8601 date and time with its offset, such as 2026-12-01T09:00:00+01:00`,
  inThePast: (field: string) => `${field} is in the past: choose a time to come`,
  tooFar: (field: string) => `${field} is more than ${MAX_SCHEDULE_YEARS} years ahead`,
  unpublishBeforePublish: 'unpublishAt must be after publishAt',
  unknownTimeZone: (zone: string) => `Unknown time zone "${zone}": use an IANA name such as Europe/Paris`,
  alreadyPublished: 'This article is already published: schedule its unpublishing, or convert it to draft first.',
  needsPublish: 'This article is a draft with no publish scheduled: schedule its publishing first.',
  notFailed: 'No scheduled change of this article failed.',
  inTrash: 'the article was in the trash',
  noSlug: 'the article has no slug',
  late: (action: ScheduleAction, minutes: number, serverDown: boolean) => {
    const verb = action === 'publish' ? 'Published' : 'Unpublished';
    const late = minutes >= 1 ? `${minutes} min` : 'less than a minute';
    return `${verb} ${late} late${serverDown ? ': the server was not running' : ''}`;
  },
  failed: (action: ScheduleAction) => (action === 'publish' ? 'Scheduled publish failed' : 'Scheduled unpublish failed'),
} as const;

const isoInstant = z.iso.datetime({ offset: true });

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An ISO 8601 instant (with Z or an offset) as a Date; undefined when it is not one. */
export function parseInstant(value: string): Date | undefined {
  if (!isoInstant.safeParse(value).success) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * What is wrong with a schedule change at `now`, as the 400's message; null when nothing is.
 * `current`: the article's times, which the change's must stay in order with where it leaves them.
 */
export function scheduleProblem(
  patch: { publishAt?: string | null; unpublishAt?: string | null; timeZone?: string },
  now: Date,
  current: { publishAt: Date | null; unpublishAt: Date | null } = { publishAt: null, unpublishAt: null },
): string | null {
  const times: Partial<Record<'publishAt' | 'unpublishAt', Date | null>> = {};
  for (const field of ['publishAt', 'unpublishAt'] as const) {
    const value = patch[field];
    if (value === undefined) continue;
    if (value === null) {
      times[field] = null;
      continue;
    }
    const at = parseInstant(value);
    if (!at) return scheduleMessages.notIso(field);
    if (at.getTime() <= now.getTime()) return scheduleMessages.inThePast(field);
    const limit = new Date(now);
    limit.setUTCFullYear(limit.getUTCFullYear() + MAX_SCHEDULE_YEARS);
    if (at.getTime() > limit.getTime()) return scheduleMessages.tooFar(field);
    times[field] = at;
  }
  if (patch.timeZone !== undefined && !isTimeZone(patch.timeZone)) return scheduleMessages.unknownTimeZone(patch.timeZone);
  const publishAt = times.publishAt === undefined ? current.publishAt : times.publishAt;
  const unpublishAt = times.unpublishAt === undefined ? current.unpublishAt : times.unpublishAt;
  if (publishAt && unpublishAt && unpublishAt.getTime() <= publishAt.getTime()) return scheduleMessages.unpublishBeforePublish;
  return null;
}
