/** The Sources screen's rules per site (src/components/sources/SiteRulesCard.tsx). */
import { SITE_RULE_MAX_SELECTORS } from '../contract/siteRulesLimits';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const siteRuleTexts = {
  title: 'Rules per site',
  intro:
    'For a site you scrape often: what to drop from its pages, what to keep as the article, and where its title is, by CSS selector. Every scrape of the site uses them, a source\'s included.',
  loading: 'Loading the rules…',
  loadFailed: 'The rules could not be loaded',
  empty: 'No rules yet: the pages of every site are extracted the same way.',
  manageRefused: (why: string) => `${why}. You can see the rules.`,
  add: 'Add rules for a site',
  edit: (host: string) => `Edit the rules for ${host}`,
  remove: (host: string) => `Remove the rules for ${host}`,
  summary: (rules: { drop: readonly string[]; keep: readonly string[]; title: string | null }) =>
    [
      rules.drop.length ? `drops ${rules.drop.join(', ')}` : null,
      rules.keep.length ? `keeps ${rules.keep.join(', ')}` : null,
      rules.title ? `title from ${rules.title}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
  updated: (when: string, who: string | null) => `Saved ${when}${who ? ` by ${who}` : ''}`,
  removed: (host: string) => `Rules for ${host} removed.`,
  confirmRemove: {
    title: 'Remove these rules?',
    body: (host: string) => `The pages of ${host} will be extracted as any other site's. Articles scraped already stay as they are.`,
    cancel: 'Cancel',
    confirm: 'Remove',
    deleting: 'Removing…',
  },
  form: {
    newTitle: 'Rules for a site',
    editTitle: (host: string) => `Rules for ${host}`,
    host: 'Site',
    hostHint: 'Its host name, such as news.example.com (www. is left out)',
    hostRequired: 'Enter the site\'s host name',
    drop: 'Drop',
    dropHint: `Elements removed from its pages before the article is found: one CSS selector a line, at most ${SITE_RULE_MAX_SELECTORS}`,
    keep: 'Keep as the article',
    keepHint: 'The article is what these match, in the page\'s order; when nothing matches, the article is found as without rules',
    title: 'Title',
    titleHint: 'The first element it matches gives the title',
    page: 'A page of the site',
    pageHint: 'Try the rules on it before you save them: nothing is saved',
    pageRequired: 'Enter the address of a page to try the rules on',
    tryIt: 'Try on this page',
    trying: 'Trying…',
    save: 'Save rules',
    saving: 'Saving…',
    cancel: 'Cancel',
    saved: (host: string) => `Rules for ${host} saved: the next scrape of its pages uses them.`,
  },
  trial: {
    title: 'What these rules make of the page',
    words: (n: number) => plural(n, 'word', 'words'),
    quality: (score: number) => `extraction quality ${Math.round(score * 100)}%`,
    noTitle: '(no title)',
    matched: (n: number) => (n === 0 ? 'matches nothing on this page' : `matches ${plural(n, 'element', 'elements')}`),
    titleFound: 'finds the title',
    titleMissed: 'finds no title on this page: the extractor\'s is used',
    textLabel: 'The article\'s text',
  },
};
