/** The server's health, the activity log, and the body of every error. Needs zod; re-exported by `./index`. */
import { z } from 'zod';

export const healthSchema = z.object({
  api: z.literal('online'),
  database: z.enum(['connected', 'down']),
  storage: z.object({
    usedBytes: z.number().nonnegative(),
    totalBytes: z.number().nonnegative(),
    percent: z.number().min(0).max(100),
    /** Where the library's bytes are kept (STORAGE); the figures above are DATA_DIR's disk. */
    backend: z.enum(['local', 's3']),
    /** Whether that store answered just now (an S3 bucket can be away while the server runs). */
    reachable: z.boolean(),
  }),
  /**
   * The embedded database's queue (absent with DATABASE_URL): statements waiting for it, and how
   * long the one running now has run.
   */
  databaseQueue: z.object({ waiting: z.number().int().nonnegative(), runningMs: z.number().nonnegative() }).optional(),
});
export type Health = z.infer<typeof healthSchema>;

export const activityKindSchema = z.enum([
  'article.created',
  'article.slug',
  'article.html',
  'article.published',
  'article.draft',
  'article.deleted',
  'article.restored',
  'article.purged',
  /** A publish or unpublish scheduled, changed or cleared. */
  'article.scheduled',
  /** A scheduled change that could not be made (see the article's scheduleFailure). */
  'article.schedule_failed',
  /** An article's review asked for, approved, or sent back with changes to make. */
  'article.review_requested',
  'article.approved',
  'article.changes_requested',
  /** An article's assignee, due day or planned day set or cleared. */
  'article.assigned',
  'file.uploaded',
  'file.deleted',
  'file.restored',
  'file.purged',
  'file.replaced',
  /** A file's alt text, caption, credit or focal point saved. */
  'file.details',
  /** A file put in a folder, or taken out of every folder. */
  'file.moved',
  'folder.created',
  /** A folder renamed or moved. */
  'folder.updated',
  'folder.deleted',
  'user.created',
  'user.removed',
  'user.password',
  /** An account's role changed. */
  'user.role',
  'invitation.created',
  'invitation.settings',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  /** Disabled by the server after 3 days of failed deliveries. */
  'webhook.disabled',
  'source.created',
  'source.updated',
  'source.deleted',
  /** A source's poll failed where the one before had not (its reason in the message). */
  'source.failed',
  /** An article's source changed since it was imported (the change waits for the editor). */
  'article.source_changed',
  /** A site's rules set or changed, or removed. */
  'site_rules.updated',
  'site_rules.deleted',
]);
export type ActivityKind = z.infer<typeof activityKindSchema>;

export const activitySchema = z.object({
  id: z.string(),
  kind: activityKindSchema,
  message: z.string(),
  at: z.string(),
  /** Who did it (their email); null for the operator's commands and older entries. */
  actor: z.string().nullable().optional(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityListSchema = z.object({ data: z.array(activitySchema) });
export type ActivityList = z.infer<typeof activityListSchema>;

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  success: z.boolean().optional(),
  /** With `already_scraped`: the article made from that page before. */
  articleId: z.string().optional(),
  /** With `restore_slug_taken`: a free slug to restore the article with. */
  suggestion: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
