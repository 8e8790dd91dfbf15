import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { RecentArticles } from '../../../src/components/dashboard/RecentArticles';
import { LoadingRows } from '../../../src/components/dashboard/LoadingRows';
import { formatDateTime } from '../../../src/lib/format';
import { cards as articles } from '../../fixtures';
import { navigate, WithLinkSpy } from '../linkSpy';

const meta = {
  title: 'Components/Dashboard/RecentArticles',
  component: RecentArticles,
  subcomponents: { LoadingRows },
  args: { articles },
  decorators: [
    (Story) => (
      <WithLinkSpy>
        <Story />
      </WithLinkSpy>
    ),
  ],
} satisfies Meta<typeof RecentArticles>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithArticles: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    navigate.mockClear();
    await expect(articles).toHaveLength(12);
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items).toHaveLength(5);

    await step('Each row shows its title, its slug or "Article {id}", date and status', async () => {
      await expect(items[0]).toHaveTextContent('How to grow tomatoes in small spaces');
      await expect(items[0]).toHaveTextContent(`sample-article-1 · ${formatDateTime(articles[0]!.createdAt)}`);
      await expect(items[0]).toHaveTextContent('Published');
      await expect(items[1]).toHaveTextContent('Draft');
      // The fifth fixture has no title and no slug: 'Article {id}' names it, once.
      await expect(within(items[4] as HTMLElement).getAllByText(`Article ${articles[4]?.id}`)).toHaveLength(1);
      await expect(canvas.queryByText('sample-article-6')).toBeNull();
      const link = within(items[0] as HTMLElement).getByRole('link');
      await expect(link).toHaveAttribute('href', `/articles/${articles[0]?.id}`);
    });

    await step('A click opens the article', async () => {
      await userEvent.click(within(items[1] as HTMLElement).getByRole('link'));
      await expect(navigate).toHaveBeenLastCalledWith(`/articles/${articles[1]?.id}`);
    });

    await step('So does the keyboard', async () => {
      within(items[2] as HTMLElement).getByRole('link').focus();
      await userEvent.keyboard('{Enter}');
      await expect(navigate).toHaveBeenLastCalledWith(`/articles/${articles[2]?.id}`);
    });

    await step('View All goes to the list', async () => {
      await expect(canvas.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/articles');
    });
  },
};

export const Empty: Story = {
  args: { articles: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No articles found')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Create Your First Article' })).toHaveAttribute('href', '/articles/new');
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** None yet, seen by a role that may not create articles (a viewer): no invitation to. */
export const EmptyForViewer: Story = {
  args: { articles: [], canCreate: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No articles found')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Create Your First Article' })).toBeNull();
  },
};

export const Loading: Story = {
  args: { articles: undefined, loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading...')).toBeInTheDocument();
    await expect(canvas.queryByRole('listitem')).toBeNull();
    await expect(canvas.queryByText('No articles found')).toBeNull();
  },
};
