import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ArticleDetailHeader } from '../../../src/components/article-detail/ArticleDetailHeader';
import { articleWithoutBlogData, draftArticle } from '../../fixtures';
import { accessFor } from '../../../src/lib/access';
import { clickRefused, expectRefused } from '../../refused';

const meta = {
  title: 'Components/ArticleDetail/ArticleDetailHeader',
  component: ArticleDetailHeader,
  args: {
    id: draftArticle.id,
    slug: draftArticle.slug,
    onRefresh: fn(),
    onDelete: fn(),
    isRefreshing: false,
    isDeleting: false,
  },
} satisfies Meta<typeof ArticleDetailHeader>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'how-to-grow-tomatoes' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to Articles' })).toHaveAttribute('href', '/articles');

    await step('refresh', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Refresh article' }));
      await expect(args.onRefresh).toHaveBeenCalledTimes(1);
    });
    await step('delete, from the keyboard', async () => {
      canvas.getByRole('button', { name: 'Delete article' }).focus();
      await userEvent.keyboard('{Enter}');
      await expect(args.onDelete).toHaveBeenCalledTimes(1);
    });
  },
};

/** An article with a title is titled by it; its slug shows under it, as the heading's description. */
export const WithTitle: Story = {
  args: { title: draftArticle.title },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole('heading', { level: 1, name: 'How to grow tomatoes in small spaces' });
    await expect(heading).toHaveAccessibleDescription('how-to-grow-tomatoes');
    await expect(canvas.getByText('how-to-grow-tomatoes')).toBeVisible();
  },
};

/** Without a title the slug is the title, shown once. */
export const WithoutTitle: Story = {
  args: { title: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole('heading', { level: 1, name: 'how-to-grow-tomatoes' });
    await expect(heading).not.toHaveAttribute('aria-describedby');
    await expect(canvas.getAllByText('how-to-grow-tomatoes')).toHaveLength(1);
  },
};

/** An article without a title or slug is titled by the last 8 characters of its id. */
export const WithoutSlug: Story = {
  args: { id: articleWithoutBlogData.id, title: null, slug: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Article #P7NOBLOG');
  },
};

export const Refreshing: Story = {
  args: { isRefreshing: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const refresh = canvas.getByRole('button', { name: 'Refresh article' });
    await expect(refresh).toBeDisabled();
    await userEvent.click(refresh, { pointerEventsCheck: 0 });
    await expect(args.onRefresh).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Delete article' })).toBeEnabled();
  },
};

/** While the deletion is in progress, Delete is disabled. */
export const Deleting: Story = {
  args: { isDeleting: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const remove = canvas.getByRole('button', { name: 'Delete article' });
    await expect(remove).toBeDisabled();
    await userEvent.click(remove, { pointerEventsCheck: 0 });
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

/** On a phone the buttons go below the title, which keeps the row to itself (not a one-word column). */
export const Phone: Story = {
  args: { title: 'A rather long article title, as scraped pages often have', slug: 'a-rather-long-article-slug-for-a-phone' },
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = canvas.getByRole('heading', { level: 1 }).getBoundingClientRect();
    const remove = canvas.getByRole('button', { name: 'Delete article' }).getBoundingClientRect();
    await expect(remove.top).toBeGreaterThanOrEqual(title.bottom);
    await expect(title.width).toBeGreaterThan(canvasElement.getBoundingClientRect().width / 2);
  },
};

const deleteRefused = accessFor('author').whyNot('deleteArticle', { published: true })!;

/** A role that may not delete this article: Delete says who may, and does nothing. */
export const DeleteRefused: Story = {
  args: { deleteRefused },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Delete article' });
    await expectRefused(button, deleteRefused);
    await clickRefused(button);
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};
