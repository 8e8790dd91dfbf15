// Folders of the library: opened from All files and back by the path, made, deleted with what
// they hold moved where the admin says, and files moved into them.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { folderTexts as t } from '../../../src/lib/texts-files';
import { deepFolders, files } from '../../fixtures';
import { fileHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { opened, ready } from '../plays';
import { body, findToast, type ScreenStory as Story, using } from '../screen';
import { fileManagerScreen, findFilesTitle, pickFileAction } from './fileManagerScreen';

const f = texts.files;
/** A folder's button: its name, then what it holds. */
const folderNamed = (name: string) => new RegExp(`^${name} ?, `);

export default {
  title: 'Screens/FileManager/Folders',
  tags: ['!autodocs'],
  ...fileManagerScreen,
  beforeEach: [fileManagerScreen.beforeEach, using(() => fileHandlers.inFolders())],
} satisfies Meta<typeof AppStory>;

const folders = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('navigation', { name: t.nav }));

/** All files: the whole library, with the folders at the top; a folder opened lists its files, the path leads back. */
export const BrowseFolders: Story = {
  play: async ({ canvasElement }) => {
    await findFilesTitle(canvasElement, files.length);
    await userEvent.click(await folders(canvasElement).findByRole('button', { name: folderNamed('Photos') }, ready));
    await findFilesTitle(canvasElement, 2);
    const bar = folders(canvasElement);
    await expect(bar.getByText('Photos')).toHaveAttribute('aria-current', 'page');
    await expect(bar.getByRole('button', { name: folderNamed('2026') })).toBeVisible();
    await userEvent.click(bar.getByRole('button', { name: t.allFiles }));
    await findFilesTitle(canvasElement, files.length);
  },
};

/** An empty folder: the list says how to fill it. */
export const EmptyFolder: Story = {
  args: { path: '/file-manager?folder=folder_archive' },
  play: async ({ canvasElement }) => {
    await findFilesTitle(canvasElement, 0);
    await expect(await within(canvasElement).findByText(t.emptyFolder)).toBeVisible();
  },
};

/** Six folders deep: the whole path, each step a way back. */
export const DeepPath: Story = {
  args: { path: '/file-manager?folder=folder_deep_5' },
  beforeEach: using(() => fileHandlers.inFolders(deepFolders, files)),
  play: async ({ canvasElement }) => {
    await findFilesTitle(canvasElement, 0);
    const bar = folders(canvasElement);
    await expect(await bar.findByText('Final', {}, ready)).toHaveAttribute('aria-current', 'page');
    await userEvent.click(bar.getByRole('button', { name: 'Spring campaign' }));
    await expect(await bar.findByText('Spring campaign', { selector: '[aria-current="page"]' }, ready)).toBeVisible();
  },
};

/** New folder, in the folder shown: named, made, listed. */
export const CreateFolder: Story = {
  args: { path: '/file-manager?folder=folder_photos' },
  play: async ({ canvasElement }) => {
    await findFilesTitle(canvasElement, 2);
    await userEvent.click(await folders(canvasElement).findByRole('button', { name: t.newFolder }, ready));
    const dialog = within(await opened(body(canvasElement).findByRole('dialog', { name: t.createTitle('Photos') })));
    await userEvent.type(dialog.getByLabelText(t.name), 'Press kit{Enter}');
    await findToast(canvasElement, t.created('Press kit'));
    await expect(await folders(canvasElement).findByRole('button', { name: folderNamed('Press kit') })).toBeVisible();
  },
};

/** Move to… in a file's menu: the file leaves the list of its folder and is counted in the other. */
export const MoveAFile: Story = {
  args: { path: '/file-manager?folder=folder_photos' },
  play: async ({ canvasElement }) => {
    await findFilesTitle(canvasElement, 2);
    await pickFileAction(canvasElement, 'hero-banner.png', t.moveItem);
    const dialog = within(await opened(body(canvasElement).findByRole('dialog', { name: t.moveTitle(1, 'hero-banner.png') })));
    await userEvent.selectOptions(dialog.getByLabelText(t.moveTo), 'folder_archive');
    await userEvent.click(dialog.getByRole('button', { name: t.moveConfirm }));
    await findToast(canvasElement, t.moved(1, 'Archive'));
    await findFilesTitle(canvasElement, 1);
    await expect(within(canvasElement).queryByRole('button', { name: f.actions('hero-banner.png') })).toBeNull();
  },
};

/** Deleting a folder that holds a file: the dialog asks where it goes, and it goes there. */
export const DeleteFolderHoldingFiles: Story = {
  play: async ({ canvasElement }) => {
    await findFilesTitle(canvasElement, files.length);
    const bar = folders(canvasElement);
    const trigger = await bar.findByRole('button', { name: t.folderActions('Reports') }, ready);
    await userEvent.click(trigger);
    await userEvent.click(await within(await opened(body(canvasElement).findByRole('menu'))).findByRole('menuitem', { name: t.delete }));
    const dialog = within(await opened(body(canvasElement).findByRole('alertdialog', { name: t.deleteTitle('Reports') })));
    await expect(dialog.getByText(t.deleteHolds(1, 0))).toBeVisible();
    await userEvent.selectOptions(dialog.getByLabelText(t.moveWhatItHolds), 'folder_archive');
    await userEvent.click(dialog.getByRole('button', { name: t.deleteConfirm }));
    await findToast(canvasElement, t.deleted('Reports'));
    await waitFor(() => expect(bar.queryByRole('button', { name: folderNamed('Reports') })).toBeNull());
    await expect(bar.getByRole('button', { name: folderNamed('Archive') })).toHaveTextContent(t.holds(1, 0));
  },
};

/** The folders cannot be read: the bar says so in the server's words; the files still show. */
export const FoldersFailing: Story = {
  beforeEach: using(() => fileHandlers.foldersFailing()),
  play: async ({ canvasElement }) => {
    await findFilesTitle(canvasElement, files.length);
    await expect(await folders(canvasElement).findByRole('alert', {}, ready)).toHaveTextContent(t.loadFailed(serverMessages.databaseUnavailable));
  },
};
