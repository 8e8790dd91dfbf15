import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AppLink } from '../../src/components/common/AppLink';
import { navigate, WithLinkSpy } from './linkSpy';

const meta = {
  title: 'Components/Common/AppLink',
  component: AppLink,
  args: { href: '/articles', children: 'Articles' },
} satisfies Meta<typeof AppLink>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Without a provider, a plain anchor. */
export const PlainAnchor: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Articles' })).toHaveAttribute('href', '/articles');
  },
};

/** The app provides its router's link: components never import the router themselves. */
export const ProvidedLink: Story = {
  decorators: [(Story) => <WithLinkSpy><Story /></WithLinkSpy>],
  play: async ({ canvasElement }) => {
    navigate.mockClear();
    const link = within(canvasElement).getByRole('link', { name: 'Articles' });
    await expect(link).toHaveAttribute('data-router-link');
    await userEvent.click(link);
    await expect(navigate).toHaveBeenCalledWith('/articles');
  },
};
