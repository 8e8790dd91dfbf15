/**
 * Texts of scheduled publishing: the article page's Schedule card, the list's badges, the bulk
 * Schedule… dialog and the dashboard's Scheduled card. A module of its own, loaded with those
 * (lazy) screens and the dashboard's lazily loaded card only. What the server refuses is said in
 * its own words (src/contract/schedule.ts `scheduleMessages`), which the console checks with
 * `scheduleProblem` before sending.
 */
import { MAX_SCHEDULE_YEARS, scheduleMessages, type ScheduleAction } from '../contract/schedule';

const articles = (n: number) => (n === 1 ? '1 article' : `${n.toLocaleString('en-US')} articles`);

/** '1 Dec 2026, 09:00 (Europe/Paris) · 08:00 UTC'. */
const zoned = (at: string, zone: string, utc: string) => `${at} (${zone}) · ${utc}`;

/** 'Publishes 1 Dec 2026, 09:00 (Europe/Paris) · 08:00 UTC'. */
const when = (action: ScheduleAction, at: string, zone: string, utc: string) =>
  `${action === 'publish' ? 'Publishes' : 'Unpublishes'} ${zoned(at, zone, utc)}`;

export const scheduleTexts = {
  // The article page's card.
  title: 'Schedule',
  subtitleDraft: 'Choose when this draft is published, and if it goes back to draft later. The server makes each change within a second of its time.',
  subtitlePublished: 'This article is published: choose when it goes back to draft. The server makes the change within a second of its time.',
  nothingScheduled: 'Nothing is scheduled for this article.',
  zoned,
  when,
  zoneLabel: 'Time zone',
  zoneHint: 'The times are read in this zone.',
  publishLabel: 'Publish at',
  unpublishLabel: 'Unpublish at',
  /** Beside an input: the instant it stands for, in UTC. */
  inUtc: (utc: string) => `= ${utc}`,
  /** A time the clocks skip (DST starts): the instant is that much later. */
  skipped: (asked: string, used: string, zone: string) =>
    `${asked} does not exist on that day in ${zone} (the clocks go forward): ${used} is used.`,
  /** A time that happens twice (DST ends): the first is used. */
  repeated: (asked: string, zone: string) =>
    `${asked} happens twice on that day in ${zone} (the clocks go back): the first, before the change, is used.`,
  save: 'Save schedule',
  saving: 'Saving...',
  saved: 'Schedule saved.',
  clear: 'Clear',
  clearPublish: 'Clear the publish time',
  clearUnpublish: 'Clear the unpublish time',
  cleared: 'Scheduled time cleared.',
  /** A draft cannot be unpublished before it is published: clearing the publish time clears both. */
  clearsBoth: 'Clearing the publish time clears the unpublish time too.',
  limits: `Up to ${MAX_SCHEDULE_YEARS} years ahead.`,
  // A failed change, and Retry.
  failed: scheduleMessages.failed,
  failedBody: (reason: string, due: string) => `The server could not make it: ${reason}. It was due ${due}.`,
  retry: 'Retry now',
  retrying: 'Retrying...',
  retried: (action: ScheduleAction) => (action === 'publish' ? 'Published now.' : 'Unpublished now.'),
  noteLabel: 'Last scheduled change',

  // The list's badges.
  /** Before the time of the soonest change: 'Scheduled · 1 Dec 2026, 09:00'. */
  badgePrefix: 'Scheduled · ',
  badgeTitle: when,

  // Bulk.
  bulkAction: 'Schedule…',
  bulkTitle: (n: number) => `Schedule ${articles(n)}`,
  bulkBody:
    'Drafts take a publish time; published articles an unpublish time. Leave a time empty to keep what each article has. An article the times do not fit is left as it is, with why.',
  bulkNeedsTime: 'Choose a publish time, an unpublish time or both.',
  bulkSubmit: 'Schedule',
  bulkSubmitting: 'Scheduling...',
  cancel: 'Cancel',
  bulkScheduled: (n: number) => `${articles(n)} scheduled`,
  bulkRefused: (n: number, message: string) => `${n.toLocaleString('en-US')} could not be scheduled: ${message}`,

  // The dashboard's card.
  dashboardTitle: 'Scheduled',
  dashboardEmpty: 'Nothing is scheduled. Publish and unpublish times set on articles show here, soonest first.',
  dashboardListLabel: 'Next scheduled changes',
  dashboardAction: (action: ScheduleAction) => (action === 'publish' ? 'Publishes' : 'Unpublishes'),
  dashboardCount: (n: number) => `${articles(n)} with a change scheduled`,
  dashboardFailed: (n: number) => (n === 1 ? '1 scheduled change failed' : `${n.toLocaleString('en-US')} scheduled changes failed`),
  dashboardViewAll: 'View scheduled',
  loading: 'Loading...',
} as const;
