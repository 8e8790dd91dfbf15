import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DeleteForeverDialog } from '../../../src/components/articles/DeleteForeverDialog';
import { FileTrashList } from '../../../src/components/files/FileTrashList';
import { serverMessages } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { fileExtraTexts as t } from '../../../src/lib/texts-files';
import { trashedFileSamples } from '../../fixtures';
import { apiError, trashListArgs, trashListDecorators, trashListPlays, trashNow as now } from '../trashListStories';
import { TrashList } from '../../../src/components/lists/TrashList';

const trashed = trashedFileSamples(now);
const [banner, contract, figures] = trashed as [(typeof trashed)[0], (typeof trashed)[0], (typeof trashed)[0]];

const meta = {
  title: 'Components/Files/FileTrashList',
  component: FileTrashList,
  subcomponents: { DeleteForeverDialog, TrashList },
  args: { files: trashed, ...trashListArgs() },
  decorators: trashListDecorators,
} satisfies Meta<typeof FileTrashList>;
export default meta;

type Story = StoryObj<typeof meta>;

const plays = trashListPlays({
  loading: t.trashLoading,
  errorTitle: t.trashErrorTitle,
  errorFallback: t.trashErrorFallback,
  emptyBody: 'Deleted files stay here for 30 days.',
  restore: t.restore,
  deleteForever: t.deleteForever,
});
const { row } = plays;

/** Each row: the file's name, type, size, when it was deleted and how long it stays. */
export const WithFiles: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: t.trashListLabel });
    await expect(within(list).getAllByRole('article')).toHaveLength(3);
    const first = within(row(canvasElement, banner.name));
    await expect(first.getByText('IMAGE')).toBeVisible();
    await expect(first.getByText('117.58 KB')).toBeVisible();
    await expect(first.getByText(`Deleted ${formatDateTime(banner.deletedAt)}`)).toBeVisible();
    await expect(first.getByText('Deleted for good in 30 days')).toBeVisible();
    await expect(within(row(canvasElement, contract.name)).getByText('Deleted for good in 18 days')).toBeVisible();
    await expect(within(row(canvasElement, figures.name)).getByText('Deleted for good in 1 day')).toBeVisible();
    await expect(first.getByRole('button', { name: t.restore })).toHaveAccessibleDescription(banner.name);
  },
};

export const Loading: Story = {
  args: { isLoading: true, files: undefined },
  play: plays.loading,
};

export const Empty: Story = {
  args: { files: [] },
  play: plays.empty,
};

export const LoadFailed: Story = {
  args: { files: undefined, error: { message: serverMessages.databaseUnavailable } },
  play: plays.loadFailed(serverMessages.databaseUnavailable),
};

export const LoadFailedWithoutMessage: Story = {
  args: { files: undefined, error: {} },
  play: plays.loadFailedWithoutMessage,
};

/** Restore calls back with the file; the parent's list then drops the row. */
export const Restore: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(row(canvasElement, contract.name)).getByRole('button', { name: t.restore }));
    await expect(args.onRestore).toHaveBeenCalledWith(contract.id);
    await expect(canvasElement.querySelector('[role="alert"]')).toBeNull();
  },
};

/** A refused restore (deleted for good meanwhile): the server's message under its row only. */
export const RestoreFails: Story = {
  args: {
    onRestore: fn(async () => {
      throw apiError({ message: serverMessages.fileNotFound, code: 'not_found' });
    }),
  },
  play: async ({ canvasElement }) => {
    await plays.refuseRestore(canvasElement, banner.name, serverMessages.fileNotFound);
    await expect(within(canvasElement).getAllByRole('alert')).toHaveLength(1);
  },
};

/** Delete forever asks first, saying the link stops working: Cancel deletes nothing; confirming does. */
export const DeleteForever: Story = {
  play: plays.deleteForever({ name: figures.name, id: figures.id }, t.confirmDeleteForever),
};

/** A refused Delete forever (restored elsewhere meanwhile) keeps the dialog open with the server's message. */
export const DeleteForeverFails: Story = {
  args: {
    onDeleteForever: fn(async () => {
      throw apiError({ message: serverMessages.fileNotInTrash, code: 'not_in_trash' });
    }),
  },
  play: async ({ canvasElement }) => {
    const dialog = await plays.refuseDeleteForever(canvasElement, banner.name, serverMessages.fileNotInTrash);
    await plays.cancelDeleteForever(canvasElement, dialog, banner.name);
  },
};

/** More pages on the server: 'Load more' asks for the next. */
export const HasMore: Story = {
  args: { hasMore: true },
  play: plays.hasMore,
};
