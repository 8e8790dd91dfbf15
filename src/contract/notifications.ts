/**
 * Notifications: what the console's bell says to an account, each written in the transaction of
 * the change it tells of, and each also a webhook event about the article (`article.mentioned`,
 * `article.review_requested`, `article.review_decided`, `article.assigned`,
 * `article.schedule_failed`). An account mutes the kinds it does not want.
 *
 * - `GET /notifications` (any role): `{ data: Notification[], unread }`, newest first, the last
 *   NOTIFICATIONS_KEPT.
 * - `GET /notifications/stream`: server-sent events, a `notifications` event `{ unread }` at once
 *   and whenever the account's list changes (a notification written, from any process; some marked
 *   read in another tab); the console then reads the list again.
 * - `POST /notifications/read` `{ ids? }`: those (or all) marked read; `{ unread }`.
 * - `GET /notifications/preferences`, `PUT /notifications/preferences` `{ muted: kinds[] }`.
 * Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';

export const NOTIFICATION_KINDS = ['mention', 'review_requested', 'review_decided', 'assigned', 'schedule_failed'] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;
/** How many notifications an account's list keeps (older ones are removed as new ones come). */
export const NOTIFICATIONS_KEPT = 200;
/** How many the bell reads. */
export const NOTIFICATIONS_SHOWN = 30;

/** How the console names each kind (the preferences). */
export const notificationKindLabels: Record<NotificationKind, string> = {
  mention: 'Someone mentions me in a comment',
  review_requested: 'A review is asked of me',
  review_decided: 'My review request is decided',
  assigned: 'An article is assigned to me',
  schedule_failed: 'A scheduled change of mine (or of my article) fails',
};

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  /** What happened, in a sentence: 'dana@example.com mentioned you on "harbour-at-dawn"'. */
  message: z.string(),
  /** The article it is about (null when it was deleted since). */
  articleId: z.string().nullable(),
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ data: z.array(notificationSchema), unread: z.number().int().nonnegative() });
export const notificationsReadSchema = z.strictObject({ ids: z.array(z.string().min(1).max(64)).max(NOTIFICATIONS_KEPT).optional() });
export const notificationsReadResultSchema = z.object({ unread: z.number().int().nonnegative() });
export const notificationPreferencesSchema = z.strictObject({ muted: z.array(notificationKindSchema).max(NOTIFICATION_KINDS.length) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** What each kind says, with who did it and the article's label ('"slug"' or its id). */
export const notificationMessages = {
  mention: (who: string, article: string) => `${who} mentioned you on ${article}`,
  review_requested: (who: string, article: string) => `${who} asked for your review of ${article}`,
  approved: (who: string, article: string) => `${who} approved ${article}`,
  changes_requested: (who: string, article: string) => `${who} asked for changes on ${article}`,
  assigned: (who: string, article: string) => `${who} assigned ${article} to you`,
  schedule_failed: (what: string, article: string, reason: string) => `${what} for ${article}: ${reason}`,
};
