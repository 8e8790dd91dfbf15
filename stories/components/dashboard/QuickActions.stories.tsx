import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { QuickActions } from '../../../src/components/dashboard/QuickActions';
import { navigate, WithLinkSpy } from '../linkSpy';

const meta = {
  title: 'Components/Dashboard/QuickActions',
  component: QuickActions,
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
