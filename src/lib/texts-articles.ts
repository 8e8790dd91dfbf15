import { serverMessages, TRASH_RETENTION_DAYS } from '../contract';

/**
 * Texts of the articles screen's search, sort, site filter, table view and New article link: a module of its own,
 * imported by that (lazy) screen only.
 */
export const articlesScreenTexts = {
  newArticle: 'New article',
  searchPlaceholder: 'Search articles...',
  searchLabel: 'Search articles',
  noMatch: (query: string) => `No articles match "${query}"`,
  noMatchHint: 'The search looks in titles, slugs, addresses and the scraped text.',
  clearSearch: 'Clear search',
  viewLabel: 'View',
  cardsView: 'Cards',
  tableView: 'Table',
  tableLabel: 'Articles',
  columnTitle: 'Title',
  columnStatus: 'Status',
  columnSite: 'Source site',
  columnUpdated: 'Updated',
  columnActions: 'Actions',
  open: 'Open',
  openArticle: (title: string) => `Open ${title}`,
  noSite: '—',
  sortLabel: 'Sort articles',
  sortRelevance: 'Best match',
  sortNewest: 'Newest',
  sortOldest: 'Oldest',
  sortUpdated: 'Recently updated',
  sortTitle: 'Title A–Z',
  siteLabel: 'Filter by source site',
  allSites: 'All sites',
  siteOption: (site: string, count: number) => `${site} (${count.toLocaleString('en-US')})`,
  /** The toggle of the articles whose last checks before publishing found something to fix. */
  attention: 'Needs attention',
  /** Its count, beside it (capped as search counts: '1,000+'). */
  attentionCount: (count: string) => `(${count})`,
  attentionHint: 'Only articles whose last checks before publishing found something to fix',
  nothingNeedsAttention: 'Nothing needs attention',
  nothingNeedsAttentionHint: 'The last checks of the articles in this tab found nothing to fix.',
  /** The toggle of the articles that look like a copy of another in the library. */
  sourceChanged: 'Source changed',
  sourceChangedHint: 'Only articles whose source page changed since they were imported: the change waits on the article page',
  noSourceChanged: 'No source changed',
  noSourceChangedHint: 'No article here has a change of its source waiting. Sources are checked again on their schedule, or from an article page.',
  copies: 'Looks like a copy',
  copiesHint: 'Only articles that look like a copy of another in the library: the same address, or a text at least 90% alike',
  noCopies: 'No copies',
  noCopiesHint: 'No article in this tab looks like a copy of another in the library.',
  /** Both toggles pressed and nothing left. */
  noCopiesNeedAttention: 'No copies need attention',
  noCopiesNeedAttentionHint: 'No article in this tab both looks like a copy of another and has something to fix.',
} as const;

/** Texts of the trash: the Trash tab, its rows and dialog, and the toasts of delete, Undo and restore. */
export const trashTexts = {
  tab: 'Trash',
  listLabel: 'Deleted articles',
  loading: 'Loading the trash...',
  errorTitle: 'Error Loading the Trash',
  errorFallback: 'Failed to fetch the trash',
  emptyTitle: 'The trash is empty',
  emptyBody: `Deleted articles stay here for ${TRASH_RETENTION_DAYS} days.`,
  noSlug: 'No slug',
  deletedOn: (date: string) => `Deleted ${date}`,
  /** Whole days left before the sweep deletes it (0: at the next sweep, within the hour). */
  purgeIn: (days: number) =>
    days <= 0 ? 'Deleted for good at the next sweep' : days === 1 ? 'Deleted for good in 1 day' : `Deleted for good in ${days} days`,
  restore: 'Restore',
  restoring: 'Restoring...',
  restoreAs: (slug: string) => `Restore as ${slug}`,
  deleteForever: 'Delete forever',
  deletingForever: 'Deleting...',
  confirmTitle: 'Delete forever?',
  confirmBody: 'This article will be deleted for good. This cannot be undone.',
  cancel: 'Cancel',
  deleted: 'Article deleted',
  undo: 'Undo',
  restored: 'Article restored',
  notRestored: 'Article not restored',
  restoreFailed: 'Could not restore the article',
} as const;

const articles = (n: number) => (n === 1 ? '1 article' : `${n.toLocaleString('en-US')} articles`);

/** Bulk actions on the list: the selection, its bar and what an action's toast says. */
export const bulkTexts = {
  select: (name: string) => `Select ${name}`,
  selectAll: 'Select all on this page',
  barLabel: 'Bulk actions',
  selected: (n: number) => `${n.toLocaleString('en-US')} selected`,
  publish: 'Publish',
  draft: 'Convert to draft',
  delete: 'Delete',
  clear: 'Clear selection',
  /** The server's own words when it refuses more than MAX_BULK_IDS ids. */
  tooMany: serverMessages.bulkTooMany,
  changed: {
    publish: (n: number) => `${articles(n)} published`,
    draft: (n: number) => `${articles(n)} converted to draft`,
    delete: (n: number) => `${articles(n)} moved to the trash`,
  },
  unchanged: {
    publish: (n: number) => `${n.toLocaleString('en-US')} already published`,
    draft: (n: number) => `${n.toLocaleString('en-US')} already drafts`,
    delete: (n: number) => `${n.toLocaleString('en-US')} already in the trash`,
  },
  refused: (n: number, message: string) => `${n.toLocaleString('en-US')} could not be changed: ${message}`,
  failed: 'The bulk action failed',
  undo: 'Undo',
  restored: (n: number) => `${articles(n)} restored`,
  notRestored: (n: number, message: string) => `${n.toLocaleString('en-US')} could not be restored: ${message}`,
} as const;
