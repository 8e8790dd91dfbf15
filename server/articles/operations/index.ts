/**
 * The articles' use cases, one function each: what the routes, the scheduler and the operator's
 * commands call. Each owns its transaction and its rules and ends with the commit step
 * (../commit.ts), which records the revision, the activity entry and the events and queues the
 * checks.
 */
export { articleNotFound, createArticle, rescrapeArticle, scrapeArticle, scrapeToDraft } from './create.ts';
export { NearCopyError } from '../duplicates.ts';
export { updateArticle } from './edit.ts';
export { switchStatus, bulkChange } from './status.ts';
export { moveToTrash, restoreFromTrash, purgeFromTrash, sweepTrash } from './trash.ts';
export { bulkSchedule, changeSchedule, retrySchedule, runDueSchedules, type ScheduleRun, type SchedulerContext } from './schedule.ts';
export { articleRevision, articleRevisions, labelRevision, restoreRevision } from './revisions.ts';
export * from './read.ts';
export { readReview, reviewArticle } from './review.ts';
export { listPublishedArticles, readPublishedArticle } from './public.ts';
export type { ArticleWriteContext } from '../commit.ts';
export { dismissSourceChange, forgetSourceChange, mergeInWorker, mergeSourceChangeInto, recordSourceChange, sourceBaseOf } from './sourceChange.ts';
export { readCalendar } from './calendar.ts';
