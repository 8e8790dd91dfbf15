import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ArticleTrashList } from '../../../src/components/articles/ArticleTrashList';
import { DeleteForeverDialog } from '../../../src/components/articles/DeleteForeverDialog';
import { serverMessages, toArticleCard, type TrashedArticleCard } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { trashTexts as t } from '../../../src/lib/texts-articles';
import { trashedSamples } from '../../fixtures';
import { apiError, trashListArgs, trashListDecorators, trashListPlays, trashNow as now } from '../trashListStories';
import { TrashList } from '../../../src/components/lists/TrashList';

const samples = trashedSamples(now);
const trashed: TrashedArticleCard[] = samples.map(({ article, deletedAt }) => ({ ...toArticleCard(article), deletedAt }));
const [blight, untitled, lisbon] = trashed as [TrashedArticleCard, TrashedArticleCard, TrashedArticleCard];

const meta = {
  title: 'Components/Articles/ArticleTrashList',
  component: ArticleTrashList,
  subcomponents: { DeleteForeverDialog, TrashList },
  args: { articles: trashed, ...trashListArgs() },
  decorators: trashListDecorators,
} satisfies Meta<typeof ArticleTrashList>;
export default meta;

type Story = StoryObj<typeof meta>;

const plays = trashListPlays({
  loading: t.loading,
  errorTitle: t.errorTitle,
  errorFallback: t.errorFallback,
  emptyBody: 'Deleted articles stay here for 30 days.',
  restore: t.restore,
  deleteForever: t.deleteForever,
});
const { row } = plays;

/** Each row: its title (or 'Article #…'), slug, when it was deleted and how long it stays. */
export const WithItems: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: t.listLabel });
    await expect(within(list).getAllByRole('article')).toHaveLength(3);
    const first = within(row(canvasElement, blight.title!));
    await expect(first.getByText('tomato-blight')).toBeVisible();
    await expect(first.getByText(`Deleted ${formatDateTime(blight.deletedAt)}`)).toBeVisible();
    await expect(first.getByText('Deleted for good in 30 days')).toBeVisible();
    const second = within(row(canvasElement, `Article #${untitled.id.slice(-8)}`));
    await expect(second.getByText(t.noSlug)).toBeVisible();
    await expect(second.getByText('Deleted for good in 3 days')).toBeVisible();
    await expect(within(row(canvasElement, lisbon.title!)).getByText('Deleted for good in 1 day')).toBeVisible();
    await expect(within(row(canvasElement, lisbon.title!)).getByText('Published')).toBeVisible();
    await expect(first.getByRole('button', { name: t.restore })).toHaveAccessibleDescription(blight.title!);
  },
};

export const Loading: Story = {
  args: { isLoading: true, articles: undefined },
  play: plays.loading,
};

export const Empty: Story = {
  args: { articles: [] },
  play: plays.empty,
};

export const LoadFailed: Story = {
  args: { articles: undefined, error: { message: serverMessages.databaseUnavailable } },
  play: plays.loadFailed(serverMessages.databaseUnavailable),
};

export const LoadFailedWithoutMessage: Story = {
  args: { articles: undefined, error: {} },
  play: plays.loadFailedWithoutMessage,
};

/** Restore: the row's button waits for the answer, then the parent's list drops the row. */
export const Restore: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(row(canvasElement, blight.title!)).getByRole('button', { name: t.restore });
    await userEvent.click(button);
    await expect(args.onRestore).toHaveBeenCalledWith(blight.id, undefined);
    await expect(canvasElement.querySelector('[role="alert"]')).toBeNull();
  },
};

/**
 * Its slug was taken while it was in the trash: the server's message under the row, and
 * 'Restore as <suggestion>', which restores it under that slug.
 */
export const RestoreConflict: Story = {
  args: {
    onRestore: fn(async (_id: string, slug?: string) => {
      if (!slug) {
        throw apiError({ message: serverMessages.restoreSlugTaken, code: 'restore_slug_taken', suggestion: 'sample-article-2-2' });
      }
    }),
  },
  play: async ({ canvasElement, args }) => {
    const lisbonRow = within(row(canvasElement, lisbon.title!));
    await userEvent.click(lisbonRow.getByRole('button', { name: t.restore }));
    const alert = await lisbonRow.findByRole('alert');
    await expect(alert).toHaveTextContent(serverMessages.restoreSlugTaken);
    // Only its own row says so.
    await expect(within(canvasElement).getAllByRole('alert')).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Restore as sample-article-2-2' }));
    await expect(args.onRestore).toHaveBeenLastCalledWith(lisbon.id, 'sample-article-2-2');
    await waitFor(() => expect(lisbonRow.queryByRole('alert')).toBeNull());
  },
};

/** Any other refusal (it was deleted for good meanwhile): the message, and no slug to offer. */
export const RestoreFails: Story = {
  args: {
    onRestore: fn(async () => {
      throw apiError({ message: serverMessages.articleNotFound, code: 'not_found' });
    }),
  },
  play: async ({ canvasElement }) => {
    const blightRow = await plays.refuseRestore(canvasElement, blight.title!, serverMessages.articleNotFound);
    await expect(blightRow.queryByRole('button', { name: /^Restore as/ })).toBeNull();
  },
};

/** Delete forever asks first: Cancel deletes nothing; the dialog's Delete forever does. */
export const DeleteForever: Story = {
  play: plays.deleteForever({ name: blight.title!, id: blight.id }, t.confirmBody),
};

/** A refused Delete forever keeps the dialog open with the server's message. */
export const DeleteForeverFails: Story = {
  args: {
    onDeleteForever: fn(async () => {
      throw apiError({ message: serverMessages.notInTrash, code: 'not_in_trash' });
    }),
  },
  play: async ({ canvasElement }) => {
    const dialog = await plays.refuseDeleteForever(canvasElement, lisbon.title!, serverMessages.notInTrash);
    await expect(dialog).toBeVisible();
    await plays.cancelDeleteForever(canvasElement, dialog, lisbon.title!);
  },
};

/** More pages on the server: 'Load more' asks for the next. */
export const HasMore: Story = {
  args: { hasMore: true },
  play: plays.hasMore,
};

/** A phone: the buttons wrap under the dates, nothing sticks out sideways. */
export const PhoneWidth: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const first = row(canvasElement, blight.title!);
    const dates = within(first).getByText('Deleted for good in 30 days').getBoundingClientRect();
    const restore = within(first).getByRole('button', { name: t.restore });
    await expect(restore).toBeVisible();
    await expect(restore.getBoundingClientRect().top).toBeGreaterThanOrEqual(dates.bottom);
    const root = canvasElement.ownerDocument.documentElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/** A role that may neither restore nor delete for good (an author, a viewer): the rows to read only. */
export const ReadOnly: Story = {
  args: { onRestore: undefined, onDeleteForever: undefined },
  play: async ({ canvasElement }) => {
    const first = within(row(canvasElement, blight.title!));
    await expect(first.getByText(blight.slug!)).toBeVisible();
    await expect(first.queryByRole('button', { name: t.restore })).toBeNull();
    await expect(first.queryByRole('button', { name: t.deleteForever })).toBeNull();
  },
};
