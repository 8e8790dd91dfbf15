import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RestoreRevisionDialog } from '../../../src/components/article-history';
import { serverMessages } from '../../../src/contract';
import { historyTexts as t } from '../../../src/lib/texts-history';
import { sampleRevision } from '../../fixtures';
import { expectBusy } from '../../busy';
import { opened } from '../../routes/plays';

const meta = {
  title: 'Components/ArticleHistory/RestoreRevisionDialog',
  component: RestoreRevisionDialog,
  args: { revision: sampleRevision(3, 7), isPending: false, error: null, onConfirm: fn(), onCancel: fn() },
} satisfies Meta<typeof RestoreRevisionDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The question, once it has faded in. */
async function dialog(canvasElement: HTMLElement) {
  const found = await opened(within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: t.restoreTitle(3) }));
  await waitFor(() => expect(within(found).getByText(t.restoreBody(3))).toBeVisible());
  return found;
}

/** Says what changes and that the current version stays in the history. */
export const Confirm: Story = {
  play: async ({ canvasElement, args }) => {
    const question = within(await dialog(canvasElement));
    await expect(question.getByText(t.restoreBody(3))).toBeVisible();
    await expect(question.getByText(t.restoreKeepsStatus)).toBeVisible();
    await userEvent.click(question.getByRole('button', { name: t.restore }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(question.getByRole('button', { name: t.cancel }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** Restoring: the dialog waits and cannot be dismissed. */
export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvasElement }) => {
    const question = within(await dialog(canvasElement));
    await expect(question.getByRole('button', { name: t.cancel })).toBeDisabled();
    await expectBusy(question.getByRole('button', { name: new RegExp(t.restoring) }));
  },
};

/** Refused: another admin changed the article since it was loaded (the page shows their version). */
export const RefusedStale: Story = {
  args: { error: serverMessages.articleStale },
  play: async ({ canvasElement }) => {
    const question = within(await dialog(canvasElement));
    await expect(question.getByRole('alert')).toHaveTextContent(serverMessages.articleStale);
  },
};

/** Refused: the revision's slug belongs to another article now. */
export const RefusedSlugTaken: Story = {
  args: { error: serverMessages.slugTaken },
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByRole('alert')).toHaveTextContent(serverMessages.slugTaken);
  },
};
