import type { Meta, StoryObj } from '@storybook/react-vite';
import { forwardRef } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppLink, LinkComponentProvider, type LinkLikeProps } from '../../src/components/common/AppLink';

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

const navigate = fn();
const SpyLink = forwardRef<HTMLAnchorElement, LinkLikeProps>(function SpyLink({ href, ...rest }, ref) {
  return (
    <a
      ref={ref}
      href={href}
      data-router-link=""
      {...rest}
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
      }}
    />
  );
});

/** The app provides its router's link: components never import the router themselves. */
export const ProvidedLink: Story = {
  decorators: [(Story) => <LinkComponentProvider value={SpyLink}><Story /></LinkComponentProvider>],
  play: async ({ canvasElement }) => {
    navigate.mockClear();
    const link = within(canvasElement).getByRole('link', { name: 'Articles' });
    await expect(link).toHaveAttribute('data-router-link');
    await userEvent.click(link);
    await expect(navigate).toHaveBeenCalledWith('/articles');
  },
};
