/**
 * Notifications (src/contract/notifications.ts): written in the transaction of the change they
 * tell of, to the accounts named (never to whoever made the change, never of a kind the account
 * muted), with the article's webhook event of the same news. Read and marked read per account.
 * Other capabilities use this module only.
 */
import type { Notification, NotificationKind, WebhookEventType } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { newId } from '../ids.ts';
import {
  announceNotifications,
  deciderIds,
  insertNotification,
  mutedKindsOf,
  notificationRows,
  recipientsOf,
  setMutedKindsOf,
  setRead,
  unreadCount,
  userIdByEmail,
} from '../repositories/notifications.ts';
import { emitArticleEvents } from '../webhooks/operations.ts';

export { deciderIds, userIdByEmail };

/** The webhook event each kind is also. */
const EVENT: Record<NotificationKind, Extract<WebhookEventType, `article.${string}`>> = {
  mention: 'article.mentioned',
  review_requested: 'article.review_requested',
  review_decided: 'article.review_decided',
  assigned: 'article.assigned',
  schedule_failed: 'article.schedule_failed',
};

export interface News {
  kind: NotificationKind;
  articleId: string;
  /** Who made the change (not told of it), or null (the scheduler). */
  actorId: string | null;
  /** Who is told. */
  userIds: readonly string[];
  message: string;
  at?: Date;
}

/** Tells `userIds` of the news (each once, not the actor, not those who muted its kind) and emits its webhook event. */
export async function notify(tx: Queryable, news: News): Promise<number> {
  const at = news.at ?? new Date();
  await emitArticleEvents(tx, EVENT[news.kind], [news.articleId], at);
  const to = [...new Set(news.userIds)].filter((id) => id !== news.actorId);
  if (!to.length) return 0;
  const recipients = await recipientsOf(tx, to, news.kind);
  for (const userId of recipients) {
    await insertNotification(tx, { id: newId(at.getTime()), userId, kind: news.kind, message: news.message, articleId: news.articleId, actorId: news.actorId, at });
  }
  // Their consoles hear it once the change commits (server/notifications/hub.ts).
  await announceNotifications(tx, recipients);
  return recipients.length;
}

/** GET /notifications: the newest, and how many are unread. */
export async function notificationsOf(db: Queryable, userId: string): Promise<{ data: Notification[]; unread: number }> {
  const rows = await notificationRows(db, userId);
  return {
    data: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      message: row.message,
      articleId: row.article_id,
      actor: row.actor_id && row.actor_email ? { id: row.actor_id, email: row.actor_email } : null,
      createdAt: row.created_iso,
      read: row.read,
    })),
    unread: await unreadCount(db, userId),
  };
}

/** POST /notifications/read: the ones named (the account's own only), or all of them. */
export async function markRead(db: Queryable, userId: string, ids: readonly string[] | undefined): Promise<{ unread: number }> {
  await setRead(db, userId, ids);
  // The account's other consoles (tabs) update their count.
  await announceNotifications(db, [userId]);
  return { unread: await unreadCount(db, userId) };
}

export const mutedKinds = mutedKindsOf;

export async function setMutedKinds(db: Queryable, userId: string, muted: readonly NotificationKind[]): Promise<NotificationKind[]> {
  await setMutedKindsOf(db, userId, muted);
  return mutedKindsOf(db, userId);
}
