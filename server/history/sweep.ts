/**
 * The retention sweep of past versions (hourly, with the trash's, under the same lock): article
 * revisions and files' earlier versions that crossed the policy's day lines since the last
 * sweep are looked at, owner by owner (an article, a file), and what the policy does not keep is
 * removed. Each run looks only at what aged since the one before (a watermark in `settings`),
 * so an hour of a large library costs an hour's versions, not the whole history.
 */
import type { Database, Queryable } from '../db/database.ts';
import {
  articlesWithAgingRevisions,
  lockArticlesForHistory,
  readSweptUntil,
  writeSweptUntil,
} from '../repositories/revisions.ts';
import { filesWithAgingVersions, lockFilesForVersions } from '../repositories/fileVersions.ts';
import type { FileStorage } from '../files/storage.ts';
import { pruneFileVersions } from '../files/operations.ts';
import { pruneRevisions } from './articles.ts';
import type { RetentionPolicy } from './retention.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Owners pruned per transaction. */
const BATCH = 100;

/** The times between which a version crossed the policy's lines since `last`. */
type AgingWindow = { from: Date; until: Date; dailyFrom: Date; dailyUntil: Date };

interface Swept<R> {
  /** The setting that holds the watermark. */
  key: string;
  /** Up to `limit` owners (ids after `afterId`) with a version in the window. */
  findAging(db: Queryable, window: AgingWindow, afterId: string, limit: number): Promise<string[]>;
  /** Locks the owners that still exist until the transaction ends, and answers them. */
  lock(tx: Queryable, ids: readonly string[]): Promise<string[]>;
  /** Removes what the policy does not keep of one owner's versions, answering what went. */
  prune(tx: Queryable, id: string): Promise<R[]>;
}

/** Answers what every owner's prune answered. */
async function sweepAging<R>(db: Database, policy: RetentionPolicy, now: Date, swept: Swept<R>): Promise<R[]> {
  const last = (await readSweptUntil(db, swept.key)) ?? new Date(0);
  const window = {
    from: new Date(last.getTime() - policy.keepAllDays * DAY_MS),
    until: new Date(now.getTime() - policy.keepAllDays * DAY_MS),
    dailyFrom: new Date(last.getTime() - policy.keepDailyDays * DAY_MS),
    dailyUntil: new Date(now.getTime() - policy.keepDailyDays * DAY_MS),
  };
  const removed: R[] = [];
  for (let after = ''; ; ) {
    const ids = await swept.findAging(db, window, after, BATCH);
    if (ids.length === 0) break;
    await db.transaction(async (tx) => {
      for (const id of await swept.lock(tx, ids)) removed.push(...(await swept.prune(tx, id)));
    });
    after = ids.at(-1)!;
  }
  await writeSweptUntil(db, swept.key, now);
  return removed;
}

export const ARTICLE_HISTORY_SWEPT_KEY = 'history.articles.sweptUntil';
export const FILE_VERSIONS_SWEPT_KEY = 'history.files.sweptUntil';

/** Resolves to how many article revisions went. */
export async function sweepArticleHistory(db: Database, policy: RetentionPolicy, now = new Date()): Promise<number> {
  const removed = await sweepAging(db, policy, now, {
    key: ARTICLE_HISTORY_SWEPT_KEY,
    findAging: articlesWithAgingRevisions,
    lock: lockArticlesForHistory,
    prune: async (tx, id) => Array.from({ length: await pruneRevisions(tx, id, policy, now) }, () => id),
  });
  return removed.length;
}

/**
 * Resolves to how many file versions went: their rows first, then their bytes (a removal that
 * fails leaves an orphan for the start-up sweep).
 */
export async function sweepFileVersions(
  ctx: { db: Database; storage: FileStorage },
  policy: RetentionPolicy,
  now = new Date(),
  onLeftover?: (error: unknown, versionId: string) => void,
): Promise<number> {
  const removed = await sweepAging(ctx.db, policy, now, {
    key: FILE_VERSIONS_SWEPT_KEY,
    findAging: filesWithAgingVersions,
    lock: lockFilesForVersions,
    prune: (tx, id) => pruneFileVersions(tx, id, policy, now),
  });
  for (const versionId of removed) await ctx.storage.removeVersion(versionId).catch((error: unknown) => onLeftover?.(error, versionId));
  return removed.length;
}
