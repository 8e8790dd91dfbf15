import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@chakra-ui/react';
import { LuCircleAlert, LuLink } from 'react-icons/lu';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StateNotice } from '../../src/components/common/StateNotice';

/** The frame of a list's empty and failed states (the articles', the trash's, the webhooks'). */
const meta = {
  title: 'Components/Common/StateNotice',
  component: StateNotice,
  args: { icon: <LuLink />, title: 'No webhooks yet', body: 'Add an endpoint below to be told when articles change.' },
} satisfies Meta<typeof StateNotice>;
export default meta;

type Story = StoryObj<typeof meta>;

/** An empty list: a heading and its line, read as they come (no alert). */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'No webhooks yet' })).toBeVisible();
    await expect(canvas.getByText('Add an endpoint below to be told when articles change.')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

const onAction = fn();

/** A failure is an alert, with its action below the line. */
export const AlertWithAction: Story = {
  args: {
    icon: <LuCircleAlert />,
    role: 'alert',
    indicatorColor: 'status.down',
    title: 'Error Loading Articles',
    body: 'Network request failed (503)',
    children: <Button onClick={onAction}>Try Again</Button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Network request failed (503)');
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(onAction).toHaveBeenCalledTimes(1);
  },
};
