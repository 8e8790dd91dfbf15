// Uploads to the file manager: a refused file beside an accepted one, a file too large, the
// same bytes uploaded again, a large file resuming after its connection dropped, and a folder.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { fileExtraTexts as x, folderTexts } from '../../../src/lib/texts-files';
import { files } from '../../fixtures';
import { AppStory } from '../AppStory';
import { fileHandlers } from '../../mocks';
import { body, type ScreenStory as Story, using } from '../screen';
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

/** A file large enough to go as a resumable upload (3 MB), an image by its type. */
const largePhoto = () => new File([pngBytes, new Uint8Array(3 * 1024 * 1024)], 'harbour-panorama.png', { type: 'image/png' });
const resuming = x.resuming(1);

/** The large photo chosen; answers once its connection dropped and the list says it resumes. */
async function uploadUntilResuming(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await findFilesTitle(canvasElement, files.length);
  await uploader().upload(canvas.getByLabelText(f.chooseFilesInput), largePhoto());
  await expect(await canvas.findByText(resuming, {}, { timeout: 10_000 })).toBeVisible();
  return canvas;
}

/**
 * A large file's connection drops halfway: the upload says so, waits, asks the server how much it
 * has and sends the rest; the file lands in the library once.
 */
export const LargeUploadResumes: Story = {
  beforeEach: using(() => fileHandlers.api(files, [], {}, {}, [], { dropConnectionOnce: true })),
  // The dropped connection is a failed request the browser logs.
  parameters: { consoleErrors: ['/api/uploads/'] },
  play: async ({ canvasElement }) => {
    const canvas = await uploadUntilResuming(canvasElement);
    await expect(await canvas.findByText(f.uploaded, {}, { timeout: 15_000 })).toBeVisible();
    await expect(await findFilesTitle(canvasElement, files.length + 1)).toBeVisible();
    await expect(canvas.getByRole('button', { name: f.actions('harbour-panorama.png') })).toBeVisible();
  },
};

/** The state a designer reviews: a large upload whose connection dropped, waiting to go on. */
export const UploadResuming: Story = {
  beforeEach: using(() => fileHandlers.api(files, [], {}, {}, [], { dropConnectionOnce: true, resumeHangs: true })),
  parameters: { consoleErrors: ['/api/uploads/'] },
  play: async ({ canvasElement }) => {
    const canvas = await uploadUntilResuming(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: f.uploadProgress('harbour-panorama.png') })).toBeVisible();
  },
};

/**
 * A folder chosen for upload: its folders made in the library (Holiday, and Day 2 in it), each
 * file uploaded into its own, the list saying where each goes.
 */
export const FolderUpload: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    const inFolder = (path: string, bytes: BlobPart) =>
      Object.defineProperty(new File([bytes], path.split('/').pop()!, { type: 'image/png' }), 'webkitRelativePath', { value: path });
    await uploader().upload(canvas.getByLabelText(x.chooseFolderInput), [
      inFolder('Holiday/boats.png', pngBytes),
      inFolder('Holiday/Day 2/gulls.png', new Uint8Array([...pngBytes, 1])),
    ]);
    await expect(await canvas.findByText(x.intoFolder('Holiday/Day 2'), { exact: false }, { timeout: 10_000 })).toBeVisible();
    await waitFor(() => expect(canvas.getAllByText(f.uploaded)).toHaveLength(2), { timeout: 10_000 });
    await expect(await findFilesTitle(canvasElement, files.length + 2)).toBeVisible();
    const bar = within(canvas.getByRole('navigation', { name: folderTexts.nav }));
    await expect(await bar.findByRole('button', { name: /^Holiday ?, / }, { timeout: 10_000 })).toBeVisible();
  },
};
