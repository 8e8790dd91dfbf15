import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DashboardHeader } from '../../../src/components/dashboard/DashboardHeader';
import { reducedMotion } from '../../motion';

const meta = {
  title: 'Components/Dashboard/DashboardHeader',
  component: DashboardHeader,
  args: { onRefresh: fn(), isRefreshing: false },
} satisfies Meta<typeof DashboardHeader>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const clock = canvasElement.querySelector('time');
    await expect(clock).not.toBeNull();
    await expect(clock).toHaveTextContent(String(new Date().getFullYear()));
    await expect(Math.abs(Date.parse(clock?.getAttribute('datetime') ?? '') - Date.now())).toBeLessThan(60_000);
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};

export const Refreshing: Story = {
  args: { isRefreshing: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Refresh' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    const icon = button.querySelector('svg');
    // It spins, unless the system asks for less motion (as the test-runner does).
    await expect(icon && getComputedStyle(icon).animationName).toBe(reducedMotion() ? 'none' : 'spin');
  },
};
