/**
 * Rules per site: for a site a team scrapes often, what to drop from its pages, what to keep as
 * the article, and where its title is, by CSS selector. Set on a host (its `www.` left out: the
 * rules of `example.com` apply to `www.example.com`), they apply to every scrape of a page of it
 * (an admin's, a source's, a source's page asked again); a page is tried with rules before they
 * are saved.
 *
 * - `drop`: elements removed from the page before the article is found.
 * - `keep`: the article is these elements, in the page's order (the extractor's choice and our
 *   generic rules are then not used); when none matches, the extractor finds the article as
 *   without rules.
 * - `title`: the text of the first element it matches is the title.
 *
 * - `GET /site-rules` → `{ data: SiteRuleSet[] }`, by host
 * - `PUT /site-rules/:host` `{ drop?, keep?, title? }` → `{ data: SiteRuleSet }`
 * - `DELETE /site-rules/:host` → 204
 * - `POST /site-rules/try` `{ url, rules }` → `{ data: SiteRuleTrial }`: the page fetched and its
 *   article extracted with the rules, nothing saved
 * Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';
import { extractionQualitySchema } from './sources';
import { isSiteRuleHost, SITE_RULE_MAX_SELECTOR_LENGTH, SITE_RULE_MAX_SELECTORS, siteRuleMessages } from './siteRulesLimits';

export * from './siteRulesLimits';

const selectorSchema = z
  .string()
  .trim()
  .min(1, siteRuleMessages.blank)
  .max(SITE_RULE_MAX_SELECTOR_LENGTH, siteRuleMessages.tooLong);
const selectorListSchema = z.array(selectorSchema).max(SITE_RULE_MAX_SELECTORS, siteRuleMessages.tooMany);

/** A site's rules as they apply. */
export const siteRulesSchema = z.object({
  drop: z.array(z.string()),
  keep: z.array(z.string()),
  title: z.string().nullable(),
});
export type SiteRules = z.infer<typeof siteRulesSchema>;

/** Rules as sent: each part optional (none: empty), at least one selector in all. */
export const siteRulesInputSchema = z
  .strictObject({
    drop: selectorListSchema.optional(),
    keep: selectorListSchema.optional(),
    title: selectorSchema.nullable().optional(),
  })
  .refine((rules) => Boolean(rules.drop?.length || rules.keep?.length || rules.title), siteRuleMessages.empty);
export type SiteRulesInput = z.input<typeof siteRulesInputSchema>;

/** The rules of one host. */
export const siteRuleSetSchema = siteRulesSchema.extend({
  host: z.string(),
  updatedAt: z.string(),
  /** Who saved them last (their email). */
  updatedBy: z.string().nullable(),
});
export type SiteRuleSet = z.infer<typeof siteRuleSetSchema>;

export const siteRuleListSchema = z.object({ data: z.array(siteRuleSetSchema) });
export type SiteRuleList = z.infer<typeof siteRuleListSchema>;
export const siteRuleResultSchema = z.object({ data: siteRuleSetSchema });

export const siteRuleHostParamsSchema = z.object({
  host: z.string().max(253).refine(isSiteRuleHost, siteRuleMessages.notAHost),
});

export const siteRuleTryInputSchema = z.strictObject({
  url: z.string().trim().min(1, 'Enter the address of a page of the site').max(2048),
  rules: siteRulesInputSchema,
});
export type SiteRuleTryInput = z.input<typeof siteRuleTryInputSchema>;

/** How many elements each selector matched on a page (in the rules' order). */
export const siteRuleMatchesSchema = z.object({
  drop: z.array(z.number().int().nonnegative()),
  keep: z.array(z.number().int().nonnegative()),
  /** Whether the title's selector found a title (null: no such selector). */
  title: z.boolean().nullable(),
});
export type SiteRuleMatches = z.infer<typeof siteRuleMatchesSchema>;

/** A page's article as the rules make it, not saved. */
export const siteRuleTrialSchema = z.object({
  /** The address read, after redirects. */
  url: z.string(),
  title: z.string(),
  /** The article's text, paragraphs apart, cut at SITE_RULE_TRIAL_TEXT_CHARS. */
  text: z.string(),
  words: z.number().int().nonnegative(),
  quality: extractionQualitySchema,
  matched: siteRuleMatchesSchema,
});
export type SiteRuleTrial = z.infer<typeof siteRuleTrialSchema>;
export const siteRuleTrialResultSchema = z.object({ data: siteRuleTrialSchema });
