import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ArticleLoading, ArticleNotFound } from '../../../src/components/article-detail/ArticleDetailStates';

const meta = {
  title: 'Components/ArticleDetail/ArticleDetailStates',
  component: ArticleNotFound,
  args: { onRetry: fn() },
} satisfies Meta<typeof ArticleNotFound>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: () => <ArticleLoading />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading article...');
  },
};

/** The load failed with a message from the server. */
export const NotFound: Story = {
  args: { message: 'Article not found' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
    await expect(canvas.getByText('Article not found')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to Articles' })).toHaveAttribute('href', '/articles');

    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** No message: the fallback text. Retry from the keyboard. */
export const NotFoundWithoutMessage: Story = {
  args: { message: null },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Failed to fetch article')).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Back to Articles' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
