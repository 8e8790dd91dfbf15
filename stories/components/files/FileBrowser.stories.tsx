import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileBrowser } from '../../../src/components/files/FileBrowser';
import { FileActionsMenu } from '../../../src/components/files/FileActionsMenu';
import { FileGrid } from '../../../src/components/files/FileGrid';
import { FileList } from '../../../src/components/files/FileList';
import { files, makeFile } from '../../fixtures';

const pdf = files[0]!;
const image = files[1]!;

const meta = {
  title: 'Components/Files/FileBrowser',
  component: FileBrowser,
  subcomponents: { FileGrid, FileList, FileActionsMenu },
  args: {
    files,
    view: 'grid',
    onPreview: fn(),
    onDownload: fn(),
    onDelete: fn(),
    confirm: fn(() => true),
  },
} satisfies Meta<typeof FileBrowser>;
export default meta;

type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

async function openMenuAndChoose(canvasElement: HTMLElement, fileName: string, itemName: string) {
  const trigger = within(canvasElement).getByRole('button', { name: `Actions for ${fileName}` });
  await userEvent.click(trigger);
  await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'true'));
  const item = await body(canvasElement).findByRole('menuitem', { name: itemName });
  await waitFor(() => expect(item).toBeVisible());
  await userEvent.click(item);
  await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
}

export const Grid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Files (5)' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    await expect(canvasElement.querySelector('[data-view="grid"]')).not.toBeNull();
    const pdfCard = canvas.getByText('annual-report-2025.pdf').closest('li') as HTMLElement;
    await expect(within(pdfCard).getByText('PDF')).toBeVisible();
    await expect(within(pdfCard).getByText('2.34 MB')).toBeVisible();
    // Thumbnails for images that have one, named after the file.
    await expect(canvas.getByRole('img', { name: 'hero-banner.png' })).toHaveAttribute('src', image.thumbnailUrl);
    await expect(canvas.getByRole('img', { name: 'team-photo.jpg' })).toBeVisible();
    // logo.svg has no thumbnail: only its icon.
    await expect(canvas.queryByRole('img', { name: 'logo.svg' })).toBeNull();
  },
};

export const List: Story = {
  args: { view: 'list' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-view="list"]')).not.toBeNull();
    const rows = canvas.getAllByRole('listitem');
    await expect(rows).toHaveLength(5);
    const first = within(rows[0]!);
    await expect(first.getByText('annual-report-2025.pdf')).toBeVisible();
    await expect(first.getByText('PDF')).toBeVisible();
    await expect(first.getByText(/2026/)).toBeVisible();
    await expect(canvas.getAllByText('IMAGE')).toHaveLength(3);
  },
};

export const Loading: Story = {
  args: { files: [], isLoading: true, total: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const loading = canvas.getByRole('group', { name: 'Loading files...' });
    await expect(loading).toHaveAttribute('aria-busy', 'true');
    await expect(within(loading).getAllByTestId('file-skeleton')).toHaveLength(6);
    await expect(canvas.queryByText('No files found')).toBeNull();
  },
};

export const EmptyFiltered: Story = {
  args: { files: [], isFiltered: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Files (0)' })).toBeVisible();
    await expect(canvas.getByText('No files found')).toBeVisible();
    await expect(canvas.getByText('Try adjusting your search or filter')).toBeVisible();
    await expect(canvas.queryByText('Upload some files to get started')).toBeNull();
  },
};

export const EmptyUnfiltered: Story = {
  args: { files: [], isFiltered: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No files found')).toBeVisible();
    await expect(canvas.getByText('Upload some files to get started')).toBeVisible();
    await expect(canvas.queryByText('Try adjusting your search or filter')).toBeNull();
  },
};

export const OtherType: Story = {
  args: { files: [files[4]!, pdf, makeFile({ id: 'file_img', name: 'no-thumb.gif', type: 'image', mimeType: 'image/gif' })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByText('notes.bin').closest('li') as HTMLElement;
    await expect(within(card).getByText('OTHER')).toBeVisible();
    await expect(card.querySelector('[data-file-icon="other"]')).not.toBeNull();
    await expect(card.querySelector('[data-file-icon="pdf"], [data-file-icon="image"]')).toBeNull();
    await expect(within(card).getByText('900 Bytes')).toBeVisible();
    const gif = canvas.getByText('no-thumb.gif').closest('li') as HTMLElement;
    await expect(gif.querySelector('[data-file-icon="image"]')).not.toBeNull();
  },
};

export const DeleteConfirmed: Story = {
  args: { confirm: fn(() => true) },
  play: async ({ canvasElement, args }) => {
    await openMenuAndChoose(canvasElement, 'annual-report-2025.pdf', 'Delete');
    await expect(args.confirm).toHaveBeenCalledTimes(1);
    await expect(args.confirm).toHaveBeenCalledWith('Are you sure you want to delete this file?');
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await expect(args.onDelete).toHaveBeenCalledWith(pdf.id);
  },
};

export const DeleteCancelled: Story = {
  args: { confirm: fn(() => false) },
  play: async ({ canvasElement, args }) => {
    await openMenuAndChoose(canvasElement, 'annual-report-2025.pdf', 'Delete');
    await expect(args.confirm).toHaveBeenCalledWith('Are you sure you want to delete this file?');
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

export const Preview: Story = {
  play: async ({ canvasElement, args }) => {
    await openMenuAndChoose(canvasElement, 'hero-banner.png', 'Preview');
    await expect(args.onPreview).toHaveBeenCalledTimes(1);
    await expect(args.onPreview).toHaveBeenCalledWith(image);
    await expect(args.onDownload).not.toHaveBeenCalled();
    await expect(args.confirm).not.toHaveBeenCalled();
  },
};

export const Download: Story = {
  args: { view: 'list' },
  play: async ({ canvasElement, args }) => {
    await openMenuAndChoose(canvasElement, 'annual-report-2025.pdf', 'Download');
    await expect(args.onDownload).toHaveBeenCalledWith(pdf);
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

export const KeyboardMenu: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Actions for annual-report-2025.pdf' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const preview = await body(canvasElement).findByRole('menuitem', { name: 'Preview' });
    // The menu fades in: wait for it to be shown before moving through it.
    await waitFor(() => expect(preview).toBeVisible());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(args.onDownload).toHaveBeenCalledTimes(1));
    await expect(args.onDownload).toHaveBeenCalledWith(pdf);
    await expect(args.onPreview).not.toHaveBeenCalled();
  },
};

export const Deleting: Story = {
  args: { deletingId: pdf.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Actions for annual-report-2025.pdf' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Actions for hero-banner.png' })).toBeEnabled();
  },
};
