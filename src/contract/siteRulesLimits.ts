/** Rules per site's limits, messages and host names (zod-free: the Sources screen's form imports them). Re-exported by `./siteRules`. */

/** Selectors of one kind a site's rules hold at most. */
export const SITE_RULE_MAX_SELECTORS = 20;
export const SITE_RULE_MAX_SELECTOR_LENGTH = 300;
/** Characters of the article's text a trial answers at most. */
export const SITE_RULE_TRIAL_TEXT_CHARS = 5_000;

export const siteRuleMessages = {
  notFound: 'No rules for this site',
  notAHost: 'Enter a host name, such as news.example.com',
  empty: 'Give at least one selector to drop or keep, or the title\'s',
  tooMany: `At most ${SITE_RULE_MAX_SELECTORS} selectors of each kind`,
  tooLong: `A selector is at most ${SITE_RULE_MAX_SELECTOR_LENGTH} characters`,
  blank: 'A selector cannot be empty',
  /** 400 `invalid_selector`: the first selector the page's parser refuses. */
  notASelector: (selector: string) => `Not a CSS selector: ${selector}`,
};

/** A host name, lower case, its `www.` left out: what the rules are kept under. */
export function siteRuleHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
}

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
export const isSiteRuleHost = (host: string) => HOST.test(siteRuleHost(host));
