/**
 * Notifications (migration 33; src/contract/notifications.ts): the rows of each account's list,
 * and the kinds each account mutes. The rules are server/notifications/operations.ts's.
 */
import { NOTIFICATIONS_KEPT, NOTIFICATIONS_SHOWN, type NotificationKind } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoText } from '../db/sql.ts';

/** Those of `ids` who have not muted `kind`. */
export async function recipientsOf(tx: Queryable, ids: readonly string[], kind: NotificationKind): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::text[]) AND NOT ($2 = ANY (muted_notifications))', [ids, kind]);
  return rows.map((row) => row.id);
}

/** One notification written, the account's list then cut to the last NOTIFICATIONS_KEPT. */
export async function insertNotification(
  tx: Queryable,
  row: { id: string; userId: string; kind: NotificationKind; message: string; articleId: string; actorId: string | null; at: Date },
) {
  await tx.query('INSERT INTO notifications (id, user_id, kind, message, article_id, actor_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    row.id,
    row.userId,
    row.kind,
    row.message,
    row.articleId,
    row.actorId,
    row.at,
  ]);
  await tx.query(
    `DELETE FROM notifications WHERE user_id = $1 AND id IN (SELECT id FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET ${NOTIFICATIONS_KEPT})`,
    [row.userId],
  );
}

/** The editors and admins. */
export async function deciderIds(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>("SELECT id FROM users WHERE role IN ('editor', 'admin')");
  return rows.map((row) => row.id);
}

/** The id of the account with this email (any case), if there is one. */
export async function userIdByEmail(tx: Queryable, email: string | null): Promise<string | undefined> {
  if (!email) return undefined;
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0]?.id;
}

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  message: string;
  article_id: string | null;
  actor_id: string | null;
  actor_email: string | null;
  created_iso: string;
  read: boolean;
}

/** An account's newest NOTIFICATIONS_SHOWN. */
export async function notificationRows(db: Queryable, userId: string): Promise<NotificationRow[]> {
  const { rows } = await db.query<NotificationRow>(
    `SELECT n.id, n.kind, n.message, n.article_id, n.actor_id, u.email AS actor_email, ${isoText('n.created_at')} AS created_iso, n.read_at IS NOT NULL AS read
       FROM notifications n LEFT JOIN users u ON u.id = n.actor_id
      WHERE n.user_id = $1 ORDER BY n.created_at DESC, n.id DESC LIMIT ${NOTIFICATIONS_SHOWN}`,
    [userId],
  );
  return rows;
}

export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return Number(rows[0]?.n ?? 0);
}

/** The account's notifications of `ids` (all of them without) marked read. */
export async function setRead(db: Queryable, userId: string, ids: readonly string[] | undefined) {
  if (ids) await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND id = ANY($2::text[]) AND read_at IS NULL', [userId, ids]);
  else await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
}

export async function mutedKindsOf(db: Queryable, userId: string): Promise<NotificationKind[]> {
  const { rows } = await db.query<{ muted: NotificationKind[] }>('SELECT muted_notifications AS muted FROM users WHERE id = $1', [userId]);
  return rows[0]?.muted ?? [];
}

export async function setMutedKindsOf(db: Queryable, userId: string, muted: readonly NotificationKind[]) {
  await db.query('UPDATE users SET muted_notifications = $2 WHERE id = $1', [userId, [...new Set(muted)]]);
}

/** The channel (LISTEN/NOTIFY) on which a change of accounts' lists is told: `{ users: ids }`. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** Tells every process on the database that these accounts' lists changed, when the transaction commits. */
export async function announceNotifications(db: Queryable, userIds: readonly string[]) {
  // A notice's payload stays under PostgreSQL's 8,000 bytes: a hundred ids at a time.
  for (let at = 0; at < userIds.length; at += 100) {
    await db.query('SELECT pg_notify($1, $2)', [NOTIFICATIONS_CHANNEL, JSON.stringify({ users: userIds.slice(at, at + 100) })]);
  }
}
