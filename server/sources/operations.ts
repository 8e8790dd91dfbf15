/**
 * The sources' use cases: a source followed (what its address is found out first: a feed, a
 * sitemap, or a page naming feeds), changed, paused, resumed, removed (each with its activity
 * entry), its entries read, and a poll: the source read conditionally, each entry not seen before
 * claimed in the database (two polls at once make one draft), checked against the articles
 * (an address scraped before makes no draft) and robots.txt, and scraped through the articles'
 * one scrape path (server/articles/operations: the same extraction, images, checks, signature,
 * revision and events), with its provenance. The poller (./poller.ts) polls the sources due.
 */
import {
  normalAddress,
  serverMessages,
  SOURCE_CHART_DAYS,
  SOURCE_DEFAULT_INTERVAL_MINUTES,
  SOURCE_FIRST_BACKOFF_MS,
  SOURCE_MAX_BACKOFF_MS,
  SOURCE_MAX_ENTRIES_PER_POLL,
  SOURCE_MAX_FEED_BYTES,
  SOURCE_MAX_SITEMAPS_PER_POLL,
  sourceMessages,
  type Source,
  type SourceCreate,
  type SourceEntry,
  type SourcePatch,
  type SourcePoll,
} from '../../src/contract/index.ts';
import { NearCopyError, scrapeArticle, type ArticleWriteContext } from '../articles/operations/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError, apiError } from '../errors.ts';
import { newId } from '../ids.ts';
import { recordActivity } from '../repositories/activity.ts';
import { emitSourceEvents } from '../webhooks/operations.ts';
import {
  articleOfAddress,
  claimEntry,
  claimSource,
  deleteSource as deleteSourceRow,
  dueSourceIds,
  failStaleEntries,
  finishPoll,
  getSourceRow,
  insertSource,
  draftsByDay,
  listSourceRows,
  selectEntryPage,
  settleEntry,
  sourceIdOfFeed,
  updateSource as updateSourceRow,
  type EntryRow,
  type SourceRow,
} from '../repositories/sources.ts';
import type { IngestContext } from '../scrape/operations.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../shared/cursor.ts';
import { lastUtcDays } from '../shared/days.ts';
import { parseScrapeUrl, type FetchedAnswer } from '../shared/safe-fetch.ts';
import type { WorkerPool } from '../workers/pool.ts';
import type { PoliteFetcher } from './polite.ts';
import type { ListedEntry, SourceDocument } from './read.ts';

export type SourcesContext = IngestContext &
  ArticleWriteContext & {
    polite: PoliteFetcher;
    workers: WorkerPool;
    /** Where a poll's unexpected failure is told (the poller's and the routes' logger). */
    log?: { warn(details: object, message: string): void };
  };

/** How long a poll holds its source before another process may take it (renewed after each entry). */
const POLL_LEASE_MS = 10 * 60_000;

const sourceNotFound = () => apiError('not_found', sourceMessages.notFound);

/** Drafts per source and day, the last SOURCE_CHART_DAYS days: `source id|day` → drafts. */
type DraftDays = { days: string[]; drafts: Map<string, number> };

async function draftDays(db: Queryable, sourceId?: string, now = new Date()): Promise<DraftDays> {
  const days = lastUtcDays(SOURCE_CHART_DAYS, now);
  const rows = await draftsByDay(db, days[0]!, sourceId);
  return { days, drafts: new Map(rows.map((row) => [`${row.source_id}|${row.day}`, row.n])) };
}

export function toSource(row: SourceRow, chart?: DraftDays): Source {
  return {
    id: row.id,
    url: row.url,
    feedUrl: row.feed_url,
    kind: row.kind,
    title: row.title,
    intervalMinutes: row.interval_minutes,
    include: row.include,
    paused: row.paused,
    watch: row.watch,
    createdAt: row.created_iso,
    createdBy: row.created_by,
    lastPolledAt: row.last_polled_iso,
    nextPollAt: row.paused ? null : row.next_poll_iso,
    lastError: row.last_error,
    failures: row.failures,
    notModified: row.not_modified,
    counts: {
      found: Number(row.found),
      created: Number(row.created),
      skipped: Number(row.skipped),
      refused: Number(row.refused),
      failed: Number(row.failed),
    },
    ...(chart ? { draftsPerDay: chart.days.map((day) => ({ day, drafts: chart.drafts.get(`${row.id}|${day}`) ?? 0 })) } : {}),
  };
}

function toEntry(row: EntryRow): SourceEntry {
  return {
    url: row.url,
    title: row.title,
    // A page still being fetched reads as failed only once its poll is over; meanwhile it is not listed as done.
    state: row.state === 'pending' ? 'failed' : row.state,
    reason: row.state === 'pending' ? 'Being fetched now' : row.reason,
    articleId: row.article_id,
    seenAt: row.seen_iso,
  };
}

/** GET /sources: every source with its health. */
export async function listSources(ctx: { db: Queryable }) {
  const chart = await draftDays(ctx.db);
  return { data: (await listSourceRows(ctx.db)).map((row) => toSource(row, chart)) };
}

/** GET /sources/:id */
export async function getSource(ctx: { db: Queryable }, id: string) {
  const row = await getSourceRow(ctx.db, id);
  if (!row) throw sourceNotFound();
  return { data: toSource(row, await draftDays(ctx.db, id)) };
}

/** A source's document read in a worker (its time and memory capped). */
function readDocument(ctx: Pick<SourcesContext, 'workers'>, answer: FetchedAnswer): Promise<SourceDocument> {
  return ctx.workers.run(
    'readSource',
    { body: answer.body, url: answer.url, contentType: answer.contentType },
    {
      timeoutMs: 30_000,
      tooSlow: () => apiError('page_too_slow'),
      tooBig: () => apiError('page_too_complex'),
    },
  );
}

/** `url` fetched for a source, politely; an answer that is not a 2xx is a failure with its status. */
async function fetchDocument(ctx: Pick<SourcesContext, 'polite'>, url: string, validators: { etag?: string | null; lastModified?: string | null } = {}) {
  const robots = await ctx.polite.robots(url);
  if (!robots.allowed) throw new PollFailure(robots.reason);
  const answer = await ctx.polite.fetch(url, validators, SOURCE_MAX_FEED_BYTES);
  if (answer.status === 304) return answer;
  if (answer.status === 429 || answer.status === 503) {
    throw new PollFailure(`The site asked to wait (status ${answer.status})`, answer.retryAfterMs ?? undefined);
  }
  if (answer.status < 200 || answer.status >= 300) throw new PollFailure(`The address answered with status ${answer.status}`);
  return answer;
}

/** Why a poll (or a source's first reading) failed, and how long the site asked to wait. */
class PollFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** An ApiError (a refusal, a fetch that failed) or a PollFailure, as its reason. */
const reasonOf = (error: unknown) =>
  error instanceof ApiError || error instanceof PollFailure ? error.message : 'The source could not be read';

/**
 * POST /sources: the address fetched and read: a feed or a sitemap is followed as it is; a page
 * is followed by the first feed it names (all listed in `found`). Refused: an address that is
 * not http(s) or private (400), one whose feed is followed already (409), one that is none of
 * these (422); nothing is stored then.
 */
export async function createSource(ctx: SourcesContext, actor: string, body: SourceCreate) {
  const url = parseScrapeUrl(body.url).href;
  let answer: FetchedAnswer;
  let doc: SourceDocument;
  let found: string[] = [];
  try {
    answer = await fetchDocument(ctx, url);
    doc = await readDocument(ctx, answer);
    if (doc.type === 'page') {
      found = doc.feeds;
      if (!found.length) throw apiError('no_feed_found', sourceMessages.noFeedFound);
      answer = await fetchDocument(ctx, found[0]!);
      doc = await readDocument(ctx, answer);
      if (doc.type === 'page') throw apiError('no_feed_found', sourceMessages.notAFeed);
    }
  } catch (error) {
    if (error instanceof PollFailure) throw apiError('fetch_failed', error.message);
    throw error;
  }
  const feedUrl = answer.url;
  if (await sourceIdOfFeed(ctx.db, feedUrl)) throw apiError('source_exists');
  const id = newId();
  const row = await ctx.db.transaction(async (tx: Queryable) => {
    const at = new Date();
    if (await sourceIdOfFeed(tx, feedUrl)) throw apiError('source_exists');
    await insertSource(tx, {
      id,
      url,
      feedUrl,
      kind: doc.type === 'feed' ? 'feed' : 'sitemap',
      title: doc.type === 'feed' ? doc.title : null,
      intervalMinutes: body.intervalMinutes ?? SOURCE_DEFAULT_INTERVAL_MINUTES,
      include: body.include || null,
      watch: body.watch ?? true,
      by: actor,
      at,
    });
    await recordActivity(tx, 'source.created', `Source ${feedUrl} followed`, at, actor);
    return (await getSourceRow(tx, id))!;
  });
  return { data: toSource(row, await draftDays(ctx.db, row.id)), found };
}

/** PATCH /sources/:id: its interval, URL pattern, or paused (a source resumed is polled at once). */
export async function updateSource(ctx: { db: Database }, actor: string, id: string, patch: SourcePatch) {
  const row = await ctx.db.transaction(async (tx: Queryable) => {
    const current = await getSourceRow(tx, id, true);
    if (!current) throw sourceNotFound();
    const at = new Date();
    await updateSourceRow(tx, id, { intervalMinutes: patch.intervalMinutes, paused: patch.paused, include: patch.include === undefined ? undefined : patch.include || null, watch: patch.watch }, at);
    const what = [
      patch.intervalMinutes !== undefined && patch.intervalMinutes !== current.interval_minutes ? `polled every ${patch.intervalMinutes} minutes` : null,
      patch.include !== undefined && (patch.include || null) !== current.include ? (patch.include ? `URL pattern set to ${patch.include}` : 'URL pattern cleared') : null,
      patch.watch !== undefined && patch.watch !== current.watch ? (patch.watch ? 'its articles watched for changes' : 'its articles no longer watched for changes') : null,
      patch.paused === true && !current.paused ? 'paused' : null,
      patch.paused === false && current.paused ? 'resumed' : null,
    ].filter(Boolean);
    if (what.length) await recordActivity(tx, 'source.updated', `Source ${current.feed_url}: ${what.join(', ')}`, at, actor);
    return (await getSourceRow(tx, id))!;
  });
  return { data: toSource(row, await draftDays(ctx.db, id)) };
}

/** DELETE /sources/:id: the source and its entries; its articles stay (their sourceId cleared). */
export async function deleteSource(ctx: { db: Database }, actor: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx: Queryable) => {
    const current = await getSourceRow(tx, id, true);
    if (!current || !(await deleteSourceRow(tx, id))) throw sourceNotFound();
    await recordActivity(tx, 'source.deleted', `Source ${current.feed_url} no longer followed`, new Date(), actor);
  });
}

/** GET /sources/:id/entries: a page of its entries, newest first. */
export async function listSourceEntries(ctx: { db: Queryable }, id: string, query: { limit: number; cursor?: string }) {
  const { limit, cursor } = query;
  if (!(await getSourceRow(ctx.db, id))) throw sourceNotFound();
  const after = cursor === undefined ? undefined : decodeTimeCursor(cursor);
  if (cursor !== undefined && !after) throw apiError('invalid_cursor', serverMessages.invalidCursor);
  const rows = await selectEntryPage(ctx.db, id, after, limit);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(toEntry), nextCursor: rows.length > limit && last ? encodeTimeCursor(last.seen_iso, last.entry_key) : null };
}

/** The sources due now, the longest waiting first (the poller's round). */
export function dueSources(ctx: { db: Queryable }, limit: number, now = new Date()): Promise<string[]> {
  return dueSourceIds(ctx.db, now, limit);
}

/** The wait before a failing source's next poll: doubling from the first back-off, up to a day, or what the site asked. */
export function backoffMs(failures: number, retryAfterMs?: number): number {
  const doubled = Math.min(SOURCE_FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1), SOURCE_MAX_BACKOFF_MS);
  return Math.min(Math.max(doubled, retryAfterMs ?? 0), SOURCE_MAX_BACKOFF_MS);
}

/**
 * POST /sources/:id/poll, and the poller's: polls the source unless another poll holds it (409
 * then, or nothing for the poller: `due` polls only a source due and not paused). Answers what
 * the poll did when it ends; a source that could not be read keeps the reason and backs off.
 */
export async function pollSource(ctx: SourcesContext, id: string, options: { due?: boolean; now?: () => Date } = {}): Promise<SourcePoll | undefined> {
  const now = options.now ?? (() => new Date());
  const started = now();
  if (!(await claimSource(ctx.db, id, started, new Date(started.getTime() + POLL_LEASE_MS), options.due))) {
    if (options.due) return undefined;
    if (!(await getSourceRow(ctx.db, id))) throw sourceNotFound();
    throw apiError('poll_running');
  }
  const source = (await getSourceRow(ctx.db, id))!;
  const result: SourcePoll = { found: 0, created: 0, skipped: 0, refused: 0, failed: 0, notModified: 0, error: null };
  let validators: { etag: string | null; lastModified: string | null } | undefined;
  let title: string | null | undefined;
  let retryAfterMs: number | undefined;
  try {
    // Entries a poll left pending when its process stopped are not fetched again unasked.
    await failStaleEntries(ctx.db, id, 'The poll stopped before this page was fetched');
    const answer = await fetchDocument(ctx, source.feed_url, { etag: source.etag, lastModified: source.last_modified });
    if (answer.status === 304) {
      result.notModified++;
    } else {
      validators = { etag: answer.etag, lastModified: answer.lastModified };
      const doc = await readDocument(ctx, answer);
      if (doc.type === 'feed') title = doc.title;
      const entries = await listedEntries(ctx, doc, result);
      await takeEntries(ctx, source, entries, result, now);
    }
  } catch (error) {
    result.error = reasonOf(error);
    if (error instanceof PollFailure) retryAfterMs = error.retryAfterMs;
    if (!(error instanceof ApiError || error instanceof PollFailure)) ctx.log?.warn({ err: error, sourceId: id }, 'source poll failed');
  }
  const at = now();
  const failures = result.error ? source.failures + 1 : 0;
  const nextPollAt = new Date(at.getTime() + (result.error ? backoffMs(failures, retryAfterMs) : source.interval_minutes * 60_000));
  await ctx.db.transaction(async (tx: Queryable) => {
    await finishPoll(tx, id, { at, nextPollAt, error: result.error, notModified: result.notModified, validators, title });
    // A source that starts failing says so once, in the activity and to the webhooks (not at every retry).
    if (result.error && source.failures === 0) {
      await recordActivity(tx, 'source.failed', `Source ${source.feed_url} failed: ${result.error}`, at, null);
      await emitSourceEvents(tx, 'source.failed', [id], at);
    }
  });
  return result;
}

/** The entries of a feed or sitemap, those of a sitemap index's newest sitemaps (one level), at most SOURCE_MAX_ENTRIES_PER_POLL. */
async function listedEntries(ctx: SourcesContext, doc: SourceDocument, result: SourcePoll): Promise<ListedEntry[]> {
  if (doc.type === 'page') throw new PollFailure(sourceMessages.notAFeed);
  if (doc.type !== 'sitemapindex') return doc.entries.slice(0, SOURCE_MAX_ENTRIES_PER_POLL);
  const entries: ListedEntry[] = [];
  for (const sitemap of doc.sitemaps.slice(0, SOURCE_MAX_SITEMAPS_PER_POLL)) {
    if (entries.length >= SOURCE_MAX_ENTRIES_PER_POLL) break;
    const answer = await fetchDocument(ctx, sitemap.url);
    if (answer.status === 304) {
      result.notModified++;
      continue;
    }
    const child = await readDocument(ctx, answer);
    // One level deep: an index inside an index is not followed.
    if (child.type === 'sitemap') entries.push(...child.entries);
  }
  return entries.slice(0, SOURCE_MAX_ENTRIES_PER_POLL);
}

/** Each entry not seen before: claimed, then skipped, refused, scraped into a draft, or failed. */
async function takeEntries(ctx: SourcesContext, source: SourceRow, entries: ListedEntry[], result: SourcePoll, now: () => Date) {
  let include: RegExp | null = null;
  try {
    include = source.include ? new RegExp(source.include) : null;
  } catch {
    include = null;
  }
  for (const entry of entries) {
    const address = normalAddress(entry.url);
    const key = entry.id ?? address ?? entry.url;
    if (!(await claimEntry(ctx.db, source.id, { key, url: entry.url, address, title: entry.title }, now()))) continue;
    result.found++;
    const outcome = await takeEntry(ctx, source, entry, address, include);
    result[outcome.state]++;
    await settleEntry(ctx.db, source.id, key, outcome);
    // Still polling: the lease is renewed, so no other process takes the source meanwhile.
    await claimSource(ctx.db, source.id, new Date(0), new Date(now().getTime() + POLL_LEASE_MS)).catch(() => {});
  }
}

type Outcome = { state: 'created' | 'skipped' | 'refused' | 'failed'; reason: string | null; articleId: string | null };

async function takeEntry(ctx: SourcesContext, source: SourceRow, entry: ListedEntry, address: string | null, include: RegExp | null): Promise<Outcome> {
  if (include && !include.test(entry.url)) return { state: 'skipped', reason: sourceMessages.notIncluded, articleId: null };
  const existing = await articleOfAddress(ctx.db, entry.url, address);
  if (existing) return { state: 'skipped', reason: sourceMessages.alreadyScraped, articleId: existing };
  try {
    const robots = await ctx.polite.robots(entry.url);
    if (!robots.allowed) return { state: 'refused', reason: robots.reason, articleId: null };
    // The host's turn covers the page's requests (and its extraction), not the draft's writes.
    const { row } = await scrapeArticle(ctx, null, entry.url, {
      sourceId: source.id,
      unlessCopy: true,
      inTurn: (work) => ctx.polite.inTurn(entry.url, work),
    });
    return { state: 'created', reason: null, articleId: row.id };
  } catch (error) {
    if (error instanceof NearCopyError) return { state: 'skipped', reason: sourceMessages.nearCopy, articleId: error.copy.id };
    if (error instanceof ApiError && error.code === 'already_scraped') {
      return { state: 'skipped', reason: sourceMessages.alreadyScraped, articleId: error.extra.articleId ?? null };
    }
    if (error instanceof ApiError && error.code === 'url_not_allowed') return { state: 'refused', reason: error.message, articleId: null };
    return { state: 'failed', reason: reasonOf(error), articleId: null };
  }
}
