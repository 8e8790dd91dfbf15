// The article page's History card: every write is a revision; the list, its states, comparisons
// (with the current version, each other, the page as scraped), and a revision named and pinned.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { historyTexts as h } from '../../../src/lib/texts-history';
import { draftHistory } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready, opened } from '../plays';
import { body, type ScreenStory as Story, using } from '../screen';
import { articleDetailScreen, draft, historyCard, revisionRows, withHistory } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/History', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

/** A scraped article not edited since: its one revision, and what the history will hold. */
export const HistoryOneRevision: Story = {
  play: async ({ canvasElement }) => {
    const rows = await revisionRows(canvasElement);
    await expect(rows).toHaveLength(1);
    await expect(rows[0]).toHaveTextContent('Scraped');
    await expect((await historyCard(canvasElement)).getByText(h.onlyOne)).toBeVisible();
  },
};

/** 45 revisions: 20 at a time, the older ones on demand. */
export const HistoryLong: Story = {
  beforeEach({ msw }) {
    const seeds = Array.from({ length: 45 }, (_, i) => ({
      action: i === 0 ? ('scrape' as const) : i % 5 === 0 ? ('publish' as const) : i % 5 === 1 && i > 1 ? ('draft' as const) : ('edit' as const),
      actor: i % 2 ? 'sam@example.com' : 'dana@example.com',
      createdAt: new Date(Date.parse('2026-10-01T08:00:00.000Z') + i * 3_600_000).toISOString(),
      snapshot: { blogData: `<p>Version ${i + 1}</p>` },
    }));
    msw.use(...withHistory({ [draft.id]: seeds }));
  },
  play: async ({ canvasElement }) => {
    await expect(await revisionRows(canvasElement)).toHaveLength(20);
    const card = await historyCard(canvasElement);
    await expect(card.getByText(new RegExp(h.count(20, 45)))).toBeVisible();
    await userEvent.click(card.getByRole('button', { name: h.loadMore }));
    await waitFor(async () => expect(await revisionRows(canvasElement)).toHaveLength(40));
    await userEvent.click(card.getByRole('button', { name: h.loadMore }));
    await waitFor(async () => expect(await revisionRows(canvasElement)).toHaveLength(45));
    await expect(card.queryByRole('button', { name: h.loadMore })).not.toBeInTheDocument();
    await expect((await revisionRows(canvasElement)).at(-1)).toHaveAccessibleName(h.revision(1));
  },
};

export const HistoryLoading: Story = {
  beforeEach: using(() => articleHandlers.loadingHistory()),
  play: async ({ canvasElement }) => {
    const card = await historyCard(canvasElement);
    await expect(await card.findByText(h.loading)).toBeVisible();
  },
};

export const HistoryFailing: Story = {
  beforeEach: using(() => articleHandlers.failingHistory()),
  play: async ({ canvasElement }) => {
    const card = await historyCard(canvasElement);
    const alert = await card.findByRole('alert', undefined, ready);
    await expect(alert).toHaveTextContent(h.errorTitle);
    await expect(alert).toHaveTextContent('The database is not reachable right now.');
  },
};

/** The first revision beside the current version: the blog HTML word by word, then rendered. */
export const CompareWithCurrent: Story = {
  beforeEach: using(() => withHistory(draftHistory)),
  play: async ({ canvasElement }) => {
    const rows = await revisionRows(canvasElement);
    await expect(rows).toHaveLength(3);
    await userEvent.click(within(rows[2]!).getByRole('button', { name: h.compareWithCurrent }));
    const dialog = within(await opened(body(canvasElement).findByRole('dialog', { name: h.compareTitle })));
    const left = await dialog.findByRole('region', { name: h.side.revision(1, 'Scraped') });
    const right = dialog.getByRole('region', { name: h.side.current });
    await expect(within(left).getAllByRole('deletion').length).toBeGreaterThan(0);
    await expect(within(right).getAllByRole('insertion').map((d) => d.textContent).join(' ')).toContain('patience');
    await userEvent.click(dialog.getByRole('tab', { name: h.tabs.preview }));
    await expect(await dialog.findByTitle(h.previewOf(h.side.current))).toHaveAttribute('srcdoc', draft.blogData);
    await userEvent.click(dialog.getByRole('button', { name: h.close }));
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog', { name: h.compareTitle })).not.toBeInTheDocument());
  },
};

/** Two revisions ticked and compared with each other. */
export const CompareTwoRevisions: Story = {
  beforeEach: using(() => withHistory(draftHistory)),
  play: async ({ canvasElement }) => {
    await revisionRows(canvasElement);
    const card = await historyCard(canvasElement);
    await expect(card.getByRole('button', { name: h.compareSelected })).toBeDisabled();
    await userEvent.click(card.getByRole('checkbox', { name: h.select(2) }));
    await userEvent.click(card.getByRole('checkbox', { name: h.select(1) }));
    await userEvent.click(card.getByRole('button', { name: h.compareSelected }));
    const dialog = within(await opened(body(canvasElement).findByRole('dialog', { name: h.compareTitle })));
    // The older on the left.
    const right = await dialog.findByRole('region', { name: h.side.revision(2, 'Edited') });
    await expect(within(right).getAllByRole('insertion').map((d) => d.textContent).join(' ')).toContain('patience');
    await expect(dialog.getByRole('region', { name: h.side.revision(1, 'Scraped') })).toBeVisible();
  },
};

/** The page as scraped beside the current blog HTML: the ad the extraction dropped shows struck through. */
export const CompareWithSource: Story = {
  beforeEach: using(() => withHistory(draftHistory)),
  play: async ({ canvasElement }) => {
    await revisionRows(canvasElement);
    await userEvent.click((await historyCard(canvasElement)).getByRole('button', { name: h.compareSource }));
    const dialog = within(await opened(body(canvasElement).findByRole('dialog', { name: h.compareTitle })));
    const source = await dialog.findByRole('region', { name: h.side.source });
    await expect(within(source).getAllByRole('deletion').map((d) => d.textContent).join('')).toContain('Buy seeds');
  },
};

/** A version on its way: the comparison waits. */
export const CompareLoading: Story = {
  beforeEach: using(() => articleHandlers.loadingRevision(), () => withHistory(draftHistory)),
  play: async ({ canvasElement }) => {
    const rows = await revisionRows(canvasElement);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: h.compareWithCurrent }));
    const dialog = within(await opened(body(canvasElement).findByRole('dialog', { name: h.compareTitle })));
    // The dialog fades in.
    const loading = await dialog.findByText(h.loadingVersion);
    await waitFor(() => expect(loading).toBeVisible());
  },
};

/** Name a revision and pin it: the row says so. */
export const PinAndName: Story = {
  beforeEach: using(() => withHistory(draftHistory)),
  play: async ({ canvasElement }) => {
    const rows = await revisionRows(canvasElement);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: h.actions(2) }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: h.rename }));
    const form = within(await opened(body(canvasElement).findByRole('dialog', { name: h.labelTitle(2) })));
    await userEvent.type(form.getByRole('textbox', { name: h.nameLabel }), 'Approved by legal');
    await userEvent.click(form.getByRole('checkbox', { name: h.pinLabel }));
    await userEvent.click(form.getByRole('button', { name: h.save }));
    await waitFor(async () => expect((await revisionRows(canvasElement))[1]).toHaveTextContent('“Approved by legal”'));
    await expect(within((await revisionRows(canvasElement))[1]!).getByText(h.pinned)).toBeVisible();
  },
};
