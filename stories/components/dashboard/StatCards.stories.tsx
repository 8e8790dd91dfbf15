import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatCards, type DashboardStats } from '../../../src/components/dashboard/StatCards';

const stats: DashboardStats = {
  totalArticles: { value: 12, change: 20 },
  published: { value: 4, change: -50 },
  drafts: { value: 8, change: null },
  viewsToday: null,
};

const meta = {
  title: 'Components/Dashboard/StatCards',
  component: StatCards,
  args: { stats },
} satisfies Meta<typeof StatCards>;
export default meta;

type Story = StoryObj<typeof meta>;

export const ViewsNotTracked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const groups = canvas.getAllByRole('group');
    await expect(groups.map((group) => group.querySelector('p')?.textContent)).toEqual([
      'Total Articles',
      'Published',
      'Drafts',
      'Views Today',
    ]);
    const [total, published, drafts, views] = groups.map((group) => within(group));
    await expect(total?.getByText('12')).toBeVisible();
    await expect(total?.getByText('+20% from last week')).toBeVisible();
    await expect(published?.getByText('-50% from last week')).toBeVisible();
    await expect(drafts?.getByText('No articles the week before')).toBeVisible();
    await expect(views?.getByText('Not tracked')).toBeVisible();
  },
};

/** Public reads counted by the server: today's, and the change against yesterday's. */
export const WithViews: Story = {
  args: { stats: { ...stats, viewsToday: { value: 12_500, change: 4.2 } } },
  play: async ({ canvasElement }) => {
    const views = within(within(canvasElement).getByRole('group', { name: 'Views Today' }));
    await expect(views.getByText('12,500')).toBeVisible();
    await expect(views.getByText('+4.2% from yesterday')).toBeVisible();
    await expect(views.queryByText('Not tracked')).toBeNull();
  },
};

export const Loading: Story = {
  args: { stats: undefined, loading: true },
  play: async ({ canvasElement }) => {
    const groups = within(canvasElement).getAllByRole('group');
    await expect(groups).toHaveLength(4);
    for (const group of groups) await expect(group).toHaveAttribute('aria-busy', 'true');
    await expect(within(canvasElement).queryByText('Not tracked')).toBeNull();
  },
};

/** On a phone the four cards sit two to a row. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const [a, b, c] = within(canvasElement)
      .getAllByRole('group')
      .map((group) => group.getBoundingClientRect());
    await expect(b?.top).toBe(a?.top);
    await expect(b?.left).toBeGreaterThanOrEqual(a?.right ?? Infinity);
    await expect(c?.top).toBeGreaterThanOrEqual(a?.bottom ?? Infinity);
  },
};
