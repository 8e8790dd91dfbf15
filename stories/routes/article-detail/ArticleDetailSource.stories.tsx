// The article page's Source card against the fake server: a change of the source merged with a
// conflict taken, a check that finds a change then set aside, and a check answered "not modified".
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { sourceChangeTexts as t } from '../../../src/lib/texts-sourceChange';
import { articles, fixturesNow, makeArticle } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { findTitle, ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { articleDetailScreen } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/Source', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

const URL = 'https://news.example.com/2026/12/ferry-returns';
const p = (...texts: string[]) => texts.map((text) => `<p>${text}</p>\n`).join('');
const FIRST = 'The ferry returned to the harbour on Tuesday after three weeks in dry dock.';
const SECOND = 'Passengers said the crossing took longer than usual.';
const THIRD = 'The harbour master expects the channel to be dredged before winter.';
const FOURTH = 'The early boat now leaves after the catch is landed.';
const IMPORTED = p(FIRST, SECOND, THIRD, FOURTH);
const TEXT = `${FIRST}\n\n${SECOND}\n\n${THIRD}\n\n${FOURTH}`;

const ferry = makeArticle({
  id: 'art_01JD8W4G7Q2Z9K3M5N6PSOURCE1',
  title: 'Ferry returns',
  slug: 'ferry-returns',
  scrapedUrl: URL,
  newUrl: null,
  scrappedData: TEXT,
  // The editor rewrote the second paragraph since it was imported.
  blogData: p(FIRST, 'Passengers told us the crossing was slow.', THIRD, FOURTH),
  provenance: {
    sourceId: 'src_harbour',
    url: URL,
    finalUrl: URL,
    fetchedAt: fixturesNow,
    httpStatus: 200,
    etag: '"harbour-v1"',
    lastModified: null,
    robots: 'allowed',
    extractor: '@mozilla/readability 0.6.0',
  },
});

/** The source corrected the second paragraph and the last: the last applies by itself, the second conflicts with the editor's. */
const corrected = {
  base: IMPORTED,
  text: `${FIRST}\n\n${SECOND} The wind was strong.\n\n${THIRD}\n\n${FOURTH.replace('early', 'first')}`,
  html: p(FIRST, `${SECOND} The wind was strong.`, THIRD, FOURTH.replace('early', 'first')),
};

const sourceCard = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('region', { name: t.title }));

/**
 * Flagged: the card shows the source's text beside the imported one and the conflict; the source's
 * side of the conflict taken, Merge saves both of the source's changes and the flag goes.
 */
export const MergeWithConflictTaken: Story = {
  args: { path: `/articles/${ferry.id}` },
  beforeEach: using(() => articleHandlers.api([...articles, { ...ferry, sourceChanged: true }], [], { sourcePages: { [ferry.id]: corrected } })),
  play: async ({ canvasElement, step }) => {
    await findTitle(canvasElement, ferry.title!);
    const card = sourceCard(canvasElement);
    await step('the change, its summary and its conflict', async () => {
      await expect(await card.findByText(t.changed.summary(1, 1), undefined, ready)).toBeVisible();
      const conflict = within(card.getByRole('listitem', { name: t.changed.conflict(1) }));
      await expect(conflict.getByText('<p>Passengers told us the crossing was slow.</p>')).toBeVisible();
      await expect(conflict.getByText(`<p>${SECOND} The wind was strong.</p>`)).toBeVisible();
      await userEvent.click(conflict.getByRole('checkbox', { name: t.changed.take }));
    });
    await step('merged: said, the HTML the source\'s, the change gone', async () => {
      await userEvent.click(card.getByRole('button', { name: t.changed.merge }));
      await expect(await card.findByText(t.merged(0))).toBeVisible();
      await waitFor(() => expect(card.queryByRole('region', { name: t.changed.title })).toBeNull());
      await expect(within(canvasElement).getAllByText(/The wind was strong/).length).toBeGreaterThan(0);
      await expect(within(canvasElement).getAllByText(/The first boat now leaves/).length).toBeGreaterThan(0);
      await expect(within(canvasElement).queryByText(/the crossing was slow/)).toBeNull();
    });
  },
};

/** Not flagged: Check the source finds the change; Dismiss sets it aside. */
export const CheckFindsChangeThenDismiss: Story = {
  args: { path: `/articles/${ferry.id}` },
  beforeEach: using(() => articleHandlers.api([...articles, ferry], [], { sourcePages: { [ferry.id]: corrected } })),
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, ferry.title!);
    const card = sourceCard(canvasElement);
    await userEvent.click(card.getByRole('button', { name: t.check }));
    await expect(await card.findByText(t.outcome.changed)).toBeVisible();
    const dismiss = await card.findByRole('button', { name: t.changed.dismiss }, ready);
    await userEvent.click(dismiss);
    await expect(await card.findByText(t.dismissed)).toBeVisible();
    await waitFor(() => expect(card.queryByRole('region', { name: t.changed.title })).toBeNull());
  },
};

/** The source is as imported: the check says "not modified". */
export const CheckNotModified: Story = {
  args: { path: `/articles/${ferry.id}` },
  beforeEach: using(() => articleHandlers.api([...articles, ferry])),
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, ferry.title!);
    const card = sourceCard(canvasElement);
    await userEvent.click(card.getByRole('button', { name: t.check }));
    await expect(await card.findByText(t.outcome.notModified)).toBeVisible();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};
