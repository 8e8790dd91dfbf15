import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RevisionList } from '../../../src/components/article-history';
import { historyTexts as t } from '../../../src/lib/texts-history';
import { sampleRevision, sampleRevisions } from '../../fixtures';
import { expectBusy } from '../../busy';
import { opened } from '../../routes/plays';

const meta = {
  title: 'Components/ArticleHistory/RevisionList',
  component: RevisionList,
  args: {
    revisions: sampleRevisions(5),
    total: 5,
    isLoading: false,
    error: null,
    onRetry: fn(),
    hasMore: false,
    isLoadingMore: false,
    onLoadMore: fn(),
    selected: [],
    onToggleSelect: fn(),
    onCompareWithCurrent: fn(),
    onRestore: fn(),
    onTogglePin: fn(),
    onRename: fn(),
  },
} satisfies Meta<typeof RevisionList>;
export default meta;

type Story = StoryObj<typeof meta>;

const rows = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('list', { name: t.listLabel })).getAllByRole('listitem');
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Who, when, why and what changed, newest first; the newest is the current version. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const items = rows(canvasElement);
    await expect(items).toHaveLength(5);
    const [newest, , , , oldest] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    await expect(newest).toHaveAccessibleName(t.revision(5));
    await expect(within(newest).getByText(t.current)).toBeVisible();
    // The current version has nothing to compare with itself.
    await expect(within(newest).queryByRole('button', { name: t.compareWithCurrent })).not.toBeInTheDocument();
    await expect(oldest).toHaveTextContent('Scraped');
    await expect(oldest).toHaveTextContent('by dana@example.com');
    await expect(oldest).toHaveTextContent('Changed: Title, Slug, Blog HTML, Raw text, Scraped URL');
    await userEvent.click(within(oldest).getByRole('button', { name: t.compareWithCurrent }));
    await expect(args.onCompareWithCurrent).toHaveBeenCalledWith(1);
    await expect(within(canvasElement).getByText(`${t.count(5, 5)} · ${t.selectHint}`)).toBeVisible();
  },
};

/** Ticks for a comparison: at most two; a third waits until one is unticked. */
export const TwoSelected: Story = {
  args: { selected: [2, 4] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: t.select(2) })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: t.select(4) })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: t.select(3) })).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: t.select(4) }));
    await expect(args.onToggleSelect).toHaveBeenCalledWith(4);
  },
};

/** The row's menu: restore, pin, name. */
export const RowActions: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const [item, spy] of [
      [t.restore, args.onRestore],
      [t.pin, args.onTogglePin],
      [t.rename, args.onRename],
    ] as const) {
      await userEvent.click(canvas.getByRole('button', { name: t.actions(3) }));
      const menu = await opened(body(canvasElement).findByRole('menu'));
      await userEvent.click(within(menu).getByRole('menuitem', { name: item }));
      await waitFor(() => expect(spy).toHaveBeenCalledWith(expect.objectContaining({ number: 3 })));
    }
    // The current version cannot be restored: it is what the article is.
    await userEvent.click(canvas.getByRole('button', { name: t.actions(5) }));
    // Escape reaches the menu once it holds the focus (on a busy machine, a frame or more after it shows).
    const menu = await opened(body(canvasElement).findByRole('menu'));
    await expect(within(menu).getByRole('menuitem', { name: t.pin })).toBeVisible();
    await expect(body(canvasElement).queryByRole('menuitem', { name: t.restore })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(menu).not.toBeVisible());
  },
};

/** A pinned revision and a named one say so. */
export const PinnedAndNamed: Story = {
  args: {
    revisions: [sampleRevision(3, 3), sampleRevision(2, 3, { pinned: true, name: 'Before the launch' }), sampleRevision(1, 3)],
    total: 3,
  },
  play: async ({ canvasElement }) => {
    const second = rows(canvasElement)[1]!;
    await expect(within(second).getByText(t.pinned)).toBeVisible();
    await expect(within(second).getByText('“Before the launch”')).toBeVisible();
    const trigger = within(second).getByRole('button', { name: t.actions(2) });
    await userEvent.click(trigger);
    const unpin = await body(canvasElement).findByRole('menuitem', { name: t.unpin });
    await waitFor(() => expect(unpin).toBeVisible());
    // Escape once the menu holds the focus (before, on a busy machine, it went nowhere and the menu stayed).
    await waitFor(() => expect(unpin.closest('[role="menu"]')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A new article: its creation is its one revision. */
export const OneRevision: Story = {
  args: { revisions: [sampleRevision(1, 1)], total: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t.count(1, 1) })).toBeVisible();
    await expect(canvas.getByText(t.onlyOne)).toBeVisible();
    await expect(rows(canvasElement)).toHaveLength(1);
  },
};

/** A long history comes 20 at a time: older ones on demand. */
export const LongHistory: Story = {
  args: { revisions: sampleRevisions(20, 137), total: 137, hasMore: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(rows(canvasElement)).toHaveLength(20);
    await expect(canvas.getByText(`${t.count(20, 137)} · ${t.selectHint}`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.loadMore }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
  },
};

/** The next page on its way. */
export const LoadingMore: Story = {
  args: { revisions: sampleRevisions(20, 137), total: 137, hasMore: true, isLoadingMore: true },
  play: async ({ canvasElement }) => {
    await expectBusy(within(canvasElement).getByRole('button', { name: t.loadingMore }));
  },
};

export const Loading: Story = {
  args: { revisions: undefined, isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t.loading);
  },
};

export const Failed: Story = {
  args: { revisions: undefined, error: 'The database is not reachable right now. Nothing was changed; try again in a moment.' },
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent(t.errorTitle);
    await expect(alert).toHaveTextContent('The database is not reachable right now.');
    await userEvent.click(within(alert).getByRole('button', { name: t.retry }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A role that may not restore, pin or name revisions: each row offers comparisons only. */
export const ComparisonsOnly: Story = {
  args: { canChange: false },
  play: async ({ canvasElement }) => {
    const [newest, older] = rows(canvasElement) as [HTMLElement, HTMLElement];
    await expect(within(newest).queryByRole('button', { name: t.actions(5) })).toBeNull();
    await expect(within(older).queryByRole('button', { name: t.actions(4) })).toBeNull();
    await expect(within(older).getByRole('button', { name: t.compareWithCurrent })).toBeEnabled();
  },
};
