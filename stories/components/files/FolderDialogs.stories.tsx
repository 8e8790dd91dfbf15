import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DeleteFolderDialog, FolderNameDialog, MoveFilesDialog } from '../../../src/components/files';
import { folderMessages } from '../../../src/contract';
import { folderTexts as t } from '../../../src/lib/texts-files';
import { sampleFolders } from '../../fixtures';
import { opened } from '../../routes/plays';

const [photos, , , reports, archive] = sampleFolders;

/** The name dialog ('New folder', 'Rename…'); the delete and move dialogs are its subcomponents. */
const meta = {
  title: 'Components/Files/FolderDialogs',
  component: FolderNameDialog,
  subcomponents: { DeleteFolderDialog, MoveFilesDialog },
  args: { target: { mode: 'create', parent: null }, isPending: false, error: null, onSave: fn(), onCancel: fn() },
} satisfies Meta<typeof FolderNameDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async (canvasElement: HTMLElement, name: string, role: 'dialog' | 'alertdialog' = 'dialog') =>
  within(await opened(within(canvasElement.ownerDocument.body).findByRole(role, { name })));

/** New folder in Photos: a name, trimmed, sent on Enter. */
export const NewFolder: Story = {
  args: { target: { mode: 'create', parent: photos! } },
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement, t.createTitle('Photos'));
    await userEvent.type(shown.getByLabelText(t.name), '  Summer 2026 {Enter}');
    await expect(args.onSave).toHaveBeenCalledWith('Summer 2026');
  },
};

/** Names the server would refuse are refused here first, in its words: nothing is sent. */
export const BadName: Story = {
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement, t.createTitle(null));
    await userEvent.click(shown.getByRole('button', { name: t.create }));
    await expect(shown.getByText(folderMessages.nameEmpty)).toBeVisible();
    await userEvent.type(shown.getByLabelText(t.name), 'Photos/2026');
    await expect(shown.getByText(folderMessages.nameInvalid)).toBeVisible();
    await userEvent.click(shown.getByRole('button', { name: t.create }));
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** A name taken where the folder would go: the server's refusal, the name kept to change. */
export const NameTaken: Story = {
  args: { error: folderMessages.nameTaken('Reports', null) },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, t.createTitle(null));
    await expect(shown.getByRole('alert')).toHaveTextContent(folderMessages.nameTaken('Reports', null));
  },
};

/** Rename…: the name as it is; unchanged, nothing to save. */
export const Rename: Story = {
  args: { target: { mode: 'rename', folder: reports! } },
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement, t.renameTitle('Reports'));
    await expect(shown.getByLabelText(t.name)).toHaveValue('Reports');
    await expect(shown.getByRole('button', { name: t.save })).toBeDisabled();
    await userEvent.type(shown.getByLabelText(t.name), ' 2026');
    await userEvent.click(shown.getByRole('button', { name: t.save }));
    await expect(args.onSave).toHaveBeenCalledWith('Reports 2026');
  },
};

/** Saving: the button waits, and the dialog stays until the server answers. */
export const Saving: Story = {
  args: { target: { mode: 'rename', folder: reports! }, isPending: true },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, t.renameTitle('Reports'));
    await expect(shown.getByRole('button', { name: t.saving })).toBeVisible();
  },
};

/** Deleting an empty folder: a plain question. */
export const DeleteEmpty: StoryObj<typeof DeleteFolderDialog> = {
  render: (args) => <DeleteFolderDialog {...args} />,
  args: { folder: archive!, folders: sampleFolders, isPending: false, error: null, onDelete: fn(), onCancel: fn() },
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement, t.deleteTitle('Archive'), 'alertdialog');
    await expect(shown.getByText(t.deleteEmpty)).toBeVisible();
    await userEvent.click(shown.getByRole('button', { name: t.deleteConfirm }));
    await expect(args.onDelete).toHaveBeenCalledWith(undefined);
  },
};

/** Deleting a folder that holds files and folders: where they go, never into itself or what it holds. */
export const DeleteHoldingFiles: StoryObj<typeof DeleteFolderDialog> = {
  render: (args) => <DeleteFolderDialog {...args} />,
  args: { folder: photos!, folders: sampleFolders, isPending: false, error: null, onDelete: fn(), onCancel: fn() },
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement, t.deleteTitle('Photos'), 'alertdialog');
    await expect(shown.getByText(t.deleteHolds(2, 2))).toBeVisible();
    const where = shown.getByLabelText(t.moveWhatItHolds);
    await expect(where).toHaveValue('root');
    await expect([...(where as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([t.top, 'Archive', 'Reports']);
    await userEvent.selectOptions(where, 'folder_reports');
    await userEvent.click(shown.getByRole('button', { name: t.deleteConfirm }));
    await expect(args.onDelete).toHaveBeenCalledWith('folder_reports');
  },
};

/** Move to…: the folders in tree order; where the files are now cannot be chosen again. */
export const MoveFiles: StoryObj<typeof MoveFilesDialog> = {
  render: (args) => <MoveFilesDialog {...args} />,
  args: { files: { ids: ['file_02', 'file_03'], folderId: null }, folders: sampleFolders, isPending: false, error: null, onMove: fn(), onCancel: fn() },
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement, t.moveTitle(2));
    await expect(shown.getByRole('button', { name: t.moveConfirm })).toBeDisabled();
    const where = shown.getByLabelText(t.moveTo);
    await userEvent.selectOptions(where, 'folder_2026');
    await expect(shown.getByText(`${t.topShort} › Photos › 2026`)).toBeVisible();
    await userEvent.click(shown.getByRole('button', { name: t.moveConfirm }));
    await expect(args.onMove).toHaveBeenCalledWith('folder_2026');
  },
};

/** A move the server refused (the folder deleted meanwhile): its words, in the dialog. */
export const MoveFailed: StoryObj<typeof MoveFilesDialog> = {
  render: (args) => <MoveFilesDialog {...args} />,
  args: { files: { ids: ['file_02'], name: 'hero-banner.png', folderId: 'folder_photos' }, folders: sampleFolders, isPending: false, error: folderMessages.targetNotFound, onMove: fn(), onCancel: fn() },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, t.moveTitle(1, 'hero-banner.png'));
    await expect(shown.getByRole('alert')).toHaveTextContent(folderMessages.targetNotFound);
    await expect(shown.getByLabelText(t.moveTo)).toHaveValue('folder_photos');
  },
};
