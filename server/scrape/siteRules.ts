/**
 * Rules per site (src/contract/siteRules.ts): kept per host, checked by the page parser before
 * they are saved (in a worker), tried on a page without saving, and found for every scrape of a
 * page of their site.
 */
import {
  SITE_RULE_TRIAL_TEXT_CHARS,
  siteRuleHost,
  siteRuleMessages,
  siteRulesInputSchema,
  type SiteRules,
  type SiteRulesInput,
  type SiteRuleTrial,
} from '../../src/contract/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { recordActivity } from '../repositories/activity.ts';
import {
  deleteSiteRuleRow,
  getSiteRuleRow,
  listSiteRuleRows,
  rememberRepeatedBlocks,
  siteRulesForHost,
  siteTextsOf,
  upsertSiteRuleRow,
} from '../repositories/siteRules.ts';
import { REPEATED_BLOCK_ARTICLES } from './boilerplate.ts';
import type { ExtractedArticle } from './extract.ts';
import { parseScrapeUrl, SCRAPE_TIMEOUT_MS, type SafeFetchOptions } from '../shared/safe-fetch.ts';
import type { WorkerPool } from '../workers/pool.ts';

interface RulesContext {
  db: Database;
  workers: WorkerPool;
}

const JOB_LIMITS = { timeoutMs: 10_000, tooSlow: () => apiError('page_too_slow'), tooBig: () => apiError('page_too_complex') };

/** Rules as sent, as they apply: every part present. */
export function rulesOf(input: SiteRulesInput): SiteRules {
  const parsed = siteRulesInputSchema.parse(input);
  return { drop: parsed.drop ?? [], keep: parsed.keep ?? [], title: parsed.title ?? null };
}

const selectorsOf = (rules: SiteRules) => [...rules.drop, ...rules.keep, ...(rules.title ? [rules.title] : [])];

export async function listSiteRules(ctx: { db: Queryable }) {
  return { data: await listSiteRuleRows(ctx.db) };
}

/** PUT /site-rules/:host: the rules set (every selector first read by the page parser). */
export async function saveSiteRules(ctx: RulesContext, actor: string, rawHost: string, input: SiteRulesInput) {
  const host = siteRuleHost(rawHost);
  const rules = rulesOf(input);
  await ctx.workers.run('checkSelectors', { selectors: selectorsOf(rules) }, JOB_LIMITS);
  const saved = await ctx.db.transaction(async (tx: Queryable) => {
    const before = await getSiteRuleRow(tx, host, true);
    const at = new Date();
    const row = await upsertSiteRuleRow(tx, host, rules, at, actor);
    const parts = [`${rules.drop.length} to drop`, `${rules.keep.length} to keep`, rules.title ? 'the title\'s' : null].filter(Boolean);
    await recordActivity(tx, 'site_rules.updated', `Rules for ${host} ${before ? 'changed' : 'set'}: ${parts.join(', ')}`, at, actor);
    return row;
  });
  return { data: saved };
}

/** DELETE /site-rules/:host. */
export async function deleteSiteRules(ctx: { db: Database }, actor: string, rawHost: string): Promise<void> {
  const host = siteRuleHost(rawHost);
  await ctx.db.transaction(async (tx: Queryable) => {
    if (!(await deleteSiteRuleRow(tx, host))) throw apiError('not_found', siteRuleMessages.notFound);
    await recordActivity(tx, 'site_rules.deleted', `Rules for ${host} removed`, new Date(), actor);
  });
}

const hostOf = (url: string): string | undefined => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
};

/** The rules that apply to the page at `url` (its host's, or its host's without `www.`), if any. */
export async function siteRulesFor(db: Queryable, url: string): Promise<SiteRules | undefined> {
  const hostname = hostOf(url);
  return hostname === undefined ? undefined : siteRulesForHost(db, [...new Set([hostname, siteRuleHost(hostname)])]);
}

/**
 * What an extraction of the page at `url` takes from its site: the site's rules, and its other
 * articles, to tell the paragraphs it repeats (server/scrape/boilerplate.ts).
 */
export async function siteContextFor(db: Queryable, url: string): Promise<{ site?: SiteRules; siteTexts?: { texts: string[]; known: string[] } }> {
  const hostname = hostOf(url);
  if (hostname === undefined) return {};
  const site = await siteRulesFor(db, url);
  const siteTexts = await siteTextsOf(db, hostname, url, REPEATED_BLOCK_ARTICLES);
  return { ...(site ? { site } : {}), ...(siteTexts.texts.length || siteTexts.known.length ? { siteTexts } : {}) };
}

/** The paragraphs an extraction found repeated on the page's site, remembered for its next pages. */
export async function rememberSiteBlocks(db: Queryable, page: ExtractedArticle): Promise<void> {
  const hostname = hostOf(page.url);
  if (hostname !== undefined && page.repeated?.keys.length) await rememberRepeatedBlocks(db, hostname, page.repeated.keys);
}

/** POST /site-rules/try: the page fetched and extracted with the rules in a worker, nothing saved. */
export async function trySiteRules(ctx: RulesContext & { scrape: SafeFetchOptions }, url: string, input: SiteRulesInput): Promise<{ data: SiteRuleTrial }> {
  parseScrapeUrl(url);
  const rules = rulesOf(input);
  const { siteTexts } = await siteContextFor(ctx.db, url);
  const page = await ctx.workers.run(
    'scrapePage',
    { url, fetch: ctx.scrape, site: rules, ...(siteTexts ? { siteTexts } : {}) },
    { ...JOB_LIMITS, timeoutMs: SCRAPE_TIMEOUT_MS + 20_000 },
  );
  const body = page.title && page.text.startsWith(`${page.title}\n\n`) ? page.text.slice(page.title.length + 2) : page.text;
  return {
    data: {
      url: page.url,
      title: page.title,
      text: body.length > SITE_RULE_TRIAL_TEXT_CHARS ? `${body.slice(0, SITE_RULE_TRIAL_TEXT_CHARS)}…` : body,
      words: page.quality.signals.words,
      quality: page.quality,
      matched: page.matched ?? { drop: [], keep: [], title: null },
    },
  };
}
