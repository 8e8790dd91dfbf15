import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ArticlesHeader } from '../../../src/components/articles/ArticlesHeader';
import { navigate, WithLinkSpy } from '../linkSpy';

const meta = {
  title: 'Components/Articles/ArticlesHeader',
  component: ArticlesHeader,
  args: { onRefresh: fn(), isRefreshing: false },
  decorators: [
    (Story) => (
      <WithLinkSpy>
        <Story />
      </WithLinkSpy>
    ),
  ],
  beforeEach() {
    navigate.mockClear();
  },
} satisfies Meta<typeof ArticlesHeader>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Articles Management' })).toBeVisible();
    await expect(canvas.getByText('Manage scraped articles and blog content')).toBeVisible();
    const refresh = canvas.getByRole('button', { name: 'Refresh' });
    await expect(refresh).toBeEnabled();
    await userEvent.click(refresh);
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};

export const Refreshing: Story = {
  args: { isRefreshing: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const refresh = canvas.getByRole('button', { name: 'Refresh' });
    await expect(refresh).toBeDisabled();
    await expect(refresh).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(refresh, { pointerEventsCheck: 0 });
    await expect(args.onRefresh).not.toHaveBeenCalled();
  },
};

/** 'New article' goes to the new article screen, through the app's router. */
export const NewArticle: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'New article' });
    await expect(link).toHaveAttribute('href', '/articles/new');
    await expect(link).toHaveAttribute('data-router-link');
    await userEvent.click(link);
    await expect(navigate).toHaveBeenCalledWith('/articles/new');
  },
};

/** A viewer creates no article: no New article. */
export const WithoutNewArticle: Story = {
  args: { canCreate: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link', { name: 'New article' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  },
};
