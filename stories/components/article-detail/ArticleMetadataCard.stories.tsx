import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ArticleMetadataCard } from '../../../src/components/article-detail/ArticleMetadataCard';
import { draftArticle, publishedArticle } from '../../fixtures';

const meta = {
  title: 'Components/ArticleDetail/ArticleMetadataCard',
  component: ArticleMetadataCard,
  // Pinned so the text does not depend on the machine's time zone.
  args: { createdAt: publishedArticle.createdAt, updatedAt: publishedArticle.updatedAt, timeZone: 'UTC' },
} satisfies Meta<typeof ArticleMetadataCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Metadata' })).toBeVisible();
    const created = canvas.getByText('Created At');
    const updated = canvas.getByText('Updated At');
    await expect(created.nextElementSibling).toHaveTextContent('Tuesday, November 10, 2026 at 9:30:00 AM');
    await expect(updated.nextElementSibling).toHaveTextContent('Thursday, November 19, 2026 at 9:30:00 AM');
  },
};

/** Never edited: both dates are the same. */
export const NeverUpdated: Story = {
  args: { createdAt: draftArticle.createdAt, updatedAt: draftArticle.updatedAt },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('Tuesday, November 17, 2026 at 9:30:00 AM')).toHaveLength(2);
  },
};
