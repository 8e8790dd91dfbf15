// The file manager's trash: one file's Delete and Undo, and the Trash tab in its states.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { fileExtraTexts as x } from '../../../src/lib/texts-files';
import { files, trashedFileSamples } from '../../fixtures';
import { fileHandlers } from '../../mocks';
import { AppStory, storyLocation } from '../AppStory';
import { ready, opened } from '../plays';
import { body, findToast, type ScreenStory as Story, using } from '../screen';
import { atTrash, expectTrashSelected, fileManagerScreen, findFilesTitle, newestFirst, pickFileAction, summaryValue, withConfirm } from './fileManagerScreen';

const f = texts.files;

export default { title: 'Screens/FileManager/Trash', tags: ['!autodocs'], ...fileManagerScreen } satisfies Meta<typeof AppStory>;

const trashed = trashedFileSamples();

/** One file's Delete (after the confirmation) says 'File deleted' with Undo, as an article's does. */
export const DeleteThenUndo: Story = {
  play: async ({ canvasElement }) => {
    const target = newestFirst[0]!;
    await findFilesTitle(canvasElement, files.length);
    await withConfirm(canvasElement, true, () => pickFileAction(canvasElement, target.name, f.delete));
    await expect(await findFilesTitle(canvasElement, files.length - 1)).toBeVisible();
    const toast = await findToast(canvasElement, x.deleted);
    await userEvent.click(within(toast).getByRole('button', { name: x.undo }));
    await findToast(canvasElement, x.restored);
    await expect(await findFilesTitle(canvasElement, files.length)).toBeVisible();
  },
};

/** The Trash tab (`?tab=trash`): deleted files with Restore and Delete forever. */
export const Trash: Story = {
  beforeEach: using(() => fileHandlers.withTrash(trashed)),
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    // The tab's count comes in an answer of its own, which may arrive after the list's.
    await userEvent.click(await canvas.findByRole('tab', { name: 'Trash 3' }, ready));
    await expect(storyLocation(canvasElement).search).toBe('?tab=trash');
    const list = await canvas.findByRole('list', { name: x.trashListLabel }, { timeout: 5_000 });
    await expect(within(list).getAllByRole('article')).toHaveLength(3);
    await step('Restore brings a file back to the library', async () => {
      const row = canvas.getByRole('article', { name: trashed[0]!.name });
      await userEvent.click(within(row).getByRole('button', { name: x.restore }));
      await waitFor(() => expect(canvas.queryByRole('article', { name: trashed[0]!.name })).toBeNull());
      await waitFor(() => expect(canvas.getByRole('tab', { name: 'Trash 2' })).toBeVisible());
      await waitFor(() => expect(summaryValue(canvasElement, f.totalFiles)).toBe(String(files.length + 1)));
    });
    await step('Delete forever asks, then deletes it for good', async () => {
      const row = canvas.getByRole('article', { name: trashed[1]!.name });
      await userEvent.click(within(row).getByRole('button', { name: x.deleteForever }));
      const dialog = await opened(body(canvasElement).findByRole('alertdialog'));
      await expect(dialog).toHaveTextContent(x.confirmDeleteForever);
      await userEvent.click(within(dialog).getByRole('button', { name: x.deleteForever }));
      await waitFor(() => expect(canvas.queryByRole('article', { name: trashed[1]!.name })).toBeNull());
      await waitFor(() => expect(canvas.getByRole('tab', { name: 'Trash 1' })).toBeVisible());
    });
    await step('back to the files', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Files' }));
      // Asked again each time: the list may draw its rows once more when the files come back.
      await waitFor(() => expect(canvas.getByRole('button', { name: f.actions(trashed[0]!.name) })).toBeVisible(), { timeout: 5_000 });
    });
  },
};

export const TrashEmpty: Story = {
  args: atTrash,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: x.trashEmptyTitle }, ready)).toBeVisible();
    await expectTrashSelected(canvasElement, 'Trash 0');
  },
};

export const TrashLoading: Story = {
  args: atTrash,
  beforeEach: using(() => fileHandlers.trashLoading()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(x.trashLoading, undefined, ready)).toBeVisible();
    await expectTrashSelected(canvasElement, 'Trash');
  },
};

export const TrashFailing: Story = {
  args: atTrash,
  beforeEach: using(() => fileHandlers.trashFailing()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', undefined, ready);
    await expect(alert).toHaveTextContent(x.trashErrorTitle);
    await expect(alert).toHaveTextContent(serverMessages.databaseUnavailable);
  },
};
