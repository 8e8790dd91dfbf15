import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RevisionLabelDialog } from '../../../src/components/article-history';
import { historyTexts as t } from '../../../src/lib/texts-history';
import { sampleRevision } from '../../fixtures';
import { expectBusy } from '../../busy';
import { opened } from '../../routes/plays';

const meta = {
  title: 'Components/ArticleHistory/RevisionLabelDialog',
  component: RevisionLabelDialog,
  args: { revision: sampleRevision(4, 7), isPending: false, error: null, onSave: fn(), onCancel: fn() },
} satisfies Meta<typeof RevisionLabelDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The form, once it has faded in. */
async function dialog(canvasElement: HTMLElement) {
  const found = await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.labelTitle(4) }));
  await waitFor(() => expect(within(found).getByText(t.pinLabel)).toBeVisible());
  return within(found);
}

/** A name (trimmed) and the pin, saved together. */
export const NameAndPin: Story = {
  play: async ({ canvasElement, args }) => {
    const form = await dialog(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: t.nameLabel }), '  Approved by legal  ');
    await userEvent.click(form.getByRole('checkbox', { name: t.pinLabel }));
    await userEvent.click(form.getByRole('button', { name: t.save }));
    await expect(args.onSave).toHaveBeenCalledWith({ name: 'Approved by legal', pinned: true });
  },
};

/** Over 100 characters: said at the field, and nothing is sent. */
export const NameTooLong: Story = {
  play: async ({ canvasElement, args }) => {
    const form = await dialog(canvasElement);
    const field = form.getByRole('textbox', { name: t.nameLabel });
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(101));
    await waitFor(() => expect(form.getByText(t.nameTooLong)).toBeVisible());
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('button', { name: t.save })).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** A named, pinned revision opens with its name and pin; clearing the name removes it. */
export const Existing: Story = {
  args: { revision: sampleRevision(4, 7, { name: 'Before the launch', pinned: true }) },
  play: async ({ canvasElement, args }) => {
    const form = await dialog(canvasElement);
    const field = form.getByRole('textbox', { name: t.nameLabel });
    await expect(field).toHaveValue('Before the launch');
    await expect(form.getByRole('checkbox', { name: t.pinLabel })).toBeChecked();
    await userEvent.clear(field);
    await userEvent.click(form.getByRole('button', { name: t.save }));
    await expect(args.onSave).toHaveBeenCalledWith({ name: null, pinned: true });
  },
};

/** Saving, and a refusal from the server. */
export const Saving: Story = {
  args: { isPending: true },
  play: async ({ canvasElement }) => {
    await expectBusy((await dialog(canvasElement)).getByRole('button', { name: new RegExp(t.saving) }));
  },
};

export const Refused: Story = {
  args: { error: 'Revision not found' },
  play: async ({ canvasElement }) => {
    await expect((await dialog(canvasElement)).getByRole('alert')).toHaveTextContent('Revision not found');
  },
};
