import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ArticlesHeader } from '../../../src/components/articles/ArticlesHeader';

const meta = {
  title: 'Components/Articles/ArticlesHeader',
  component: ArticlesHeader,
  args: { onRefresh: fn(), isRefreshing: false },
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
