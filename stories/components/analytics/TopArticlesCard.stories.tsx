import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TopArticlesCard } from '../../../src/components/analytics';
import { analyticsTexts } from '../../../src/lib/texts-analytics';
import { sampleTopArticles } from '../../fixtures';
import { navigate, WithLinkSpy } from '../linkSpy';

const t = analyticsTexts.topArticles;

const meta = {
  title: 'Components/Analytics/TopArticlesCard',
  component: TopArticlesCard,
  args: { articles: sampleTopArticles },
  decorators: [
    (Story) => (
      <WithLinkSpy>
        <Story />
      </WithLinkSpy>
    ),
  ],
} satisfies Meta<typeof TopArticlesCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const MostRead: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    navigate.mockClear();
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items).toHaveLength(sampleTopArticles.length);

    await step('ranked, each named by its title, else slug, else short id, with its views', async () => {
      await expect(items[0]).toHaveTextContent('How to grow tomatoes in small spaces412 views');
      await expect(items[2]).toHaveTextContent('sourdough-starter-guide198 views');
      await expect(items[4]).toHaveTextContent('Article #deadbeef87 views');
    });

    await step('a click or Enter opens the article', async () => {
      await userEvent.click(within(items[1]!).getByRole('link'));
      await expect(navigate).toHaveBeenLastCalledWith('/articles/art_0000000000000002');
      within(items[4]!).getByRole('link').focus();
      await userEvent.keyboard('{Enter}');
      await expect(navigate).toHaveBeenLastCalledWith('/articles/art_00000000deadbeef');
    });
  },
};

export const OneView: Story = {
  args: { articles: [{ id: 'art_1', title: 'Only once', slug: 'only-once', views: 1 }] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('listitem')).toHaveTextContent('Only once1 view');
  },
};

export const NoneRead: Story = {
  args: { articles: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.empty)).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const Loading: Story = {
  args: { articles: undefined, loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: t.title })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};
