/**
 * The SQL of who has an article open (src/contract/presence.ts): one row per open page (tab).
 * The rules (who may edit, take-over) are in server/presence/hub.ts; this module reads and
 * writes rows.
 */
import { LEASE_LAPSE_MS, PRESENCE_LAPSE_MS, type Presence, type Role } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';

interface PresenceRow {
  tab: string;
  article_id: string;
  user_id: string;
  email: string;
  role: Role;
  opened_at: Date;
  editing_since: Date | null;
}

const toPresence = (row: PresenceRow): Presence => ({
  tab: row.tab,
  userId: row.user_id,
  email: row.email,
  role: row.role,
  openedAt: new Date(row.opened_at).toISOString(),
  editingSince: row.editing_since && new Date(row.editing_since).toISOString(),
});

/** A lease is held while its tab said it is editing and was seen within LEASE_LAPSE_MS. */
const LEASE_HELD = `p.editing_since IS NOT NULL AND p.seen_at > now() - interval '${LEASE_LAPSE_MS} milliseconds'`;
/** A tab is there while its stream is open and renewed. */
const PRESENT = `p.open AND p.seen_at > now() - interval '${PRESENCE_LAPSE_MS} milliseconds'`;

/**
 * Opens (or opens again: a reload, a stream moved to another process) the tab on the article,
 * as its stream `stream`; answers whether it is the user's (a tab id never passes to another
 * account).
 */
export async function openTab(db: Queryable, tab: string, articleId: string, userId: string, stream: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO article_presence (tab, article_id, user_id, opened_at, seen_at, open, stream) VALUES ($1, $2, $3, now(), now(), true, $4)
       ON CONFLICT (tab) DO UPDATE SET seen_at = now(), open = true, stream = excluded.stream, article_id = excluded.article_id,
         editing_since = CASE WHEN article_presence.article_id = excluded.article_id THEN article_presence.editing_since END
       WHERE article_presence.user_id = excluded.user_id
     RETURNING tab`,
    [tab, articleId, userId, stream],
  );
  return rows.length > 0;
}

/**
 * Renews the open tabs of this process. A renewal written after its tab closed changes nothing
 * (a lapsed lease stays lapsed).
 */
export async function renewTabs(db: Queryable, tabs: readonly string[]) {
  if (tabs.length) await db.query('UPDATE article_presence SET seen_at = now() WHERE tab = ANY($1) AND open', [tabs]);
}

/**
 * The tab's stream `stream` went: it leaves the list at once; its lease (if any) lapses
 * LEASE_LAPSE_MS later. A close written after a newer stream of the tab opened (a reload, a
 * reconnection to another process) changes nothing.
 */
export async function closeTab(db: Queryable, tab: string, stream: string) {
  await db.query('UPDATE article_presence SET open = false, seen_at = now() WHERE tab = $1 AND stream = $2', [tab, stream]);
}

/** Who is on each of the articles, oldest tab first. */
export async function presenceOf(db: Queryable, articleIds: readonly string[]): Promise<Map<string, Presence[]>> {
  const byArticle = new Map<string, Presence[]>(articleIds.map((id) => [id, []]));
  if (!articleIds.length) return byArticle;
  const { rows } = await db.query<PresenceRow>(
    `SELECT p.tab, p.article_id, p.user_id, u.email, u.role, p.opened_at, CASE WHEN ${LEASE_HELD} THEN p.editing_since END AS editing_since
       FROM article_presence p JOIN users u ON u.id = p.user_id
      WHERE p.article_id = ANY($1) AND ${PRESENT}
      ORDER BY p.opened_at, p.tab`,
    [articleIds],
  );
  for (const row of rows) byArticle.get(row.article_id)?.push(toPresence(row));
  return byArticle;
}

/** The article's tabs, locked until the transaction ends: one lease decision at a time. */
export async function lockArticleTabs(tx: Queryable, articleId: string) {
  const { rows } = await tx.query<PresenceRow & { held: boolean; taken_by: string | null }>(
    `SELECT p.tab, p.article_id, p.user_id, u.email, u.role, p.opened_at, p.editing_since, p.taken_by, (${LEASE_HELD}) AS held
       FROM article_presence p JOIN users u ON u.id = p.user_id
      WHERE p.article_id = $1 ORDER BY p.tab FOR UPDATE OF p`,
    [articleId],
  );
  return rows;
}

/** Whether the tab now edits (since now, or since it began) or not; a tab that edits again was not taken over. */
export async function setEditing(tx: Queryable, tab: string, editing: boolean) {
  await tx.query(
    `UPDATE article_presence SET editing_since = CASE WHEN $2 THEN coalesce(editing_since, now()) END,
       taken_by = CASE WHEN $2 THEN NULL ELSE taken_by END, taken_at = CASE WHEN $2 THEN NULL ELSE taken_at END
     WHERE tab = $1`,
    [tab, editing],
  );
}

/** The lease of `tab` passes to another: it is told by whom, and when. */
export async function markTaken(tx: Queryable, tab: string, by: string): Promise<Date> {
  const { rows } = await tx.query<{ taken_at: Date }>(
    'UPDATE article_presence SET editing_since = NULL, taken_by = $2, taken_at = now() WHERE tab = $1 RETURNING taken_at',
    [tab, by],
  );
  return rows[0]!.taken_at;
}

/**
 * The take-over of the tab's lease not yet told to it, if any; it counts as told from here (a
 * page opened again afterwards sees who holds the lease instead).
 */
export async function takeTakenNotice(db: Queryable, tab: string): Promise<{ by: string; at: string } | undefined> {
  const { rows } = await db.query<{ taken_by: string; taken_at: Date }>(
    `UPDATE article_presence p SET taken_by = NULL, taken_at = NULL FROM (SELECT tab, taken_by, taken_at FROM article_presence WHERE tab = $1 FOR UPDATE) old
      WHERE p.tab = old.tab AND old.taken_by IS NOT NULL RETURNING old.taken_by, old.taken_at`,
    [tab],
  );
  return rows[0] && { by: rows[0].taken_by, at: new Date(rows[0].taken_at).toISOString() };
}

/** Tells every process listening on `channel` (this one too) what changed, when the statement commits. */
export async function announce(db: Queryable, channel: string, payload: string) {
  await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/** Removes the tabs gone for longer than any lease lasts; answers their articles. */
export async function sweepTabs(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ article_id: string }>(
    `DELETE FROM article_presence WHERE seen_at < now() - interval '${LEASE_LAPSE_MS + PRESENCE_LAPSE_MS} milliseconds' RETURNING article_id`,
  );
  return [...new Set(rows.map((r) => r.article_id))];
}
