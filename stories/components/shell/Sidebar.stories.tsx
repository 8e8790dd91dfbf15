import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Sidebar } from '../../../src/components/shell/Sidebar';
import { accessFor } from '../../../src/lib/access';

const meta = {
  title: 'Components/Shell/Sidebar',
  component: Sidebar,
  parameters: { layout: 'fullscreen' },
  args: { activePath: '/', userEmail: 'admin@example.com', access: accessFor('admin'), onSignOut: fn() },
  decorators: [
    (Story, { args }) => (
      <Box w={args.collapsed ? 'sidebar.widthIcon' : 'sidebar.width'} h="100dvh" borderRightWidth="1px">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof Sidebar>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Expanded: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Admin Panel')).toBeVisible();
    const nav = within(canvas.getByRole('navigation'));
    const links = nav.getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/articles', '/file-manager', '/sources', '/webhooks']);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('admin@example.com')).toBeVisible();
    await expect(canvas.getByText('Admin')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

/** An editor: their role under their email, Sources, and no Webhooks (an admin's). */
export const AsEditor: Story = {
  args: { userEmail: 'editor@example.com', access: accessFor('editor') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const links = within(canvas.getByRole('navigation')).getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/articles', '/file-manager', '/sources']);
    await expect(canvas.getByText('Editor')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Account' })).toBeVisible();
  },
};

/** Before the role is known: only the links every role may use, and no role named. */
export const RoleNotKnownYet: Story = {
  args: { access: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const links = within(canvas.getByRole('navigation')).getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/articles', '/file-manager']);
    await expect(canvas.queryByText('Admin')).toBeNull();
  },
};

export const IconMode: Story = {
  args: { collapsed: true, activePath: '/articles' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Articles' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('Articles')).not.toBeVisible();
    await expect(canvas.getByText('Admin Panel')).not.toBeVisible();
    const signOut = canvas.getByRole('button', { name: 'Sign out' });
    signOut.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const WithoutUser: Story = {
  args: { userEmail: null, onSignOut: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Sign out' })).toBeNull();
    await expect(canvas.getAllByRole('link')).toHaveLength(5);
  },
};
