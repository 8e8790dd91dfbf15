import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RouteError } from '../../src/components/common/RouteError';
import { routeErrorTexts } from '../../src/lib/texts-shell';

const meta = {
  title: 'Components/RouteError',
  component: RouteError,
  args: { message: routeErrorTexts.chunkFailed, onReload: fn() },
} satisfies Meta<typeof RouteError>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A screen's chunk could not be loaded (a new version was installed): Reload. */
export const ChunkFailed: Story = {
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(within(alert).getByRole('heading', { name: routeErrorTexts.title })).toBeVisible();
    await expect(alert).toHaveTextContent(routeErrorTexts.chunkFailed);
    await userEvent.click(within(alert).getByRole('button', { name: routeErrorTexts.reload }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
  },
};

/** A screen failed while rendering: its error, in its words. */
export const RenderFailed: Story = {
  args: { message: 'Cannot read properties of undefined (reading "slug")' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Cannot read properties of undefined');
  },
};
