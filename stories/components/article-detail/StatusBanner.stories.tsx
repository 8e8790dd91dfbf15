import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StatusBanner } from '../../../src/components/article-detail/StatusBanner';

/**
 * The banner after a publish or draft conversion. It hides itself after 3 s (success) or
 * 5 s (error): that timing lives in `useStatusBanner` and is unit-tested with fake timers.
 */
const meta = {
  title: 'Components/ArticleDetail/StatusBanner',
  component: StatusBanner,
  args: { kind: 'published', onDismiss: fn() },
} satisfies Meta<typeof StatusBanner>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Published: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Article successfully published');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss message' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

export const ConvertedToDraft: Story = {
  args: { kind: 'draft' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Article successfully converted to draft');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const PublishFailed: Story = {
  args: { kind: 'publishFailed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to publish article');
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const ConvertToDraftFailed: Story = {
  args: { kind: 'draftFailed' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to convert article to draft');
    canvas.getByRole('button', { name: 'Dismiss message' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

/** Without onDismiss there is no close button; the banner only times out. */
export const WithoutDismiss: Story = {
  args: { kind: 'published', onDismiss: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Hidden: Story = {
  args: { kind: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};
