import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DeleteForeverDialog } from '../../../src/components/articles/DeleteForeverDialog';
import { serverMessages } from '../../../src/contract';
import { trashTexts as t } from '../../../src/lib/texts-articles';
import { FormDialog } from '../../../src/components/common/FormDialog';
import { expectBusy } from '../../busy';
import { opened } from '../../routes/plays';

const meta = {
  title: 'Components/Articles/DeleteForeverDialog',
  component: DeleteForeverDialog,
  subcomponents: { FormDialog },
  args: { itemName: 'Tomato blight, and how to stop it', onCancel: fn(), onConfirm: fn(), isDeleting: false, error: null },
} satisfies Meta<typeof DeleteForeverDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The dialog is portalled to the page's body. */
async function findDialog(canvasElement: HTMLElement) {
  const dialog = await opened(within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: t.confirmTitle }));
  return within(dialog);
}

/** It names the article and says it cannot be undone; Cancel comes first, and has the focus. */
export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement);
    await expect(dialog.getByText('This article will be deleted for good. This cannot be undone.')).toBeVisible();
    await expect(dialog.getByText('Tomato blight, and how to stop it')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete forever' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** While it deletes: the button waits, Cancel and Esc do nothing. */
export const Deleting: Story = {
  args: { isDeleting: true },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement);
    await expectBusy(dialog.getByRole('button', { name: /Deleting/ }));
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const Failed: Story = {
  args: { error: serverMessages.notInTrash },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement);
    await expect(dialog.getByRole('alert')).toHaveTextContent(serverMessages.notInTrash);
  },
};

export const Closed: Story = {
  args: { itemName: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement.ownerDocument.body).queryByRole('alertdialog')).toBeNull();
  },
};
