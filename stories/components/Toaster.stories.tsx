import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@chakra-ui/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Toaster, toaster } from '../../src/components/common/Toaster';

const onAction = fn().mockName('onAction');

/** A page with the toaster and a button that makes a toast. */
function ToastDemo({ type, withAction }: { type?: 'info' | 'success' | 'error' | 'warning'; withAction: boolean }) {
  return (
    <>
      <Button
        onClick={() =>
          toaster.create({
            type: type ?? 'info',
            title: 'Article deleted',
            description: type === 'warning' ? 'Another article took this slug.' : undefined,
            closable: true,
            duration: 10_000,
            action: withAction ? { label: 'Undo', onClick: onAction } : undefined,
          })
        }
      >
        Show a toast
      </Button>
      <Toaster />
    </>
  );
}

const meta = {
  title: 'Components/Common/Toaster',
  component: ToastDemo,
  args: { withAction: true },
  beforeEach() {
    onAction.mockClear();
    // The toasts live in a store shared by the stories of a page: each story starts without any.
    toaster.remove();
    return () => toaster.remove();
  },
} satisfies Meta<typeof ToastDemo>;
export default meta;

type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** A toast with an action: clicking it runs the action and dismisses the toast. */
export const WithAction: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show a toast' }));
    const toast = await body(canvasElement).findByRole('status', { name: 'Article deleted' });
    await waitFor(() => expect(toast).toBeVisible());
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    await expect(onAction).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body(canvasElement).queryByRole('status', { name: 'Article deleted' })).toBeNull());
  },
};

/** A warning with a description, closed with its close button. */
export const WarningClosed: Story = {
  args: { type: 'warning', withAction: false },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show a toast' }));
    const toast = await body(canvasElement).findByRole('status', { name: 'Article deleted' });
    await expect(toast).toHaveAccessibleDescription('Another article took this slug.');
    await expect(within(toast).queryByRole('button', { name: 'Undo' })).toBeNull();
    await userEvent.click(within(toast).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(body(canvasElement).queryByRole('status', { name: 'Article deleted' })).toBeNull());
    await expect(onAction).not.toHaveBeenCalled();
  },
};
