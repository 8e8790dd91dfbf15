import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DraftRestoreNotice } from '../../../src/components/article-detail/DraftRestoreNotice';
import { draftTime } from '../../../src/lib/articleDraft';
import { articleEditTexts as t } from '../../../src/lib/texts-article-edits';

/** Kept a few minutes ago: the notice names the time only. */
const today = new Date(Date.now() - 5 * 60_000).toISOString();
/** Kept on an earlier day: the notice names the date too. */
const earlier = '2026-03-04T12:03:00.000Z';

const meta = {
  title: 'Components/ArticleDetail/DraftRestoreNotice',
  component: DraftRestoreNotice,
  args: { savedAt: today, changedSince: false, onRestore: fn(), onDiscard: fn() },
} satisfies Meta<typeof DraftRestoreNotice>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The article is as it was when the edit began. */
export const Offered: Story = {
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement);
    const notice = canvas.getByRole('status');
    await expect(notice).toHaveTextContent(t.restorePrompt(draftTime(today)));
    // Today's draft: the hour and minute, no date.
    await expect(draftTime(today)).toMatch(/^\d\d:\d\d [AP]M$/);
    await expect(notice).not.toHaveTextContent(t.changedSince);
    await step('Restore', async () => {
      await userEvent.click(canvas.getByRole('button', { name: t.restore }));
      await expect(args.onRestore).toHaveBeenCalledTimes(1);
      await expect(args.onDiscard).not.toHaveBeenCalled();
    });
    await step('Discard', async () => {
      await userEvent.click(canvas.getByRole('button', { name: t.discard }));
      await expect(args.onDiscard).toHaveBeenCalledTimes(1);
    });
  },
};

/** Saved by someone since the edit began: the notice says so. */
export const ChangedSince: Story = {
  args: { changedSince: true },
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement).getByRole('status');
    await expect(notice).toHaveTextContent(t.restorePrompt(draftTime(today)));
    await expect(notice).toHaveTextContent(t.changedSince);
  },
};

/** Kept on another day: the time comes with its date, as the list cards write dates. */
export const FromAnotherDay: Story = {
  args: { savedAt: earlier },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.restorePrompt(draftTime(earlier)))).toBeVisible();
    // The date too (the day depends on the browser's time zone).
    await expect(draftTime(earlier)).toMatch(/^Mar \d, 2026, \d\d:\d\d [AP]M$/);
  },
};
