import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ArticleMetadataCard } from '../../../src/components/article-detail/ArticleMetadataCard';
import { ArticleViewsItem } from '../../../src/components/article-detail/ArticleViewsItem';
import type { ArticleViews } from '../../../src/contract';
import { publishedArticle } from '../../fixtures';

/** 30 days of reads, ending 2026-11-24: quiet at first, then read more. */
const views: ArticleViews = (() => {
  const data = Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10),
    views: i < 20 ? i % 3 : 10 + i,
  }));
  return { data, total: data.reduce((sum, d) => sum + d.views, 0) };
})();

/** The article page's views, as the metadata card shows them under the dates. */
const meta = {
  title: 'Components/ArticleDetail/ArticleViewsItem',
  component: ArticleViewsItem,
  args: { views },
  render: (args) => (
    <ArticleMetadataCard createdAt={publishedArticle.createdAt} updatedAt={publishedArticle.updatedAt} timeZone="UTC">
      <ArticleViewsItem {...args} />
    </ArticleMetadataCard>
  ),
} satisfies Meta<typeof ArticleViewsItem>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Counted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const label = canvas.getByText('Views (last 30 days)');
    await expect(label.nextElementSibling).toHaveTextContent(views.total.toLocaleString('en-US'));
    // Read out as a sentence (the figure itself is hidden from screen readers).
    await expect(canvas.getByText(`${views.total.toLocaleString('en-US')} public reads in the last 30 days`)).toBeInTheDocument();
  },
};

export const NoViews: Story = {
  args: { views: { data: views.data.map((d) => ({ ...d, views: 0 })), total: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('0 public reads in the last 30 days')).toBeInTheDocument();
    await expect(canvas.getByText('Views (last 30 days)').nextElementSibling).toHaveTextContent('0');
  },
};

export const Loading: Story = {
  args: { views: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Views (last 30 days)')).toBeVisible();
    await expect(canvas.queryByText('Not available')).toBeNull();
  },
};

/** The views could not be read: the dates still show. */
export const Unavailable: Story = {
  args: { views: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not available')).toBeVisible();
    await expect(canvas.getByText('Created At')).toBeVisible();
  },
};
