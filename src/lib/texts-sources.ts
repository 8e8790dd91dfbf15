/**
 * Texts of the Sources screen: the feeds and sitemaps followed, adding one, their actions and
 * their entries. A module of its own, imported by that (lazy) screen only.
 */
import { SOURCE_RECHECK_HOURS, type SourceEntryState, type SourceKind, type SourcePoll } from '../contract';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const sourceTexts = {
  title: 'Sources',
  intro:
    'Feeds and sitemaps this console follows. Each new entry becomes a draft, once, as if its address had been pasted; robots.txt is honoured and each site is asked one page at a time.',
  manageRefused: (why: string) => `${why}. You can see the sources and their entries.`,

  list: {
    label: 'Sources',
    loading: 'Loading sources...',
    errorTitle: 'The sources could not be loaded',
    emptyTitle: 'No sources yet',
    emptyBody: 'Add a feed, a sitemap or a site\'s page below: its new articles will become drafts by themselves.',
  },

  source: {
    kind: { feed: 'Feed', sitemap: 'Sitemap' } satisfies Record<SourceKind, string>,
    following: 'Following',
    paused: 'Paused',
    failing: 'Failing',
    every: (minutes: number) => (minutes % 60 === 0 ? `Polled every ${count(minutes / 60, 'hour', 'hours')}` : `Polled every ${count(minutes, 'minute', 'minutes')}`),
    lastPolled: (when: string) => `last polled ${when}`,
    neverPolled: 'not polled yet',
    nextPoll: (when: string) => `next poll ${when}`,
    include: (pattern: string) => `Only addresses matching ${pattern}`,
    counts: ({ found, created, skipped, refused, failed }: { found: number; created: number; skipped: number; refused: number; failed: number }) =>
      `${count(found, 'entry', 'entries')} found: ${count(created, 'draft', 'drafts')} made, ${skipped.toLocaleString('en-US')} skipped, ${refused.toLocaleString('en-US')} refused, ${failed.toLocaleString('en-US')} failed`,
    notModified: (n: number) => `${count(n, 'poll', 'polls')} answered "not modified"`,
    failingTitle: (n: number) => (n === 1 ? 'The last poll failed' : `The last ${n} polls failed`),
    retryAt: (when: string) => `It is tried again ${when}, waiting longer after each failure (up to a day).`,
    added: (when: string, by: string | null) => (by ? `Added ${when} by ${by}` : `Added ${when}`),
    drafts: (days: number, total: number, today: number) =>
      `Drafts a day, last ${days} days: ${count(total, 'draft', 'drafts')}, ${today.toLocaleString('en-US')} today`,
    watch: 'Watch its articles for changes',
    watchHint: `Their pages are fetched again every ${SOURCE_RECHECK_HOURS} hours by default; a change is flagged "Source changed" for the editor to merge.`,
    watched: 'Its articles are watched for changes.',
    notWatched: 'Its articles are not watched for changes.',
    watchOn: 'Its articles are watched: a change of their pages is flagged.',
    watchOff: 'Its articles are no longer watched.',
    // Actions (the visible text, and the name a screen reader hears with the source's address).
    pollNow: 'Poll now',
    pollNowLabel: (url: string) => `Poll now ${url}`,
    polling: 'Polling...',
    polled: (poll: SourcePoll) =>
      poll.error
        ? `The poll failed: ${poll.error}`
        : poll.notModified && !poll.found
          ? 'Nothing new: the source answered "not modified".'
          : poll.found === 0
            ? 'Nothing new.'
            : `Polled: ${count(poll.found, 'new entry', 'new entries')}, ${count(poll.created, 'draft', 'drafts')} made, ${poll.skipped} skipped, ${poll.refused} refused, ${poll.failed} failed.`,
    pause: 'Pause',
    pauseLabel: (url: string) => `Pause ${url}`,
    pausing: 'Pausing...',
    pausedDone: 'Source paused: it is not polled until it is resumed.',
    resume: 'Resume',
    resumeLabel: (url: string) => `Resume ${url}`,
    resuming: 'Resuming...',
    resumedDone: 'Source resumed: it is polled now.',
    entries: 'Entries',
    entriesLabel: (url: string) => `Entries of ${url}`,
    delete: 'Delete',
    deleteLabel: (url: string) => `Delete ${url}`,
  },

  remove: {
    title: 'Stop following this source?',
    body: (url: string) => `${url} will no longer be polled and its entries are forgotten. The drafts and articles made from it stay.`,
    cancel: 'Cancel',
    confirm: 'Delete source',
    deleting: 'Deleting...',
    done: (url: string) => `${url} is no longer followed.`,
  },

  form: {
    title: 'Add source',
    intro: 'The address of an RSS, Atom or JSON feed, of a sitemap, or of a site\'s page that names its feed. Private and local addresses are refused.',
    url: 'Address',
    urlPlaceholder: 'https://example.com/feed.xml',
    urlRequired: 'Enter the address of a feed, a sitemap or a page',
    interval: 'Poll every (minutes)',
    intervalHint: '5 at least; 60 by default.',
    intervalInvalid: 'Enter a whole number of minutes, 5 or more',
    include: 'Only addresses matching (optional)',
    includeHint: 'A regular expression, e.g. /news/ to take only the news pages.',
    submit: 'Add source',
    submitting: 'Reading the address...',
    added: (feedUrl: string, found: readonly string[]) =>
      found.length > 1
        ? `Following ${feedUrl}. ${found.length} feeds on this page: the first is followed (${found.slice(1).join(', ')} not).`
        : `Following ${feedUrl}. Its first poll comes within a minute, or use Poll now.`,
  },

  /** The dashboard's Sources card. */
  dashboard: {
    title: 'Sources',
    viewAll: 'View sources',
    draftsToday: (n: number) => `${count(n, 'draft', 'drafts')} from sources today`,
    following: (n: number) => `${count(n, 'source', 'sources')} followed`,
    failing: (n: number) => `${count(n, 'source', 'sources')} failing`,
    noneFailing: 'No source is failing.',
  },

  log: {
    title: (url: string) => `Entries of ${url}`,
    intro: 'What became of each entry this source listed, newest first.',
    close: 'Close',
    listLabel: 'Entries',
    loading: 'Loading entries...',
    error: 'The entries could not be loaded',
    empty: 'No entry yet: the source has not been polled, or listed nothing.',
    loadMore: 'Show older entries',
    loadingMore: 'Loading older entries...',
    state: { created: 'Draft made', skipped: 'Skipped', refused: 'Refused', failed: 'Failed' } satisfies Record<SourceEntryState, string>,
    seen: (when: string) => `Seen ${when}`,
    article: 'Open the draft',
    matched: 'Open the article it matched',
  },
} as const;
