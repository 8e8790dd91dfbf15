import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FolderBar } from '../../../src/components/files';
import { serverMessages } from '../../../src/contract';
import { folderTexts as t } from '../../../src/lib/texts-files';
import { deepFolders, sampleFolders } from '../../fixtures';
import { body } from '../../routes/screen';
import { opened } from '../../routes/plays';

/** A folder's button: its name, then what it holds. */
const folderNamed = (name: string) => new RegExp(`^${name} ?, `);

const meta = {
  title: 'Components/Files/FolderBar',
  component: FolderBar,
  args: { folders: sampleFolders, currentId: null, onOpen: fn(), onCreate: fn(), onRename: fn(), onDelete: fn(), onDropFile: fn() },
} satisfies Meta<typeof FolderBar>;
export default meta;

type Story = StoryObj<typeof meta>;

/** All files: the folders at the top, with what each holds; opening one says which. */
export const AtTheTop: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const tiles = within(canvas.getByRole('list', { name: t.nav })).getAllByRole('listitem');
    await expect(tiles.map((tile) => tile.textContent)).toEqual([`Archive, ${t.holds(0, 0)}`, `Photos, ${t.holds(2, 2)}`, `Reports, ${t.holds(1, 0)}`]);
    await expect(canvas.getByText(t.allFiles)).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: folderNamed('Photos') }));
    await expect(args.onOpen).toHaveBeenCalledWith('folder_photos');
  },
};

/** Inside Photos: the path back up, and the folders it holds. */
export const InAFolder: Story = {
  args: { currentId: 'folder_photos' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Photos')).toHaveAttribute('aria-current', 'page');
    await expect(within(canvas.getByRole('list', { name: t.nav })).getAllByRole('listitem').map((tile) => tile.textContent)).toEqual([`2026, ${t.holds(0, 0)}`, `Events, ${t.holds(0, 0)}`]);
    await userEvent.click(canvas.getByRole('button', { name: t.allFiles }));
    await expect(args.onOpen).toHaveBeenCalledWith(null);
  },
};

/** Six deep: every step of the path, wrapped on a narrow screen; the last holds no folder. */
export const DeepPath: Story = {
  args: { folders: deepFolders, currentId: 'folder_deep_5' },
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const name of ['Clients', 'Northwind', '2026', 'Spring campaign', 'Print']) await expect(canvas.getByRole('button', { name })).toBeVisible();
    await expect(canvas.getByText('Final')).toHaveAttribute('aria-current', 'page');
    await expect(canvas.queryByRole('list', { name: t.nav })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Northwind' }));
    await expect(args.onOpen).toHaveBeenCalledWith('folder_deep_1');
  },
};

/** A folder that holds no folder: the path alone (the list below says the folder is empty). */
export const EmptyFolder: Story = {
  args: { currentId: 'folder_archive' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Archive')).toHaveAttribute('aria-current', 'page');
    await expect(canvas.queryByRole('list', { name: t.nav })).toBeNull();
    await expect(canvas.queryByText(t.noSubfolders)).toBeNull();
  },
};

/** No folder yet: the library says so, and offers New folder. */
export const NoFolders: Story = {
  args: { folders: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.noSubfolders)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.newFolder }));
    await expect(args.onCreate).toHaveBeenCalled();
  },
};

/** The folders on their way: placeholders, and New folder waits. */
export const Loading: Story = {
  args: { folders: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: t.loading })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: t.newFolder })).toBeDisabled();
  },
};

/** The folders could not be read: the server's words. */
export const Failed: Story = {
  args: { folders: undefined, error: serverMessages.databaseUnavailable },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(t.loadFailed(serverMessages.databaseUnavailable));
  },
};

/** A viewer: folders to open, nothing to make, rename, delete or drop on. */
export const Viewer: Story = {
  args: { onCreate: undefined, onRename: undefined, onDelete: undefined, onDropFile: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: t.newFolder })).toBeNull();
    await expect(canvas.queryByRole('button', { name: t.folderActions('Photos') })).toBeNull();
    await expect(canvas.queryByText(t.dropHint)).toBeNull();
  },
};

/** A folder's menu, open: Rename… and Delete… (what each does: Screens/FileManager/Folders). */
export const FolderMenu: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.folderActions('Reports') }));
    const menu = within(await opened(body(canvasElement).findByRole('menu')));
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([t.rename, t.delete]);
  },
};

/** A file card dragged over a folder outlines it; dropped, the file goes there. */
export const DropAFile: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const tile = within(canvas.getByRole('list', { name: t.nav })).getAllByRole('listitem')[1]!;
    const dataTransfer = new DataTransfer();
    dataTransfer.setData('application/x-library-file', 'file_01');
    // Real drag events (the browser's own DataTransfer, as a card dragged carries it).
    const drag = (type: string) => tile.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
    drag('dragover');
    await waitFor(() => expect(tile).toHaveAttribute('data-drop-over'));
    drag('drop');
    await waitFor(() => expect(args.onDropFile).toHaveBeenCalledWith('file_01', 'folder_photos'));
    await waitFor(() => expect(tile).not.toHaveAttribute('data-drop-over'));
  },
};
