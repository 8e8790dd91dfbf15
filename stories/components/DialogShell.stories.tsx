import type { Meta, StoryObj } from '@storybook/react-vite';
import { Dialog } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DialogShell } from '../../src/components/common/DialogShell';
import { opened } from '../routes/plays';

/** Every dialog's frame (FormDialog, ClosableDialog, the file preview): portalled, over a backdrop. */
const meta = {
  title: 'Components/Common/DialogShell',
  component: DialogShell,
  args: {
    open: true,
    onDismiss: fn(),
    children: (
      <>
        <Dialog.Header>
          <Dialog.Title>Versions of cover.png</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>Two earlier versions.</Dialog.Body>
      </>
    ),
  },
} satisfies Meta<typeof DialogShell>;
export default meta;

type Story = StoryObj<typeof meta>;

async function findDialog(canvasElement: HTMLElement) {
  const dialog = await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Versions of cover.png' }));
  return dialog;
}

/** Escape dismisses it. */
export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    await findDialog(canvasElement);
    await userEvent.keyboard('{Escape}');
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

/** Held (an action under way): Escape does nothing. */
export const Held: Story = {
  args: { held: true },
  play: async ({ canvasElement, args }) => {
    await findDialog(canvasElement);
    await userEvent.keyboard('{Escape}');
    await expect(args.onDismiss).not.toHaveBeenCalled();
  },
};
