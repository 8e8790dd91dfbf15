// Uploads to the file manager: a refused file beside an accepted one, a file too large, and the
// same bytes uploaded again.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { fileExtraTexts as x } from '../../../src/lib/texts-files';
import { files } from '../../fixtures';
import { AppStory } from '../AppStory';
import { body, type ScreenStory as Story } from '../screen';
import { fileManagerScreen, findFilesTitle, pngBytes, uploader } from './fileManagerScreen';
import { opened } from '../plays';

const f = texts.files;

export default { title: 'Screens/FileManager/Upload', tags: ['!autodocs'], ...fileManagerScreen } satisfies Meta<typeof AppStory>;

export const UploadWithRefusedFile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    const png = new File([pngBytes], 'pixel.png', { type: 'image/png' });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await uploader().upload(canvas.getByLabelText(f.chooseFilesInput), [png, text]);
    await expect(await canvas.findByText(serverMessages.fileTypeNotAllowed)).toBeVisible();
    await expect(await findFilesTitle(canvasElement, files.length + 1)).toBeVisible();
    await expect(canvas.getByRole('button', { name: f.actions('pixel.png') })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: f.actions('notes.txt') })).not.toBeInTheDocument();
  },
};

export const UploadTooLarge: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(canvas.getByLabelText(f.chooseFilesInput), big);
    await expect(await canvas.findByText(serverMessages.fileTooLarge, undefined, { timeout: 15_000 })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: f.filesCount(files.length) })).toBeVisible();
  },
};

/**
 * The same bytes uploaded again: not stored twice. The upload says which file has them (not as an
 * error), the count stays, the file is pointed out in the grid, and 'Show file' opens it.
 */
export const DuplicateUpload: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    const input = canvas.getByLabelText(f.chooseFilesInput);
    await userEvent.upload(input, new File([pngBytes], 'pixel.png', { type: 'image/png' }));
    await expect(await findFilesTitle(canvasElement, files.length + 1)).toBeVisible();
    await userEvent.upload(input, new File([pngBytes], 'pixel-copy.png', { type: 'image/png' }));
    const said = await canvas.findByText(serverMessages.alreadyInLibrary('pixel.png'), undefined, { timeout: 5_000 });
    await expect(said.closest('[role="status"]')).not.toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('heading', { name: f.filesCount(files.length + 1) })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: f.actions('pixel-copy.png') })).toBeNull();
    const card = canvas.getByRole('button', { name: f.actions('pixel.png') }).closest('[role="listitem"]') as HTMLElement;
    await waitFor(() => expect(card).toHaveAttribute('data-highlighted'));
    await userEvent.click(canvas.getByRole('button', { name: x.showFileOf('pixel.png') }));
    await opened(body(canvasElement).findByRole('dialog', { name: 'pixel.png' }));
  },
};
