import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LeaveWithoutSavingDialog } from '../../../src/components/article-detail/LeaveWithoutSavingDialog';
import { articleEditTexts as t } from '../../../src/lib/texts-article-edits';
import { FormDialog } from '../../../src/components/common/FormDialog';
import { opened } from '../../routes/plays';

const meta = {
  title: 'Components/ArticleDetail/LeaveWithoutSavingDialog',
  component: LeaveWithoutSavingDialog,
  subcomponents: { FormDialog },
  args: { open: true, onStay: fn(), onLeave: fn() },
} satisfies Meta<typeof LeaveWithoutSavingDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Asked when a link or back/forward would leave unsaved edits. */
export const Open: Story = {
  play: async ({ canvasElement, args, step }) => {
    // The dialog renders in a portal.
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await opened(body.findByRole('alertdialog', { name: t.leaveTitle }));
    await expect(dialog).toHaveTextContent(t.leaveBody);
    const inDialog = within(dialog);
    // Staying keeps the work: the button focused first.
    await waitFor(() => expect(inDialog.getByRole('button', { name: t.stay })).toHaveFocus());

    await step('Stay stays', async () => {
      await userEvent.click(inDialog.getByRole('button', { name: t.stay }));
      await expect(args.onStay).toHaveBeenCalledTimes(1);
      await expect(args.onLeave).not.toHaveBeenCalled();
    });
    await step('Leave leaves', async () => {
      await userEvent.click(inDialog.getByRole('button', { name: t.leave }));
      await expect(args.onLeave).toHaveBeenCalledTimes(1);
    });
    await step('Escape stays', async () => {
      await userEvent.keyboard('{Escape}');
      await expect(args.onStay).toHaveBeenCalledTimes(2);
      await expect(args.onLeave).toHaveBeenCalledTimes(1);
    });
  },
};

export const Closed: Story = {
  args: { open: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement.ownerDocument.body).queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};
