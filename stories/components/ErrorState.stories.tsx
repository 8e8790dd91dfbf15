import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorState } from '../../src/components/common/ErrorState';

/** A list that could not be loaded. */
const meta = {
  title: 'Components/Common/ErrorState',
  component: ErrorState,
  args: { title: 'Error Loading Articles', message: 'Network request failed (503)', onRetry: fn() },
} satisfies Meta<typeof ErrorState>;
export default meta;

type Story = StoryObj<typeof meta>;

/** An alert with what failed; Try Again asks again. */
export const Failed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(within(alert).getByRole('heading', { name: 'Error Loading Articles' })).toBeVisible();
    await expect(alert).toHaveTextContent('Network request failed (503)');
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
