import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DeleteForeverDialog } from '../../../src/components/articles/DeleteForeverDialog';
import { FileTrashList } from '../../../src/components/files/FileTrashList';
import { serverMessages } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { trashTexts } from '../../../src/lib/texts-articles';
import { fileExtraTexts as t } from '../../../src/lib/texts-files';
import { trashedFileSamples } from '../../fixtures';

/** The clock the days left are counted from: fixed, so the stories read the same every day. */
const now = Date.parse('2026-11-20T09:30:00.000Z');
const trashed = trashedFileSamples(now);
const [banner, contract, figures] = trashed as [(typeof trashed)[0], (typeof trashed)[0], (typeof trashed)[0]];

/** An answer the API client would reject with (an ApiError's fields). */
const apiError = (fields: { message: string; code: string }) => Object.assign(new Error(fields.message), fields);

const meta = {
  title: 'Components/Files/FileTrashList',
  component: FileTrashList,
  subcomponents: { DeleteForeverDialog },
  args: {
    files: trashed,
    isLoading: false,
    error: null,
    now,
    onRetry: fn(),
    onRestore: fn(async () => {}),
    onDeleteForever: fn(async () => {}),
    onLoadMore: fn(),
  },
  decorators: [
    (Story) => (
      <Box maxW="3xl">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof FileTrashList>;
export default meta;

type Story = StoryObj<typeof meta>;

const row = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('article', { name });
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(t.trashLoading);
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

export const Empty: Story = {
  args: { files: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'The trash is empty' })).toBeVisible();
    await expect(canvas.getByText('Deleted files stay here for 30 days.')).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { files: undefined, error: { message: serverMessages.databaseUnavailable } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(t.trashErrorTitle);
    await expect(canvas.getByText(serverMessages.databaseUnavailable)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const LoadFailedWithoutMessage: Story = {
  args: { files: undefined, error: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.trashErrorFallback)).toBeVisible();
  },
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
    const bannerRow = within(row(canvasElement, banner.name));
    await userEvent.click(bannerRow.getByRole('button', { name: t.restore }));
    await expect(await bannerRow.findByRole('alert')).toHaveTextContent(serverMessages.fileNotFound);
    await expect(within(canvasElement).getAllByRole('alert')).toHaveLength(1);
  },
};

async function openDeleteForever(canvasElement: HTMLElement, name: string) {
  await userEvent.click(within(row(canvasElement, name)).getByRole('button', { name: t.deleteForever }));
  const dialog = await page(canvasElement).findByRole('alertdialog', { name: trashTexts.confirmTitle });
  // It fades in.
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** Delete forever asks first, saying the link stops working: Cancel deletes nothing; confirming does. */
export const DeleteForever: Story = {
  play: async ({ canvasElement, args, step }) => {
    await step('cancel', async () => {
      const dialog = await openDeleteForever(canvasElement, figures.name);
      await expect(within(dialog).getByText(t.confirmDeleteForever)).toBeVisible();
      await expect(within(dialog).getByText(figures.name)).toBeVisible();
      await userEvent.click(within(dialog).getByRole('button', { name: trashTexts.cancel }));
      await waitFor(() => expect(page(canvasElement).queryByRole('alertdialog')).toBeNull());
      await expect(args.onDeleteForever).not.toHaveBeenCalled();
    });
    await step('confirm', async () => {
      const dialog = await openDeleteForever(canvasElement, figures.name);
      await userEvent.click(within(dialog).getByRole('button', { name: t.deleteForever }));
      await expect(args.onDeleteForever).toHaveBeenCalledTimes(1);
      await expect(args.onDeleteForever).toHaveBeenCalledWith(figures.id);
      await waitFor(() => expect(page(canvasElement).queryByRole('alertdialog')).toBeNull());
    });
  },
};

/** A refused Delete forever (restored elsewhere meanwhile) keeps the dialog open with the server's message. */
export const DeleteForeverFails: Story = {
  args: {
    onDeleteForever: fn(async () => {
      throw apiError({ message: serverMessages.fileNotInTrash, code: 'not_in_trash' });
    }),
  },
  play: async ({ canvasElement }) => {
    const dialog = await openDeleteForever(canvasElement, banner.name);
    await userEvent.click(within(dialog).getByRole('button', { name: t.deleteForever }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(serverMessages.fileNotInTrash);
    await userEvent.click(within(dialog).getByRole('button', { name: trashTexts.cancel }));
    await waitFor(() => expect(page(canvasElement).queryByRole('alertdialog')).toBeNull());
  },
};

/** More pages on the server: 'Load more' asks for the next. */
export const HasMore: Story = {
  args: { hasMore: true },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Load more' }));
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};
