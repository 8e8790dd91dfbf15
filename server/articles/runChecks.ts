/**
 * A run of the checks before publishing on an article's saved HTML (src/contract/checks.ts):
 * parsed in the worker pool, other sites' addresses asked there too (those kept within their
 * time are not asked again), and the result kept for the article's page and the list's attention
 * filter. Runs for `POST /articles/:id/checks` and, by itself, after an article's content
 * changes (ChecksQueue below): one article after the other, never on the request thread.
 */
import type { FastifyBaseLogger } from 'fastify';
import { addressItems, MAX_CHECKED_ADDRESSES, type ArticleChecks } from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { storeArticleChecks } from '../repositories/articleChecks.ts';
import { signArticle } from './duplicates.ts';
import { freshAddressChecks, storeAddressChecks } from '../repositories/addressChecks.ts';
import { getArticle } from '../repositories/articles.ts';
import { imageAlts } from '../repositories/files.ts';
import type { Queryable } from '../db/database.ts';
import { libraryFileIdOf } from '../shared/fileRefs.ts';
import type { ArticleRow } from '../repositories/articleRows.ts';

/** How long one address of another site may take to answer the checks (less than a scrape's page). */
const ADDRESS_TIMEOUT_MS = 5_000;
/**
 * The most a run of the checks waits for other sites' addresses: eight at a time, so 200 that
 * each take the whole ADDRESS_TIMEOUT_MS end within 125 s.
 */
const ADDRESS_CHECKS_TIMEOUT_MS = 150_000;

type ChecksContext = Pick<AppContext, 'db' | 'workers' | 'scrape'>;

/** Runs the checks of an article as it was read and keeps the result. */
export async function runArticleChecks(ctx: ChecksContext, article: ArticleRow, now = new Date()): Promise<ArticleChecks> {
  const { db, workers } = ctx;
  const limits = { tooSlow: () => apiError('page_too_slow'), tooBig: () => apiError('page_too_complex') };
  const { checks, addresses } = await workers.run(
    'checkArticle',
    { html: article.blog_data ?? '', title: article.title, checkedAt: now.getTime() },
    { timeoutMs: 30_000, ...limits },
  );
  // Other sites' addresses: those kept (an answer within the day, a failure within ten
  // minutes) are not asked again; the rest, up to the cap, through the safe fetch in a worker.
  const urls = [...new Set([...addresses.links, ...addresses.images])].slice(0, MAX_CHECKED_ADDRESSES);
  const known = await freshAddressChecks(db, urls, now);
  const seen = new Set(known.map((found) => found.url));
  const asked = urls.filter((url) => !seen.has(url));
  const answered = asked.length
    ? await workers.run(
        'checkAddresses',
        { urls: asked, fetch: { ...ctx.scrape, timeoutMs: Math.min(ctx.scrape.timeoutMs ?? ADDRESS_TIMEOUT_MS, ADDRESS_TIMEOUT_MS) } },
        { timeoutMs: ADDRESS_CHECKS_TIMEOUT_MS, ...limits },
      )
    : [];
  await storeAddressChecks(db, answered, now);
  const checked = new Map([...known, ...answered].map((found) => [found.url, found]));
  const result = { ...checks, items: [...checks.items, ...addressItems(addresses, checked)] };
  await storeArticleChecks(db, article, result);
  return result;
}

/**
 * The result as an answer: each item of an image of the library without alt text carries the
 * alt text the file has now (read at each answer, not kept: the file's may change after the run).
 */
export async function withFileAlts(db: Queryable, checks: ArticleChecks): Promise<ArticleChecks> {
  const fileOf = new Map(checks.items.filter((item) => item.kind === 'alt' && !item.ok).map((item) => [item, libraryFileIdOf(item.target)]));
  const ids = [...new Set([...fileOf.values()].filter((id) => id !== undefined))];
  const alts = await imageAlts(db, ids);
  if (!alts.size) return checks;
  return {
    ...checks,
    items: checks.items.map((item) => {
      const alt = alts.get(fileOf.get(item) ?? '');
      return alt ? { ...item, fileAlt: alt } : item;
    }),
  };
}

/**
 * What the server does by itself after an article's content changes: its checks, and its
 * signature for near-duplicates (raw text, canonical address), each whatever became of the other.
 */
export async function afterContentChange(ctx: ChecksContext, articleId: string, log: FastifyBaseLogger): Promise<void> {
  const article = await getArticle(ctx.db, articleId);
  if (!article) return;
  try {
    await runArticleChecks(ctx, article);
  } catch (err) {
    log.warn({ err, articleId }, 'the checks before publishing did not run');
  }
  await signArticle(ctx, article);
}

/**
 * The checks the server runs by itself after an article's content changes (created, scraped,
 * its title or blog HTML edited, a revision restored): queued in this process, one article at a
 * time, an article queued again while it waits taken once. A run that fails is logged; the
 * article's page shows its last result as stale, and a run on demand does it again. What waits
 * when the process stops is not run (the next change, or a run on demand, does it).
 */
export class ChecksQueue {
  private readonly waiting = new Set<string>();
  private running: Promise<void> | undefined;
  /** The article whose run is under way. */
  private current: string | undefined;
  private stopped = false;

  constructor(
    private readonly run: (articleId: string) => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    /** false: nothing is queued (AppOptions.background.checks). */
    private readonly enabled = true,
  ) {}

  /** Queues a run of the article's checks after what waits already. */
  add(articleId: string): void {
    if (!this.enabled || this.stopped) return;
    this.waiting.add(articleId);
    this.kick();
  }

  /** Starts draining unless it runs: an article added while the last run was ending starts the next. */
  private kick(): void {
    if (this.running || this.stopped || this.waiting.size === 0) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      this.kick();
    });
  }

  private async drain(): Promise<void> {
    for (let next = this.first(); next !== undefined && !this.stopped; next = this.first()) {
      this.waiting.delete(next);
      this.current = next;
      try {
        await this.run(next);
      } catch (err) {
        this.log.warn({ err, articleId: next }, 'an article was not checked or signed after its change');
      } finally {
        this.current = undefined;
      }
    }
  }

  private first(): string | undefined {
    return this.waiting.values().next().value;
  }

  /** Whether the article's run waits or is under way in this process. */
  has(articleId: string): boolean {
    return this.current === articleId || this.waiting.has(articleId);
  }

  /** Resolves once nothing waits or runs (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Takes nothing more and waits for the run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.clear();
    await this.running;
  }
}
