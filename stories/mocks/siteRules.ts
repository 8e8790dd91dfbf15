/**
 * MSW handlers for the rules per site (server/routes/siteRules.ts): an in-memory fake with the
 * contract's schemas and messages. Selectors are read by the browser's parser, as the server's
 * page parser reads them; a trial applies the rules to SITE_RULES_PAGE as the server applies them
 * to a page (drop, then the title, then keep; nothing kept: the story body).
 */
import { delay, http, HttpResponse } from 'msw';
import {
  isSiteRuleHost,
  serverMessages,
  SITE_RULE_TRIAL_TEXT_CHARS,
  siteRuleHost,
  siteRuleMessages,
  siteRulesInputSchema,
  siteRuleTryInputSchema,
  type SiteRuleList,
  type SiteRules,
  type SiteRuleSet,
  type SiteRuleTrial,
} from '../../src/contract';
import { sampleSiteRules, SITE_RULES_PAGE, STORY_ADMIN } from '../fixtures';
import { errorResponse, invalidInput as invalid, PRIVATE_HOST } from './errors';

const SCRAPE_REFUSAL = 'This address is not allowed: private, loopback and link-local addresses cannot be scraped';

/** The elements `selector` matches, or the server's refusal of a selector its parser cannot read. */
function matching(root: ParentNode, selector: string): Element[] | Response {
  try {
    return Array.from(root.querySelectorAll(selector));
  } catch {
    return errorResponse('invalid_selector', siteRuleMessages.notASelector(selector));
  }
}

const rulesOf = (input: { drop?: string[]; keep?: string[]; title?: string | null }): SiteRules => ({
  drop: input.drop ?? [],
  keep: input.keep ?? [],
  title: input.title ?? null,
});

const textOf = (elements: readonly Element[]) =>
  elements
    .flatMap((element) => Array.from(element.matches('p') ? [element] : element.querySelectorAll('p')))
    .map((p) => (p.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');

/** SITE_RULES_PAGE as the rules make it. */
function trial(url: string, rules: SiteRules): SiteRuleTrial | Response {
  const doc = new DOMParser().parseFromString(SITE_RULES_PAGE, 'text/html');
  const drop: number[] = [];
  for (const selector of rules.drop) {
    const found = matching(doc, selector);
    if (found instanceof Response) return found;
    found.forEach((element) => element.remove());
    drop.push(found.length);
  }
  let title: string | undefined;
  if (rules.title) {
    const found = matching(doc, rules.title);
    if (found instanceof Response) return found;
    title = found[0]?.textContent?.trim() || undefined;
  }
  const kept: Element[] = [];
  const keep: number[] = [];
  for (const selector of rules.keep) {
    const found = matching(doc, selector);
    if (found instanceof Response) return found;
    kept.push(...found.filter((element) => !kept.includes(element)));
    keep.push(found.length);
  }
  const text = textOf(kept.length ? kept : [doc.querySelector('.story-body')!]);
  const words = text.split(/\s+/).filter(Boolean).length;
  return {
    url,
    title: title ?? doc.title.split(' | ')[0]!,
    text: text.length > SITE_RULE_TRIAL_TEXT_CHARS ? `${text.slice(0, SITE_RULE_TRIAL_TEXT_CHARS)}…` : text,
    words,
    quality: { score: 0.86, signals: { prose: 0.95, links: 0, words, agreement: null } },
    matched: { drop, keep, title: rules.title ? title !== undefined : null },
  };
}

export const siteRuleHandlers = {
  /** The rules' calls over an in-memory list that the story's actions change. */
  api: ({ rules = sampleSiteRules }: { rules?: readonly SiteRuleSet[] } = {}) => {
    let list = rules.map((set) => ({ ...set }));
    const sorted = () => [...list].sort((a, b) => a.host.localeCompare(b.host));
    const hostOf = (raw: unknown) => {
      const host = decodeURIComponent(String(raw));
      return isSiteRuleHost(host) ? siteRuleHost(host) : undefined;
    };
    return [
      http.get('*/api/site-rules', () => HttpResponse.json<SiteRuleList>({ data: sorted() })),
      http.post('*/api/site-rules/try', async ({ request }) => {
        const parsed = siteRuleTryInputSchema.safeParse(await request.json());
        if (!parsed.success) return invalid('body', parsed.error);
        let url: URL;
        try {
          url = new URL(parsed.data.url);
        } catch {
          return errorResponse('invalid_url', serverMessages.invalidUrl);
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return errorResponse('invalid_url', serverMessages.onlyHttpUrls);
        if (PRIVATE_HOST.test(url.hostname)) return errorResponse('url_not_allowed', SCRAPE_REFUSAL);
        const result = trial(url.href, rulesOf(parsed.data.rules));
        return result instanceof Response ? result : HttpResponse.json({ data: result });
      }),
      http.put('*/api/site-rules/:host', async ({ params, request }) => {
        const host = hostOf(params.host);
        if (!host) return errorResponse('validation_failed', `Invalid params field "host": ${siteRuleMessages.notAHost}`);
        const parsed = siteRulesInputSchema.safeParse(await request.json());
        if (!parsed.success) return invalid('body', parsed.error);
        const rules = rulesOf(parsed.data);
        const fragment = document.createDocumentFragment();
        for (const selector of [...rules.drop, ...rules.keep, ...(rules.title ? [rules.title] : [])]) {
          const found = matching(fragment, selector);
          if (found instanceof Response) return found;
        }
        const saved: SiteRuleSet = { host, ...rules, updatedAt: new Date().toISOString(), updatedBy: STORY_ADMIN };
        list = [...list.filter((set) => set.host !== host), saved];
        return HttpResponse.json({ data: saved });
      }),
      http.delete('*/api/site-rules/:host', ({ params }) => {
        const host = hostOf(params.host);
        if (!host || !list.some((set) => set.host === host)) return errorResponse('not_found', siteRuleMessages.notFound);
        list = list.filter((set) => set.host !== host);
        return new HttpResponse(null, { status: 204 });
      }),
    ];
  },
  /** No rules yet. */
  empty: () => siteRuleHandlers.api({ rules: [] }),
  /** The list never answers. */
  loading: () => [http.get('*/api/site-rules', () => delay('infinite'))],
  /** The database is down: the list fails. */
  failing: () => [http.get('*/api/site-rules', () => errorResponse('database_unavailable'))],
  /** A trial never answers (use after `api`). */
  trying: () => [http.post('*/api/site-rules/try', () => delay('infinite'))],
  /** The page has no article (use after `api`). */
  noArticle: () => [http.post('*/api/site-rules/try', () => errorResponse('no_article'))],
};
