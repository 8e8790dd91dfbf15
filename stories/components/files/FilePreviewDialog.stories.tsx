import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FilePreviewDialog } from '../../../src/components/files/FilePreviewDialog';
import { files, makeFile } from '../../fixtures';
import { opened } from '../../routes/plays';

/** A one-page PDF, inline, so the preview needs no server. */
const tinyPdfDataUrl =
  'data:application/pdf;base64,JVBERi0xLjQKMSAwIG9iajw8L1R5cGUvQ2F0YWxvZy9QYWdlcyAyIDAgUj4+ZW5kb2JqCjIgMCBvYmo8PC9UeXBlL1BhZ2VzL0tpZHNbMyAwIFJdL0NvdW50IDE+PmVuZG9iagozIDAgb2JqPDwvVHlwZS9QYWdlL1BhcmVudCAyIDAgUi9NZWRpYUJveFswIDAgMjAwIDIwMF0+PmVuZG9iagp0cmFpbGVyPDwvUm9vdCAxIDAgUj4+CiUlRU9G';

const image = files[1]!;
const pdf = makeFile({ url: tinyPdfDataUrl });

const meta = {
  title: 'Components/Files/FilePreviewDialog',
  component: FilePreviewDialog,
  args: { file: image, onClose: fn(), onDownload: fn() },
} satisfies Meta<typeof FilePreviewDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const PreviewDialogImage: Story = {
  name: 'Image',
  play: async ({ canvasElement, args }) => {
    const dialog = await opened(body(canvasElement).findByRole('dialog', { name: 'hero-banner.png' }));
    await expect(within(dialog).getByRole('img', { name: 'hero-banner.png' })).toHaveAttribute('src', image.url);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await expect(args.onDownload).toHaveBeenCalledWith(image);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const PreviewDialogPdf: Story = {
  name: 'PDF',
  args: { file: pdf },
  play: async ({ canvasElement, args }) => {
    const dialog = await opened(body(canvasElement).findByRole('dialog', { name: 'annual-report-2025.pdf' }));
    const frame = within(dialog).getByTitle('Preview of annual-report-2025.pdf');
    await expect(frame.tagName).toBe('IFRAME');
    await expect(frame).toHaveAttribute('src', tinyPdfDataUrl);
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const PreviewDialogOther: Story = {
  name: 'Other type',
  args: { file: files[4]! },
  play: async ({ canvasElement }) => {
    const dialog = await opened(body(canvasElement).findByRole('dialog', { name: 'notes.bin' }));
    const note = within(dialog).getByText('No preview is available for this file type.');
    await waitFor(() => expect(note).toBeVisible());
  },
};

export const Closed: Story = {
  args: { file: null },
  play: async ({ canvasElement }) => {
    await expect(body(canvasElement).queryByRole('dialog')).toBeNull();
  },
};
