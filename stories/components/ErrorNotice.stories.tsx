import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorNotice } from '../../src/components/common/ErrorNotice';

const meta = {
  title: 'Components/Common/ErrorNotice',
  component: ErrorNotice,
  args: { message: 'Slug is already taken', onDismiss: fn() },
} satisfies Meta<typeof ErrorNotice>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithMessage: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Slug is already taken');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss error' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

export const NoMessage: Story = {
  args: { message: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};
