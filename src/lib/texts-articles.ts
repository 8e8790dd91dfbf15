/**
 * Texts of the articles screen's search, table view and New article link: a module of its own,
 * imported by that (lazy) screen only.
 */
export const articlesScreenTexts = {
  newArticle: 'New article',
  searchPlaceholder: 'Search articles...',
  searchLabel: 'Search articles',
  noMatch: (query: string) => `No articles match "${query}"`,
  noMatchHint: 'The search looks in slugs and addresses.',
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
} as const;
