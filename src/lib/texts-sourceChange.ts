/**
 * Texts of the article page's Source card: how the article was fetched (its provenance), a
 * check of its page now, and a change the source made, with its comparison and the merge.
 */
import type { Provenance } from '../contract';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const sourceChangeTexts = {
  title: 'Source',
  subtitle: 'Where this article was fetched from, and whether the source changed it since',
  provenanceLabel: 'How it was fetched',
  fetchedFrom: 'Fetched from',
  finalUrl: 'After redirects',
  fetchedAt: 'Fetched',
  httpStatus: 'Answer',
  validators: 'Validators',
  noValidators: 'none (the page is fetched whole each time)',
  robots: (robots: Provenance['robots']) => (robots === 'allowed' ? 'Allowed by robots.txt' : 'Pasted by an admin: robots.txt not asked'),
  robotsLabel: 'robots.txt',
  extractor: 'Extractor',
  fromSource: 'Came from a source the console follows',
  noProvenance: 'Scraped before fetches were recorded, or written by hand: how it was fetched is not known.',
  noAddress: 'Written by hand: there is no source page to check.',

  check: 'Check the source',
  checking: 'Checking the source...',
  checkRefused: (why: string) => `${why}.`,
  outcome: {
    unchanged: 'The source has not changed since it was imported.',
    notModified: 'The source answered "not modified": nothing changed since it was last read.',
    changed: 'The source changed: see below.',
  },

  changed: {
    title: 'Source changed',
    detected: (when: string) => `The source's page changed since this article was imported (noticed ${when}). Nothing is taken until you merge.`,
    loading: 'Loading the source\'s change...',
    errorTitle: 'The source\'s change could not be loaded',
    retry: 'Try again',
    oldLabel: 'As imported',
    newLabel: 'The source now',
    newTitle: (title: string) => `The source's title now: "${title}"`,
    summary: (applied: number, conflicts: number) =>
      `${applied === 0 ? 'No change of the source\'s applies by itself' : `${count(applied, 'change', 'changes')} of the source's will be applied where you did not edit`}; ${
        conflicts === 0 ? 'no conflicts' : `${count(conflicts, 'conflict', 'conflicts')} where you and the source changed the same place`
      }.`,
    nothingToMerge: 'Nothing to merge into the blog HTML: only the raw text and the provenance follow the source.',
    conflictsLabel: 'Conflicts',
    conflict: (n: number) => `Conflict ${n}`,
    yours: 'Yours',
    theirs: 'The source\'s',
    take: 'Take the source\'s',
    keepHint: 'Unticked, your version stays.',
    merge: 'Merge',
    merging: 'Merging...',
    dismiss: 'Dismiss',
    dismissing: 'Dismissing...',
    mergeRefused: {
      published: 'Convert the article to a draft to merge: a published article is not edited',
      unsaved: 'Save or reset your HTML edits first: the merge starts from the saved HTML',
    },
  },

  merged: (kept: number) =>
    kept === 0 ? 'Merged: the source\'s changes are in the blog HTML. A new revision was saved.' : `Merged, keeping your version in ${count(kept, 'conflict', 'conflicts')}. A new revision was saved.`,
  dismissed: 'Set aside: this version of the source will not be flagged again.',
} as const;
