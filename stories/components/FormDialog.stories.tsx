import type { Meta, StoryObj } from '@storybook/react-vite';
import { Field, Input } from '@chakra-ui/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../src/components/common/Button';
import { FormDialog } from '../../src/components/common/FormDialog';
import { expectBusy } from '../busy';

/**
 * The dialogs that ask, then act (Delete forever, Restore this version, Name…, Edit, Schedule…,
 * Re-scrape, Convert to Draft, Leave without saving): a title, the body, the failure's line,
 * Cancel and the action.
 */
const meta = {
  title: 'Components/Common/FormDialog',
  component: FormDialog,
  args: {
    open: true,
    title: 'Rename the endpoint',
    cancelLabel: 'Cancel',
    submitLabel: 'Save',
    pendingText: 'Saving...',
    onCancel: fn(),
    onSubmit: fn(),
    asForm: true,
    holdWhilePending: true,
    error: null,
    children: (
      <Field.Root>
        <Field.Label>Name</Field.Label>
        <Input defaultValue="Newsletter" autoComplete="off" />
      </Field.Root>
    ),
  },
} satisfies Meta<typeof FormDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The dialog is portalled to the page's body, and fades in. */
async function findDialog(canvasElement: HTMLElement, role: 'dialog' | 'alertdialog', name: string) {
  const dialog = await within(canvasElement.ownerDocument.body).findByRole(role, { name });
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

/** A form: Enter in a field submits; Cancel cancels. */
export const Form: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement, 'dialog', 'Rename the endpoint');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), ' weekly{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** The server refused: its words below the fields, the fields kept. */
export const Failed: Story = {
  args: { error: 'This address is not allowed: it is private.' },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement, 'dialog', 'Rename the endpoint');
    await expect(dialog.getByRole('alert')).toHaveTextContent('This address is not allowed: it is private.');
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Newsletter');
  },
};

/** Under way and held: the action waits, Cancel and Escape do nothing. */
export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement, 'dialog', 'Rename the endpoint');
    await expectBusy(dialog.getByRole('button', { name: /Saving/ }));
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).not.toHaveBeenCalled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A question without fields (an alertdialog): Cancel comes first and has the focus; the action is red when it cannot be undone. */
export const Question: Story = {
  args: {
    role: 'alertdialog',
    title: 'Delete this endpoint?',
    submitLabel: 'Delete',
    submitPalette: 'red',
    asForm: false,
    children: 'Its deliveries are deleted with it.',
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement, 'alertdialog', 'Delete this endpoint?');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** Once done, its own actions instead of Cancel and the action. */
export const Done: Story = {
  args: { children: 'Saved.', asForm: false, actions: <Button>Close</Button> },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement, 'dialog', 'Rename the endpoint');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Cancel' })).toBeNull();
  },
};
