import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FileManagerHeader } from '../../../src/components/files/FileManagerHeader';
import { reducedMotion } from '../../motion';

const meta = {
  title: 'Components/Files/FileManagerHeader',
  component: FileManagerHeader,
  args: { onRefresh: fn(), onUpload: fn(), isLoading: false, isUploading: false },
} satisfies Meta<typeof FileManagerHeader>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'File Manager' })).toBeVisible();
    await expect(canvas.getByText('Manage your files and documents')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Refresh' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Upload Files' }));
    await expect(args.onUpload).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const refresh = canvas.getByRole('button', { name: 'Refresh' });
    await expect(refresh).toBeDisabled();
    const icon = refresh.querySelector('svg');
    await expect(icon).toHaveAttribute('data-spinning');
    // It spins, unless the system asks for less motion (as the test-runner does).
    await expect(getComputedStyle(icon as Element).animationName).toBe(reducedMotion() ? 'none' : 'spin');
    await userEvent.click(refresh, { pointerEventsCheck: 0 });
    await expect(args.onRefresh).not.toHaveBeenCalled();
    // Loading the list does not block uploading.
    await expect(canvas.getByRole('button', { name: 'Upload Files' })).toBeEnabled();
  },
};

export const Uploading: Story = {
  args: { isUploading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Upload Files' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  },
};

/** A viewer uploads nothing: no Upload Files. */
export const WithoutUpload: Story = {
  args: { onUpload: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Upload Files' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  },
};
