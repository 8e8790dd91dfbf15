/**
 * New articles: a draft written by an admin (POST /articles), a draft from a scraped page (POST
 * /articles/scrape and `npm run scrape`), and a draft's text taken again from its page (POST
 * /articles/:id/rescrape).
 */
import { serverMessages, type Article, type ArticleCreate, type Duplicate, type ScrapeWarning } from '../../../src/contract/index.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, apiError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { findScrapedArticleId, getArticle, insertDraft, isSlugTaken, updateScrapedText, type NewArticle } from '../../repositories/articles.ts';
import { toArticle } from '../../repositories/articleRows.ts';
import { dropChange, watchArticle } from '../../repositories/sourceChanges.ts';
import { ingestPage, provenanceOf, type IngestContext } from '../../scrape/operations.ts';
import { writeArticles, type ArticleWriteContext, type ArticleWriter } from '../commit.ts';
import { duplicatesOf, NearCopyError, nearCopyOfText, signArticle } from '../duplicates.ts';
import { articleLabel, assertValidSlug, freeSlug, nextUpdatedAt, normalTitle, pageTitle, slugify } from '../rules.ts';

export const articleNotFound = () => apiError('not_found', serverMessages.articleNotFound);

/** A new draft, with its activity entry and first revision; `scraped`: made by a scrape, with the page's extracted HTML. */
async function insertArticle(writer: ArticleWriter, values: NewArticle, actor: string | null, scraped?: { sourceHtml: string | null }) {
  const at = new Date();
  const row = await insertDraft(writer.tx, newId(at.getTime()), values, at);
  await writer.commit(null, row, {
    actor,
    at,
    revision: scraped ? 'scrape' : 'create',
    sourceHtml: scraped?.sourceHtml,
    activity: { kind: 'article.created', message: `Article ${articleLabel(row)} created` },
    checks: true,
  });
  return row;
}

/** POST /articles: a draft as the admin wrote it; 409 when its slug is taken. */
export async function createArticle(ctx: ArticleWriteContext, actor: string, body: ArticleCreate): Promise<Article> {
  if (body.slug !== undefined) assertValidSlug(body.slug);
  const row = await writeArticles(ctx, async (writer) => {
    if (body.slug !== undefined && (await isSlugTaken(writer.tx, body.slug))) throw apiError('slug_taken');
    return insertArticle(
      writer,
      {
        title: normalTitle(body.title),
        slug: body.slug ?? null,
        blog_data: body.blogData ?? null,
        scraped_url: body.scrapedUrl ?? null,
        new_url: body.newUrl ?? null,
        scrapped_data: body.scrappedData ?? '',
      },
      actor,
    );
  });
  return toArticle(row);
}

export const alreadyScraped = (articleId: string) => apiError('already_scraped', { extra: { articleId } });

type ScrapeContext = IngestContext & ArticleWriteContext & {
  /** How long after its scrape a watching source's article is first fetched again (SOURCE_RECHECK_HOURS; server/sources/changes.ts). */
  sourceRecheckMs?: number;
};

export interface ScrapeOptions {
  /** Scrape an address scraped before all the same. */
  force?: boolean;
  /** The source whose entry it is (server/sources), whose poll read robots.txt first. */
  sourceId?: string;
  /**
   * Refuse a page whose text is a near-copy of an article's (NearCopyError, before its images
   * are imported or anything is written), and sign the draft at once, so that the next page
   * taken sees it: a source's entries.
   */
  unlessCopy?: boolean;
  /**
   * Runs the page's fetch, extraction and images (not the writes after): a source's host's turn
   * (server/sources/polite.ts), so the next page of that host waits for the requests alone.
   */
  inTurn?: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * A draft from the page at `rawUrl`: refused with 409 when that address was scraped before
 * (unless `force`), named with a free slug from the page's title, with how it was fetched.
 */
export async function scrapeArticle(ctx: ScrapeContext, actor: string | null, rawUrl: string, options: ScrapeOptions = {}) {
  const url = rawUrl.trim();
  if (!options.force) {
    const existing = await findScrapedArticleId(ctx.db, url);
    if (existing) throw alreadyScraped(existing);
  }
  const inTurn = options.inTurn ?? ((work) => work());
  const { page, warnings, images } = await inTurn(() =>
    ingestPage({ ...ctx, actor }, url, async (extracted) => {
      if (!options.unlessCopy) return;
      // A lookup that fails (the workers busy) does not keep the page out.
      const copy = await nearCopyOfText(ctx, extracted.text).catch(() => null);
      if (copy) throw new NearCopyError(copy);
    }),
  );
  const provenance = provenanceOf(url, page, options.sourceId ?? null);
  const base = slugify(page.title || new URL(page.url).pathname.split('/').filter(Boolean).at(-1) || '');
  // A concurrent writer may take the suggested slug between the check and the insert: retry.
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await writeArticles(ctx, async (writer) => {
        const inserted = await insertArticle(
          writer,
          {
            title: pageTitle(page.title),
            slug: await freeSlug(writer.tx, base),
            blog_data: page.html,
            scraped_url: url,
            new_url: null,
            scrapped_data: page.text,
            source_id: options.sourceId ?? null,
            provenance,
          },
          actor,
          { sourceHtml: page.sourceHtml },
        );
        // What it imported, the base of a later merge of its source's changes; a source's article is fetched again on the schedule.
        const recheck = options.sourceId && ctx.sourceRecheckMs ? new Date(Date.now() + ctx.sourceRecheckMs) : null;
        await watchArticle(writer.tx, inserted.id, page.html, recheck);
        return inserted;
      });
      // Signed now (the checks' run signs it again later): a lookup that fails leaves it to them.
      if (options.unlessCopy) await signArticle(ctx, row).catch(() => {});
      return { row, warnings, images };
    } catch (error) {
      if (attempt < 3 && error instanceof ApiError && error.code === 'slug_taken') continue;
      throw error;
    }
  }
}

/**
 * POST /articles/scrape: the draft, and what it looks like a copy of (its signature kept at
 * once). The draft is saved: a lookup that fails (the workers busy) answers none rather than
 * fail the scrape.
 */
export async function scrapeToDraft(
  ctx: ScrapeContext & Pick<AppContext, 'workers'>,
  actor: string,
  url: string,
  options: ScrapeOptions & { onLookupFailed?: (error: unknown, articleId: string) => void } = {},
): Promise<{ data: Article; warnings: ScrapeWarning[]; images: { imported: number; reused: number }; duplicates: Duplicate[] }> {
  const { row, warnings, images } = await scrapeArticle(ctx, actor, url, options);
  const duplicates = await duplicatesOf(ctx, row).catch((error: unknown) => {
    options.onLookupFailed?.(error, row.id);
    return [];
  });
  return { data: toArticle(row), warnings, images, duplicates };
}

/**
 * POST /articles/:id/rescrape: the draft's raw text taken again from its page (and its blog
 * HTML, with `replaceBlogData`); refused for a published article or one with no address.
 */
export async function rescrapeArticle(ctx: ScrapeContext, actor: string, id: string, replaceBlogData: boolean) {
  const before = await getArticle(ctx.db, id);
  if (!before) throw articleNotFound();
  if (before.status === 'published') throw apiError('article_published');
  if (!before.scraped_url) throw apiError('no_scraped_url');
  const { page, warnings, images } = await ingestPage({ ...ctx, actor }, before.scraped_url);
  const row = await writeArticles(ctx, async (writer) => {
    // The article may have changed while the page was fetched: judge it again, locked.
    const current = await getArticle(writer.tx, before.id, true);
    if (!current) throw articleNotFound();
    if (current.status === 'published') throw apiError('article_published');
    const at = nextUpdatedAt(current.updated_at);
    // The title follows the source when its content is taken again (or when there is none); a
    // text-only refresh keeps the admin's title.
    const sourceTitle = pageTitle(page.title);
    const title = (replaceBlogData || !current.title) && sourceTitle ? sourceTitle : current.title;
    const provenance = provenanceOf(before.scraped_url!, page, current.source_id ?? null);
    // The source's text is taken: a change of it waiting is done with; with the blog HTML, the merge's base is the page's now.
    await dropChange(writer.tx, current.id);
    if (replaceBlogData) await watchArticle(writer.tx, current.id, page.html, null);
    const updated = await updateScrapedText(writer.tx, current.id, page.text, replaceBlogData, page.html, title, at, provenance);
    await writer.commit(current, updated, {
      actor,
      at,
      revision: 'rescrape',
      sourceHtml: page.sourceHtml,
      activity: { kind: 'article.html', message: `${replaceBlogData ? 'Raw text and blog HTML' : 'Raw text'} of ${articleLabel(current)} scraped again` },
      event: 'article.updated',
      checks: true,
    });
    return updated;
  });
  return { data: toArticle(row), warnings, images };
}
