/**
 * The sources' SQL: sources and their health, their claims by the pollers of every process (a
 * lease, as the scheduler's claims), and their entries: one row per entry a source listed, written
 * before its page is fetched, so that two polls at once make one draft of it.
 */
import type { SourceEntryState, SourceKind } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoText } from '../db/sql.ts';

export interface SourceRow {
  id: string;
  url: string;
  feed_url: string;
  kind: SourceKind;
  title: string | null;
  interval_minutes: number;
  include: string | null;
  paused: boolean;
  watch: boolean;
  etag: string | null;
  last_modified: string | null;
  last_polled_iso: string | null;
  next_poll_iso: string;
  last_error: string | null;
  failures: number;
  not_modified: number;
  created_iso: string;
  created_by: string | null;
  found: number | string;
  created: number | string;
  skipped: number | string;
  refused: number | string;
  failed: number | string;
}

const SOURCE_COLUMNS = `s.id, s.url, s.feed_url, s.kind, s.title, s.interval_minutes, s.include, s.paused, s.watch, s.etag, s.last_modified,
  ${isoText('s.last_polled_at')} AS last_polled_iso, ${isoText('s.next_poll_at')} AS next_poll_iso, s.last_error, s.failures,
  s.not_modified, ${isoText('s.created_at')} AS created_iso, s.created_by,
  coalesce(c.found, 0) AS found, coalesce(c.created, 0) AS created, coalesce(c.skipped, 0) AS skipped,
  coalesce(c.refused, 0) AS refused, coalesce(c.failed, 0) AS failed`;

/** Each source's entries counted by what became of them. */
const COUNTS_JOIN = `LEFT JOIN LATERAL (
    SELECT count(*) AS found,
           count(*) FILTER (WHERE e.state = 'created') AS created,
           count(*) FILTER (WHERE e.state = 'skipped') AS skipped,
           count(*) FILTER (WHERE e.state = 'refused') AS refused,
           count(*) FILTER (WHERE e.state = 'failed') AS failed
      FROM source_entries e WHERE e.source_id = s.id) c ON true`;

export async function listSourceRows(db: Queryable): Promise<SourceRow[]> {
  const { rows } = await db.query<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM sources s ${COUNTS_JOIN} ORDER BY s.created_at, s.id`);
  return rows;
}

/**
 * Drafts made per source and UTC day since `from` (a `YYYY-MM-DD`), days without drafts left
 * out; of one source, or of every one. An entry is settled as created in the poll that saw it.
 */
export async function draftsByDay(db: Queryable, from: string, sourceId?: string): Promise<{ source_id: string; day: string; n: number }[]> {
  const { rows } = await db.query<{ source_id: string; day: string; n: number | string }>(
    `SELECT source_id, to_char(seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n
       FROM source_entries
      WHERE state = 'created' AND seen_at >= ($1::date::timestamp AT TIME ZONE 'UTC') ${sourceId ? 'AND source_id = $2' : ''}
      GROUP BY 1, 2`,
    sourceId ? [from, sourceId] : [from],
  );
  return rows.map((row) => ({ ...row, n: Number(row.n) }));
}

/** The dashboard's sources: how many, how many failing, and the drafts made since `today` began (a UTC `YYYY-MM-DD`). */
export async function sourceSummary(db: Queryable, today: string): Promise<{ count: number; failing: number; draftsToday: number }> {
  const { rows } = await db.query<{ count: number | string; failing: number | string; drafts: number | string }>(
    `SELECT count(*) AS count, count(*) FILTER (WHERE last_error IS NOT NULL) AS failing,
            (SELECT count(*) FROM source_entries WHERE state = 'created' AND seen_at >= ($1::date::timestamp AT TIME ZONE 'UTC')) AS drafts
       FROM sources`,
    [today],
  );
  const row = rows[0];
  return { count: Number(row?.count ?? 0), failing: Number(row?.failing ?? 0), draftsToday: Number(row?.drafts ?? 0) };
}

export async function getSourceRow(db: Queryable, id: string, forUpdate = false): Promise<SourceRow | undefined> {
  if (forUpdate) await db.query('SELECT 1 FROM sources WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM sources s ${COUNTS_JOIN} WHERE s.id = $1`, [id]);
  return rows[0];
}

export async function sourceIdOfFeed(db: Queryable, feedUrl: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM sources WHERE feed_url = $1', [feedUrl]);
  return rows[0]?.id;
}

/** How long after it is added a source is first polled by the poller. */
export const FIRST_POLL_AFTER_MS = 60_000;

export async function insertSource(
  tx: Queryable,
  values: { id: string; url: string; feedUrl: string; kind: SourceKind; title: string | null; intervalMinutes: number; include: string | null; watch: boolean; by: string | null; at: Date },
): Promise<void> {
  // Its first poll is a minute away: the editor who added it may poll it now meanwhile.
  await tx.query(
    `INSERT INTO sources (id, url, feed_url, kind, title, interval_minutes, include, next_poll_at, created_at, created_by, updated_at, watch)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $11)`,
    [values.id, values.url, values.feedUrl, values.kind, values.title, values.intervalMinutes, values.include, new Date(values.at.getTime() + FIRST_POLL_AFTER_MS), values.at, values.by, values.watch],
  );
}

/** Changes what is given; a source resumed is due at once. */
export async function updateSource(
  tx: Queryable,
  id: string,
  patch: { intervalMinutes?: number; paused?: boolean; include?: string | null; watch?: boolean },
  at: Date,
): Promise<void> {
  await tx.query(
    `UPDATE sources SET
        interval_minutes = coalesce($2, interval_minutes),
        paused = coalesce($3, paused),
        include = CASE WHEN $4 THEN $5 ELSE include END,
        next_poll_at = CASE WHEN $3 = false AND paused THEN $6 ELSE next_poll_at END,
        failures = CASE WHEN $3 = false AND paused THEN 0 ELSE failures END,
        watch = coalesce($7, watch),
        updated_at = $6
      WHERE id = $1`,
    [id, patch.intervalMinutes ?? null, patch.paused ?? null, patch.include !== undefined, patch.include ?? null, at, patch.watch ?? null],
  );
}

export async function deleteSource(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>('DELETE FROM sources WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/**
 * Takes the source's lease until `until` when no poll holds it (`due`: and only when its next
 * poll is due and it is not paused); answers whether it was taken.
 */
export async function claimSource(db: Queryable, id: string, now: Date, until: Date, due = false): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sources SET lease_until = $3
      WHERE id = $1 AND (lease_until IS NULL OR lease_until < $2)
        ${due ? 'AND NOT paused AND next_poll_at <= $2' : ''}
      RETURNING id`,
    [id, now, until],
  );
  return rows.length > 0;
}

/** The sources due now (not paused, not held by a poll), the longest waiting first. */
export async function dueSourceIds(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM sources WHERE NOT paused AND next_poll_at <= $1 AND (lease_until IS NULL OR lease_until < $1)
      ORDER BY next_poll_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => row.id);
}

/** A poll's end: its health written and the lease given back. */
export async function finishPoll(
  db: Queryable,
  id: string,
  values: {
    at: Date;
    nextPollAt: Date;
    error: string | null;
    notModified: number;
    validators?: { etag: string | null; lastModified: string | null };
    title?: string | null;
  },
): Promise<void> {
  await db.query(
    `UPDATE sources SET
        last_polled_at = $2, next_poll_at = $3, last_error = $4,
        failures = CASE WHEN $4::text IS NULL THEN 0 ELSE failures + 1 END,
        not_modified = not_modified + $5,
        etag = CASE WHEN $6 THEN $7 ELSE etag END,
        last_modified = CASE WHEN $6 THEN $8 ELSE last_modified END,
        title = coalesce($9, title),
        lease_until = NULL
      WHERE id = $1`,
    [
      id,
      values.at,
      values.nextPollAt,
      values.error,
      values.notModified,
      values.validators !== undefined,
      values.validators?.etag ?? null,
      values.validators?.lastModified ?? null,
      values.title ?? null,
    ],
  );
}

export interface EntryRow {
  entry_key: string;
  url: string;
  title: string | null;
  state: SourceEntryState | 'pending';
  reason: string | null;
  article_id: string | null;
  seen_iso: string;
}

/**
 * Writes the entry as pending unless the source has one with that key or that address:
 * answers whether it was new (only then is its page fetched).
 */
export async function claimEntry(
  db: Queryable,
  sourceId: string,
  entry: { key: string; url: string; address: string | null; title: string | null },
  at: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ entry_key: string }>(
    `INSERT INTO source_entries (source_id, entry_key, url, address, title, state, seen_at)
     SELECT $1, $2, $3, $4, $5, 'pending', $6
      WHERE $4::text IS NULL OR NOT EXISTS (SELECT 1 FROM source_entries WHERE source_id = $1 AND address = $4)
     ON CONFLICT (source_id, entry_key) DO NOTHING
     RETURNING entry_key`,
    [sourceId, entry.key, entry.url, entry.address, entry.title, at],
  );
  return rows.length > 0;
}

export async function settleEntry(
  db: Queryable,
  sourceId: string,
  key: string,
  outcome: { state: SourceEntryState; reason: string | null; articleId: string | null },
): Promise<void> {
  await db.query(`UPDATE source_entries SET state = $3, reason = $4, article_id = $5 WHERE source_id = $1 AND entry_key = $2`, [
    sourceId,
    key,
    outcome.state,
    outcome.reason,
    outcome.articleId,
  ]);
}

/** Entries left pending by a poll that stopped (the process ended): failed, so that the page is not left unseen. */
export async function failStaleEntries(db: Queryable, sourceId: string, reason: string): Promise<void> {
  await db.query(`UPDATE source_entries SET state = 'failed', reason = $2 WHERE source_id = $1 AND state = 'pending'`, [sourceId, reason]);
}

/** A page of a source's entries, newest first, after the cursor's (time, key); one more than `limit` tells there is a next page. */
export async function selectEntryPage(db: Queryable, sourceId: string, after: { at: string; id: string } | undefined, limit: number): Promise<EntryRow[]> {
  const { rows } = await db.query<EntryRow>(
    `SELECT entry_key, url, title, state, reason, article_id, ${isoText('seen_at')} AS seen_iso
       FROM source_entries
      WHERE source_id = $1 ${after ? 'AND (seen_at, entry_key) < ($3::timestamptz, $4)' : ''}
      ORDER BY seen_at DESC, entry_key DESC
      LIMIT $2`,
    after ? [sourceId, limit + 1, after.at, after.id] : [sourceId, limit + 1],
  );
  return rows;
}

/** An article made from this address (exactly, or the same once normalised), outside the trash. */
export async function articleOfAddress(db: Queryable, url: string, address: string | null): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM articles WHERE scraped_url = $1 AND deleted_at IS NULL
     UNION ALL
     SELECT s.article_id FROM article_signatures s JOIN articles a ON a.id = s.article_id
      WHERE $2::text IS NOT NULL AND s.address = $2 AND a.deleted_at IS NULL
     LIMIT 1`,
    [url, address],
  );
  return rows[0]?.id;
}
