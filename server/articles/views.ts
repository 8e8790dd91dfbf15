/**
 * Counting public reads without a write per read: views are added up in memory and written in
 * one statement every VIEW_FLUSH_MS (or sooner when many articles were read), so a burst of
 * reads is one transaction, not a burst of them. A write that fails (the database is away) keeps
 * its counts for the next one, up to MAX_PENDING_KEYS articles and days; a graceful stop writes
 * what is left. Counts still in memory when the process is killed are lost: at most
 * VIEW_FLUSH_MS of views.
 */
import type { Queryable } from '../db/database.ts';
import { addViews } from '../repositories/views.ts';
import { utcDay } from '../shared/days.ts';

export const VIEW_FLUSH_MS = 5_000;
/** Articles × days waiting for a write before one is started at once. */
const FLUSH_AT_KEYS = 1_000;
/** Beyond this many waiting, new articles' views are dropped (the database has been away long). */
const MAX_PENDING_KEYS = 100_000;

/** The UTC day of `at`, as `YYYY-MM-DD`. */

export class ViewCounter {
  private pending = new Map<string, number>();
  private writing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Queryable,
    private readonly onError: (error: unknown) => void,
    flushMs = VIEW_FLUSH_MS,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** One read of the article, now. */
  count(articleId: string, at = new Date()): void {
    const key = `${articleId}|${utcDay(at)}`;
    const current = this.pending.get(key);
    if (current === undefined && this.pending.size >= MAX_PENDING_KEYS) return;
    this.pending.set(key, (current ?? 0) + 1);
    if (this.pending.size >= FLUSH_AT_KEYS) void this.flush();
  }

  /** Writes what has been counted (one write at a time); resolves when it is written or kept back. */
  async flush(): Promise<void> {
    if (this.writing) return this.writing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const entries = [...batch].map(([key, n]) => {
      const [articleId, day] = key.split('|') as [string, string];
      return { articleId, day, n };
    });
    this.writing = addViews(this.db, entries)
      .catch((error: unknown) => {
        // Kept for the next write.
        for (const [key, n] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + n);
        this.onError(error);
      })
      .finally(() => {
        this.writing = undefined;
      });
    return this.writing;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.writing;
    await this.flush();
  }
}
