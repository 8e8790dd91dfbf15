import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { texts } from '../../src/lib/texts';
import { AppStory } from './AppStory';

const meta = {
  title: 'Screens/NotFound',
  tags: ['!autodocs'],
  component: AppStory,
  args: { path: '/nowhere' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AppStory>;
export default meta;

type Story = StoryObj<typeof meta>;

/** An unknown path shows only the text 'NotFound': no shell, no API call. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(texts.notFound, undefined, { timeout: 10_000 })).toBeVisible();
    await expect(canvasElement.textContent?.trim()).toBe(texts.notFound);
    await expect(within(canvasElement).queryByRole('navigation')).not.toBeInTheDocument();
  },
};
