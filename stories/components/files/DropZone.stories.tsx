import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DropZone } from '../../../src/components/files/DropZone';
import { serverMessages } from '../../../src/contract';
import { makeFile } from '../../fixtures';
import { fileExtraTexts } from '../../../src/lib/texts-files';

const meta = {
  title: 'Components/Files/DropZone',
  component: DropZone,
  args: { onFiles: fn(), uploads: [] },
} satisfies Meta<typeof DropZone>;
export default meta;

type Story = StoryObj<typeof meta>;

const zoneOf = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('group', { name: 'Drop files here or click to upload' });

const sampleFiles = () => [
  new File(['%PDF-1.4'], 'annual-report.pdf', { type: 'application/pdf' }),
  new File(['png'], 'hero-banner.png', { type: 'image/png' }),
];

function dragEvent(type: string, files: File[]) {
  const dataTransfer = new DataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  return new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer });
}

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const zone = zoneOf(canvasElement);
    await expect(zone).toHaveAccessibleDescription('Support for PDF and image files (max 10MB each)');
    await expect(zone).not.toHaveAttribute('data-dragging');
    await expect(canvas.getByRole('button', { name: 'Choose Files' })).toBeVisible();
    await expect(canvas.queryAllByRole('progressbar')).toHaveLength(0);
  },
};

export const DraggingOver: Story = {
  play: async ({ canvasElement, args }) => {
    const zone = zoneOf(canvasElement);
    zone.dispatchEvent(dragEvent('dragenter', sampleFiles()));
    const over = dragEvent('dragover', sampleFiles());
    zone.dispatchEvent(over);
    await waitFor(() => expect(zone).toHaveAttribute('data-dragging', 'true'));
    // The zone accepted the drag (otherwise the browser would refuse the drop).
    await expect(over.defaultPrevented).toBe(true);
    await expect(args.onFiles).not.toHaveBeenCalled();
  },
};

export const DragLeave: Story = {
  name: 'Drag leaves again',
  play: async ({ canvasElement }) => {
    const zone = zoneOf(canvasElement);
    zone.dispatchEvent(dragEvent('dragenter', sampleFiles()));
    await waitFor(() => expect(zone).toHaveAttribute('data-dragging', 'true'));
    zone.dispatchEvent(dragEvent('dragleave', sampleFiles()));
    await waitFor(() => expect(zone).not.toHaveAttribute('data-dragging'));
  },
};

export const Drop: Story = {
  play: async ({ canvasElement, args }) => {
    const zone = zoneOf(canvasElement);
    zone.dispatchEvent(dragEvent('dragenter', sampleFiles()));
    const drop = dragEvent('drop', sampleFiles());
    zone.dispatchEvent(drop);
    await expect(drop.defaultPrevented).toBe(true);
    await waitFor(() => expect(args.onFiles).toHaveBeenCalledTimes(1));
    await expect(args.onFiles).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'annual-report.pdf', type: 'application/pdf' }),
      expect.objectContaining({ name: 'hero-banner.png', type: 'image/png' }),
    ]);
    await waitFor(() => expect(zone).not.toHaveAttribute('data-dragging'));
  },
};

export const ChooseFiles: Story = {
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Files to upload');
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('multiple');
    await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/svg+xml,.pdf,application/pdf');

    await step('Choose Files opens the hidden input once', async () => {
      const opened = fn();
      input.addEventListener('click', opened);
      await userEvent.click(canvas.getByRole('button', { name: 'Choose Files' }));
      input.removeEventListener('click', opened);
      await expect(opened).toHaveBeenCalledTimes(1);
    });

    await step('picking two files hands both over', async () => {
      const [pdf, png] = sampleFiles();
      await userEvent.upload(input, [pdf!, png!]);
      await expect(args.onFiles).toHaveBeenCalledTimes(1);
      await expect(args.onFiles).toHaveBeenCalledWith([pdf, png]);
    });
  },
};

export const KeyboardOpensChooser: Story = {
  play: async ({ canvasElement }) => {
    const zone = zoneOf(canvasElement);
    const input = within(canvasElement).getByLabelText('Files to upload');
    const opened = fn();
    input.addEventListener('click', opened);

    await userEvent.tab();
    await expect(zone).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(opened).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(' ');
    await expect(opened).toHaveBeenCalledTimes(2);
    input.removeEventListener('click', opened);
  },
};

export const Uploading: Story = {
  args: {
    uploads: [
      { id: 'u1', name: 'annual-report.pdf', progress: 0.4, status: 'uploading' },
      { id: 'u2', name: 'hero-banner.png', progress: 0.75, status: 'uploading' },
      { id: 'u3', name: 'team-photo.jpg', progress: 1, status: 'done' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('progressbar')).toHaveLength(2);
    await expect(canvas.getByRole('progressbar', { name: 'Uploading annual-report.pdf' })).toHaveAttribute('aria-valuenow', '40');
    await expect(canvas.getByRole('progressbar', { name: 'Uploading hero-banner.png' })).toHaveAttribute('aria-valuenow', '75');
    await expect(canvas.getByText('Uploaded')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/**
 * A folder's files going up a few at a time: one resuming after its connection dropped (it goes
 * on from what the server has), one sending, the rest waiting their turn; each says where it goes.
 */
export const FolderUploadResuming: Story = {
  args: {
    onFolder: fn(),
    uploads: [
      { id: 'u1', name: 'harbour-at-dawn.jpg', progress: 0.45, status: 'resuming', attempt: 2, path: 'Holiday' },
      { id: 'u2', name: 'fish-market.png', progress: 0.3, status: 'uploading', path: 'Holiday' },
      { id: 'u3', name: 'lighthouse.jpg', progress: 0, status: 'waiting', path: 'Holiday/Day 2' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(fileExtraTexts.resuming(2));
    await expect(canvas.getAllByRole('progressbar')).toHaveLength(2);
    await expect(canvas.getByText(fileExtraTexts.waiting)).toBeVisible();
    await expect(canvas.getByText(fileExtraTexts.intoFolder('Holiday/Day 2'), { exact: false })).toBeVisible();
  },
};

/** Choose a Folder: the browser's folder picker; every file inside is handed over with the folders it sits in. */
export const ChooseFolder: Story = {
  args: { onFolder: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText(fileExtraTexts.chooseFolderInput);
    await expect(input).toHaveAttribute('webkitdirectory');
    const opened = fn();
    input.addEventListener('click', opened);
    await userEvent.click(canvas.getByRole('button', { name: fileExtraTexts.chooseFolder }));
    input.removeEventListener('click', opened);
    await expect(opened).toHaveBeenCalledTimes(1);
    // What the picker gives: each file with its path below the folder chosen.
    const inFolder = (path: string) => Object.defineProperty(new File(['png'], path.split('/').pop()!, { type: 'image/png' }), 'webkitRelativePath', { value: path });
    const chosen = [inFolder('Holiday/a.png'), inFolder('Holiday/Day 2/b.png')];
    await userEvent.upload(input, chosen);
    await expect(args.onFolder).toHaveBeenCalledWith([
      { file: chosen[0], folders: ['Holiday'] },
      { file: chosen[1], folders: ['Holiday', 'Day 2'] },
    ]);
  },
};

export const Rejected: Story = {
  args: {
    uploads: [
      {
        id: 'u1',
        name: 'malware.exe',
        progress: 1,
        status: 'failed',
        message: 'File type not allowed. Please upload images or PDF files only.',
      },
      { id: 'u2', name: 'huge-scan.pdf', progress: 1, status: 'failed', message: 'File size too large. Maximum size is 10MB.' },
      { id: 'u3', name: 'hero-banner.png', progress: 0.5, status: 'uploading' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alerts = canvas.getAllByRole('alert');
    await expect(alerts.map((alert) => alert.textContent)).toEqual([
      'File type not allowed. Please upload images or PDF files only.',
      'File size too large. Maximum size is 10MB.',
    ]);
    await expect(canvas.getByText('malware.exe')).toBeVisible();
    await expect(canvas.getAllByRole('progressbar')).toHaveLength(1);
  },
};

const existing = makeFile({ id: 'file_02', name: 'hero-banner.png', type: 'image', mimeType: 'image/png' });

/**
 * Bytes already in the library: not an error. The server's message says which file has them,
 * and 'Show file' points it out.
 */
export const Duplicate: Story = {
  args: {
    onShowFile: fn(),
    uploads: [
      {
        id: 'u1',
        name: 'hero-banner-copy.png',
        progress: 1,
        status: 'duplicate',
        message: serverMessages.alreadyInLibrary('hero-banner.png'),
        file: existing,
      },
      { id: 'u2', name: 'new-photo.jpg', progress: 1, status: 'done' },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Already in the library as hero-banner.png');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show file hero-banner.png' }));
    await expect(args.onShowFile).toHaveBeenCalledWith(existing);
  },
};
