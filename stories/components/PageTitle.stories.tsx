import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageTitle } from '../../src/components/common/PageTitle';

/** A screen's title and its line (the articles, analytics, account and webhooks screens). */
const meta = {
  title: 'Components/Common/PageTitle',
  component: PageTitle,
  args: { title: 'Webhooks', intro: 'Tell other systems when articles and files change.' },
} satisfies Meta<typeof PageTitle>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The screen's one h1, and what it is for below it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(canvas.getByText('Tell other systems when articles and files change.')).toBeVisible();
  },
};
