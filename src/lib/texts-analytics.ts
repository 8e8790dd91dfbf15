/** The Analytics screen's texts (/analytics, the dashboard's 'Analytics' quick action). */
const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

export const analyticsTexts = {
  title: 'Analytics',
  intro: 'What happened to the articles and the library, day by day (UTC).',
  periodLabel: 'Period',
  period: (days: number) => `Last ${days} days`,
  /** Inside a sentence: 'Views per day, last 30 days: …'. */
  periodInSentence: (days: number) => `last ${days} days`,
  showTable: 'Show table',
  total: 'Total',
  day: 'Day',
  loading: 'Loading analytics...',
  errorTitle: 'Analytics could not be loaded',
  retry: 'Retry',
  chartsFailed: 'The charts could not be loaded: the table shows the figures.',
  empty: {
    title: 'Nothing to chart yet',
    body: (days: number) =>
      `No article was created, published, deleted or read in the last ${days} days. The charts fill in as articles are scraped or written, published, and read through the public API.`,
  },

  articles: {
    title: 'Articles per day',
    created: 'Created',
    published: 'Published',
    deleted: 'Deleted',
    /** The card's one-line summary, and (with the title and period) the chart's accessible name. */
    figures: (created: number, published: number, deleted: number) =>
      `${count(created)} created, ${count(published)} published, ${count(deleted)} deleted`,
  },

  views: {
    title: 'Views per day',
    views: 'Views',
    figures: (total: number) => `${count(total)} in total`,
  },

  topArticles: {
    title: 'Most read articles',
    intro: 'Reads through the public API in the period.',
    views: (n: number) => plural(n, 'view', 'views'),
    /** An article with neither title nor slug: as its card names it. */
    fallback: (shortId: string) => `Article #${shortId}`,
    empty: 'No article was read in the period.',
  },

  topSites: {
    title: 'Top source sites',
    site: 'Site',
    articles: 'Articles',
    figures: (sites: number, first: string, articles: number) =>
      `${plural(sites, 'site', 'sites')}; the most articles come from ${first} (${count(articles)})`,
    empty: 'No article has a source site yet.',
  },

  storage: {
    title: 'Storage by type',
    images: 'Images',
    pdfs: 'PDFs',
    figures: (images: string, pdfs: string) => `${images} of images and ${pdfs} of PDFs at the end of the period`,
    empty: 'No images or PDFs in the library yet.',
  },

  /** A chart's accessible name: 'Views per day, last 30 days: 1,234 in total'. */
  chartLabel: (title: string, days: number, figures: string) => `${title}, last ${days} days: ${figures}`,
  /** A table's caption. */
  tableCaption: (title: string, days: number) => `${title}, last ${days} days`,
} as const;
