/** Sample history for stories: revisions as the server lists them, snapshots, long texts. */
import { revisionReason, type RevisionAction, type RevisionSnapshot, type RevisionSummary } from '../src/contract';
import { draftArticle } from './fixtures';

const minute = 60 * 1000;
const start = Date.parse('2026-11-18T09:00:00.000Z');

const actions: RevisionAction[] = ['scrape', 'edit', 'edit', 'publish', 'draft', 'rescrape', 'edit', 'restore', 'bulk_publish', 'bulk_draft', 'trash', 'untrash'];
const actors = ['dana@example.com', 'admin@example.com', 'sam@example.com', null];

/** Revision `number` of a long history, as the list shows it (`latest`: the article's last). */
export function sampleRevision(number: number, latest: number, overrides: Partial<RevisionSummary> = {}): RevisionSummary {
  const action = actions[(number - 1) % actions.length]!;
  const restoredFrom = action === 'restore' ? Math.max(1, number - 4) : null;
  const createdAt = new Date(start + number * 47 * minute).toISOString();
  return {
    id: `${draftArticle.id}:${number}`,
    number,
    createdAt,
    updatedAt: action === 'edit' && number % 2 === 0 ? new Date(start + number * 47 * minute + 6 * minute).toISOString() : createdAt,
    actor: number === 1 ? 'dana@example.com' : (actors[number % actors.length] ?? null),
    action,
    reason: revisionReason(action, restoredFrom),
    restoredFrom,
    changed:
      action === 'edit'
        ? ['blogData', ...(number % 3 === 0 ? (['title'] as const) : [])]
        : action === 'publish' || action === 'draft' || action === 'bulk_publish' || action === 'bulk_draft'
          ? ['status']
          : action === 'trash' || action === 'untrash'
            ? ['trash']
            : action === 'rescrape'
              ? ['scrappedData', 'source']
              : ['title', 'slug', 'blogData', 'scrappedData', 'scrapedUrl'],
    pinned: false,
    name: null,
    current: number === latest,
    ...overrides,
  };
}

/** The newest `count` revisions of a history of `total`, newest first. */
export const sampleRevisions = (count: number, total = count) =>
  Array.from({ length: count }, (_, i) => sampleRevision(total - i, total));

export const baseSnapshot: RevisionSnapshot = {
  status: 'draft',
  inTrash: false,
  title: draftArticle.title ?? null,
  slug: draftArticle.slug,
  blogData: '<h1>How to grow tomatoes</h1>\n<p>Tomatoes need sun, water and patience.</p>\n<p>Pick a sunny balcony.</p>',
  scrappedData: 'How to grow tomatoes\n\nTomatoes need sun, water and patience.\n\nPick a sunny balcony.',
  scrapedUrl: draftArticle.scrapedUrl,
  newUrl: draftArticle.newUrl,
  sourceHtml:
    '<div class="entry"><h2 class="title">How to grow tomatoes</h2><p>Tomatoes need sun, water and patience.</p><div class="ad">Buy seeds now!</div><p>Pick a sunny balcony.</p></div>',
};

export const editedSnapshot: RevisionSnapshot = {
  ...baseSnapshot,
  title: 'Growing tomatoes on a balcony',
  slug: 'growing-tomatoes-balcony',
  blogData: '<h1>Growing tomatoes on a balcony</h1>\n<p>Tomatoes need sun, water and a little patience.</p>\n<p>Pick the sunniest corner.</p>',
};

/** About `kb` KB of article HTML, paragraph `changed` (or those it picks) reworded when given. */
export function longHtml(kb: number, changed?: number | ((i: number) => boolean)): string {
  const paragraphs = Math.ceil((kb * 1024) / 140);
  const reworded = (i: number) => (typeof changed === 'function' ? changed(i) : i === changed);
  return Array.from({ length: paragraphs }, (_, i) =>
    reworded(i)
      ? `<p>Paragraph ${i}: a reworded paragraph that an editor rewrote, with new words in it.</p>`
      : `<p>Paragraph ${i}: tomatoes grow best with sun, water and patience, and a good container.</p>`,
  ).join('\n');
}
