import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EditConflictPanel } from '../../../src/components/article-detail/EditConflictPanel';
import { formatDateTime } from '../../../src/lib/format';
import { articleEditTexts as t } from '../../../src/lib/texts-article-edits';
import { expectBusy } from '../../busy';

const theirs = '<h1>Tomato soup</h1>\n<p>Simmer for 20 minutes, then blend.</p>';
const mine = '<h1>Tomato soup</h1>\n<p>Simmer for 30 minutes. Fresh basil helps.</p>';
const savedAt = '2026-03-04T14:05:09.000Z';

const meta = {
  title: 'Components/ArticleDetail/EditConflictPanel',
  component: EditConflictPanel,
  args: { field: 'blogData', theirs, theirsSavedAt: savedAt, mine, onKeepMine: fn(), onTakeTheirs: fn(), isSaving: false },
} satisfies Meta<typeof EditConflictPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

const panel = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: `${t.conflictTitle}: ${t.conflictField.blogData}` }));

/** The blog HTML: their saved version beside the unsaved edit, read-only, and the choice. */
export const BlogHtml: Story = {
  play: async ({ canvasElement, args, step }) => {
    const conflict = panel(canvasElement);
    await expect(conflict.getByRole('alert')).toHaveTextContent(t.conflictBody);
    const theirsPane = conflict.getByRole('region', { name: t.theirs(formatDateTime(savedAt)) });
    const minePane = conflict.getByRole('region', { name: t.mine });
    await expect(theirsPane).toHaveTextContent('Simmer for 20 minutes, then blend.');
    await expect(minePane).toHaveTextContent('Fresh basil helps.');
    // Read-only text, reachable by keyboard to read and scroll.
    await expect(within(minePane).queryByRole('textbox')).not.toBeInTheDocument();
    await expect(minePane).toHaveAttribute('tabindex', '0');
    await step('Keep mine', async () => {
      await userEvent.click(conflict.getByRole('button', { name: t.keepMine }));
      await expect(args.onKeepMine).toHaveBeenCalledTimes(1);
      await expect(args.onTakeTheirs).not.toHaveBeenCalled();
    });
    await step('Take theirs', async () => {
      await userEvent.click(conflict.getByRole('button', { name: t.takeTheirs }));
      await expect(args.onTakeTheirs).toHaveBeenCalledTimes(1);
    });
  },
};

/** The slug, when two admins renamed the article. */
export const Slug: Story = {
  args: { field: 'slug', theirs: 'tomato-soup-classic', mine: 'tomato-soup' },
  play: async ({ canvasElement }) => {
    const conflict = within(within(canvasElement).getByRole('region', { name: `${t.conflictTitle}: ${t.conflictField.slug}` }));
    await expect(conflict.getByRole('region', { name: t.mine })).toHaveTextContent('tomato-soup');
    await expect(conflict.getByRole('region', { name: t.theirs(formatDateTime(savedAt)) })).toHaveTextContent('tomato-soup-classic');
  },
};

/** Their version has no HTML: the pane says it is empty rather than showing nothing. */
export const TheirsEmpty: Story = {
  args: { theirs: '' },
  play: async ({ canvasElement }) => {
    await expect(panel(canvasElement).getByRole('region', { name: t.theirs(formatDateTime(savedAt)) })).toHaveTextContent(t.empty);
  },
};

/** Keep mine is saving: it says so, and neither choice can be made twice. */
export const Saving: Story = {
  args: { isSaving: true },
  play: async ({ canvasElement, args }) => {
    const conflict = panel(canvasElement);
    await expectBusy(conflict.getByRole('button', { name: t.saving }));
    await expect(conflict.getByRole('button', { name: t.takeTheirs })).toBeDisabled();
    await userEvent.click(conflict.getByRole('button', { name: t.takeTheirs }), { pointerEventsCheck: 0 });
    await expect(args.onTakeTheirs).not.toHaveBeenCalled();
  },
};
