import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ScrapeWarnings } from '../../../src/components/new-article/ScrapeWarnings';
import { texts } from '../../../src/lib/texts';
import { imageWarnings } from '../../fixtures';

const meta = {
  title: 'Components/NewArticle/ScrapeWarnings',
  component: ScrapeWarnings,
  args: { warnings: imageWarnings },
} satisfies Meta<typeof ScrapeWarnings>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Each image kept at its original address, and why. */
export const SeveralImages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(texts.scrape.warningsTitle(2))).toBeVisible();
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('https://photos.example.com/media/panorama.tiff — The image type is not accepted.');
    await expect(items[1]).toHaveTextContent('The image could not be fetched (HTTP 404).');
  },
};

export const OneImage: Story = {
  args: { warnings: imageWarnings.slice(0, 1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('1 image was kept at its original address:')).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};

export const NoWarnings: Story = {
  args: { warnings: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('');
    await expect(within(canvasElement).queryByRole('list')).not.toBeInTheDocument();
  },
};
