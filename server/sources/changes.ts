/**
 * A source that changed after its article was scraped. The article's page is fetched again,
 * politely (robots.txt, the host's pace) and conditionally (the validators it was last read
 * with: a 304 reads nothing), in a worker; its text is extracted as a scrape's. When the text
 * differs from the raw text last imported (and from one the editor set aside), the change is
 * kept, the article flagged, and the activity and the webhooks told (`article.source_changed`).
 * The editor merges it (src/contract/sourceMerge.ts: three-way, block by block; a new revision;
 * server/articles/operations/sourceChange.ts) or dismisses it;
 * nothing is taken without the editor. The watcher (./poller.ts) checks the articles of the
 * sources that watch theirs every SOURCE_RECHECK_HOURS; an admin checks any scraped article.
 */
import { serverMessages, type SourceChange, type SourceCheck } from '../../src/contract/index.ts';
import { forgetSourceChange, mergeInWorker, recordSourceChange, sourceBaseOf } from '../articles/operations/index.ts';
import { apiError } from '../errors.ts';
import { getArticle } from '../repositories/articles.ts';
import { claimCheck, dueChecks, finishCheck, getChange, getWatch, normalText, textHash } from '../repositories/sourceChanges.ts';
import { bringImagesHome, provenanceOf, rememberSiteBlocks, siteContextFor } from '../scrape/operations.ts';
import { SCRAPE_TIMEOUT_MS } from '../shared/safe-fetch.ts';
import type { SourcesContext } from './operations.ts';

export type ChangesContext = SourcesContext & { sourceRecheckMs: number };

/** How long a check holds its article before another process may take it. */
const CHECK_LEASE_MS = 5 * 60_000;
const articleNotFound = () => apiError('not_found', serverMessages.articleNotFound);

/**
 * POST /articles/:id/source-check (and the watcher, with `due`): the article's page fetched again
 * and compared. Answers undefined when `due` and another process holds the article's check.
 */
export async function checkSource(ctx: ChangesContext, actor: string | null, id: string, options: { due?: boolean } = {}): Promise<SourceCheck | undefined> {
  const article = await getArticle(ctx.db, id);
  if (!article) throw articleNotFound();
  if (!article.scraped_url) throw apiError('no_scraped_url');
  const started = new Date();
  if (!(await claimCheck(ctx.db, id, started, new Date(started.getTime() + CHECK_LEASE_MS)))) {
    if (options.due) return undefined;
    throw apiError('poll_running');
  }
  let notModified = false;
  try {
    const url = article.scraped_url;
    const robots = await ctx.polite.robots(url);
    if (!robots.allowed) throw apiError('robots_disallowed', robots.reason);
    // A change waiting was read with its own validators: a 304 to them is that change again.
    const kept = await getChange(ctx.db, id);
    const validators = kept?.provenance ?? article.provenance;
    const siteContext = await siteContextFor(ctx.db, url);
    const answer = await ctx.polite.inTurn(url, () =>
      ctx.workers.run(
        'recheckPage',
        { url, fetch: ctx.scrape, etag: validators?.etag ?? null, lastModified: validators?.lastModified ?? null, ...siteContext },
        { timeoutMs: SCRAPE_TIMEOUT_MS + 20_000, tooSlow: () => apiError('page_too_slow'), tooBig: () => apiError('page_too_complex') },
      ),
    );
    if (answer.notModified) {
      notModified = true;
      return { changed: kept !== undefined, notModified: true };
    }
    const page = answer.page;
    await rememberSiteBlocks(ctx.db, page);
    const watch = await getWatch(ctx.db, id);
    if (normalText(page.text) === normalText(article.scrapped_data) || textHash(page.text) === watch?.dismissed_hash) {
      // As imported (or as set aside): a change kept before is gone from the source.
      if (kept) await forgetSourceChange(ctx, id);
      return { changed: false, notModified: false };
    }
    const { page: withImages } = await bringImagesHome({ ...ctx, actor }, page);
    const provenance = provenanceOf(url, page, article.source_id ?? null);
    await recordSourceChange(ctx, actor, article, { text: page.text, html: withImages.html, title: page.title || null, provenance });
    return { changed: true, notModified: false };
  } finally {
    const at = new Date();
    await finishCheck(ctx.db, id, at, new Date(at.getTime() + ctx.sourceRecheckMs), notModified);
  }
}

/** The articles whose page is due to be asked again. */
export function dueSourceChecks(ctx: { db: ChangesContext['db'] }, limit: number, now = new Date()): Promise<string[]> {
  return dueChecks(ctx.db, limit, now);
}

/** GET /articles/:id/source-change: the old and new text, their diff (in a worker), and the merge as it would be made now. */
export async function getSourceChange(ctx: ChangesContext, id: string): Promise<SourceChange> {
  const article = await getArticle(ctx.db, id);
  if (!article) throw articleNotFound();
  const change = await getChange(ctx.db, id);
  if (!change) throw apiError('no_source_change');
  const diff = await ctx.workers.run(
    'wordDiff',
    { left: article.scrapped_data, right: change.new_text },
    { timeoutMs: 10_000, tooSlow: () => apiError('page_too_slow'), tooBig: () => apiError('page_too_complex') },
  );
  const merge = await mergeInWorker(ctx, await sourceBaseOf(ctx.db, article), article.blog_data ?? '', change.new_html);
  return {
    articleId: id,
    detectedAt: change.detected_iso,
    oldText: article.scrapped_data,
    newText: change.new_text,
    diff,
    newTitle: change.new_title,
    provenance: change.provenance,
    merge: { applied: merge.applied, conflicts: merge.conflicts },
  };
}
