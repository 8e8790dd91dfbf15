import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { QuickActions } from '../../../src/components/dashboard/QuickActions';
import { accessFor } from '../../../src/lib/access';
import { navigate, WithLinkSpy } from '../linkSpy';

const meta = {
  title: 'Components/Dashboard/QuickActions',
  component: QuickActions,
  args: { access: accessFor('admin') },
  decorators: [
    (Story) => (
      <WithLinkSpy>
        <Story />
      </WithLinkSpy>
    ),
  ],
} satisfies Meta<typeof QuickActions>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    navigate.mockClear();
    await expect(canvas.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    const links = canvas.getAllByRole('link');
    await expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Create Article', '/articles/new'],
      ['Upload Files', '/file-manager'],
      ['View Articles', '/articles'],
      ['Analytics', '/analytics'],
    ]);
    await userEvent.click(canvas.getByRole('link', { name: 'Upload Files' }));
    await expect(navigate).toHaveBeenLastCalledWith('/file-manager');
  },
};

/** A viewer creates and uploads nothing: only the shortcuts to read. */
export const AsViewer: Story = {
  args: { access: accessFor('viewer') },
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(['View Articles', 'Analytics']);
  },
};

/** An author writes and uploads: every shortcut. */
export const AsAuthor: Story = {
  args: { access: accessFor('author') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('link')).toHaveLength(4);
  },
};
