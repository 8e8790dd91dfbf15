import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RecentActivity } from '../../../src/components/dashboard/RecentActivity';
import { activities } from '../../fixtures';

const meta = {
  title: 'Components/Dashboard/RecentActivity',
  component: RecentActivity,
  // The fixtures' reference time, so "ago" reads the same on every run.
  args: { activities, now: new Date('2026-11-20T09:30:00.000Z') },
} satisfies Meta<typeof RecentActivity>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithActivity: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('Published "best-hiking-boots-2026"');
    await expect(items[0]).toHaveTextContent('1 hour ago');
    await expect(items[1]).toHaveTextContent('5 hours ago');
    await expect(items[2]).toHaveTextContent('yesterday');
    await expect(items[2]?.querySelector('time')).toHaveAttribute('datetime', activities[2]?.at);
  },
};

export const Empty: Story = {
  args: { activities: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No activity yet')).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const Loading: Story = {
  args: { activities: undefined, loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading...')).toBeInTheDocument();
    await expect(canvas.queryByText('No activity yet')).toBeNull();
  },
};
