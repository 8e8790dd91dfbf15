import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConvertToDraftDialog } from '../../../src/components/article-detail/ConvertToDraftDialog';
import { FormDialog } from '../../../src/components/common/FormDialog';
import { expectBusy } from '../../busy';
import { opened } from '../../routes/plays';

const meta = {
  title: 'Components/ArticleDetail/ConvertToDraftDialog',
  component: ConvertToDraftDialog,
  subcomponents: { FormDialog },
  args: { open: true, onClose: fn(), onConvert: fn(), isConverting: false },
} satisfies Meta<typeof ConvertToDraftDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvasElement, args, step }) => {
    // The dialog renders in a portal.
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await opened(body.findByRole('alertdialog', { name: 'Cannot Edit Published Article' }));
    await expect(dialog).toHaveTextContent(
      'This article is published. It must be converted to draft before it can be edited.',
    );
    const inDialog = within(dialog);

    await step('Cancel closes', async () => {
      await userEvent.click(inDialog.getByRole('button', { name: 'Cancel' }));
      await expect(args.onClose).toHaveBeenCalledTimes(1);
      await expect(args.onConvert).not.toHaveBeenCalled();
    });
    await step('Convert to Draft converts', async () => {
      await userEvent.click(inDialog.getByRole('button', { name: 'Convert to Draft' }));
      await expect(args.onConvert).toHaveBeenCalledTimes(1);
    });
    await step('Escape closes', async () => {
      await userEvent.keyboard('{Escape}');
      await expect(args.onClose).toHaveBeenCalledTimes(2);
    });
  },
};

export const Converting: Story = {
  args: { isConverting: true },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await opened(body.findByRole('alertdialog', { name: 'Cannot Edit Published Article' }));
    const convert = within(dialog).getByRole('button', { name: 'Converting...' });
    await expectBusy(convert);
    await userEvent.click(convert, { pointerEventsCheck: 0 });
    await expect(args.onConvert).not.toHaveBeenCalled();
    await expect(within(dialog).queryByRole('button', { name: 'Convert to Draft' })).not.toBeInTheDocument();
  },
};

export const Closed: Story = {
  args: { open: false },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};
