import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { LuEye, LuFileText } from 'react-icons/lu';
import { expect, within } from 'storybook/test';
import { StatCard } from '../../../src/components/dashboard/StatCard';

const meta = {
  title: 'Components/Dashboard/StatCard',
  component: StatCard,
  args: { label: 'Total Articles', icon: LuFileText, value: 1284, change: 12.5 },
  argTypes: { icon: { control: false } },
  decorators: [
    (Story) => (
      <Box maxW="18rem">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof StatCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const PositiveChange: Story = {
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('group', { name: 'Total Articles' }));
    await expect(card.getByText('1,284')).toBeVisible();
    const change = card.getByText('+12.5% from last week');
    await expect(change.parentElement).toHaveAttribute('data-direction', 'up');
  },
};

export const NegativeChange: Story = {
  args: { label: 'Drafts', value: 37, change: -8.3 },
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('group', { name: 'Drafts' }));
    await expect(card.getByText('37')).toBeVisible();
    const change = card.getByText('-8.3% from last week');
    await expect(change.parentElement).toHaveAttribute('data-direction', 'down');
  },
};

export const NoChange: Story = {
  args: { value: 40, change: 0 },
  play: async ({ canvasElement }) => {
    const change = within(canvasElement).getByText('0% from last week');
    await expect(change.parentElement).toHaveAttribute('data-direction', 'flat');
  },
};

export const NoPreviousWeek: Story = {
  args: { value: 3, change: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No articles the week before')).toBeVisible();
    await expect(canvas.queryByText(/from last week/)).toBeNull();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Total Articles' });
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(within(card).queryByText('1,284')).toBeNull();
  },
};

export const NotTracked: Story = {
  args: { label: 'Views Today', icon: LuEye, value: undefined, change: undefined, notTracked: true },
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('group', { name: 'Views Today' }));
    await expect(card.getByText('Not tracked')).toBeVisible();
    await expect(card.getByText('Page views are not recorded by this server')).toBeVisible();
    // Never a made-up figure.
    await expect(card.queryByText(/\d/)).toBeNull();
  },
};
