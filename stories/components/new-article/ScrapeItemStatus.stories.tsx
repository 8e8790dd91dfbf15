import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ScrapeItemStatus } from '../../../src/components/new-article/ScrapeItemStatus';
import { texts } from '../../../src/lib/texts';
import { alreadyScraped, cancelled, created, createdWithWarnings, failed, scraping, waiting } from '../../fixtures';

const s = texts.scrape;

const meta = {
  title: 'Components/NewArticle/ScrapeItemStatus',
  component: ScrapeItemStatus,
  args: { item: created },
} satisfies Meta<typeof ScrapeItemStatus>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Waiting: Story = {
  args: { item: waiting('https://news.example.com/a') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(s.waiting)).toBeVisible();
  },
};

export const Scraping: Story = {
  args: { item: scraping('https://news.example.com/a') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(s.scraping)).toBeVisible();
    await expect(within(canvasElement).queryByRole('link')).not.toBeInTheDocument();
  },
};

/** Created: a link to the new article (named by its slug) and the image counts. */
export const Created: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(s.created)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'big-story' })).toHaveAttribute(
      'href',
      '/articles/art_01JD8W4G7Q2Z9K3M5N6PNEW001',
    );
    await expect(canvas.getByText('(2 images imported, 1 reused)')).toBeVisible();
    await expect(canvas.queryByText(/original address/)).not.toBeInTheDocument();
  },
};

export const CreatedWithWarnings: Story = {
  args: { item: createdWithWarnings },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'gallery' })).toBeVisible();
    await expect(canvas.getByText(s.warningsTitle(2))).toBeVisible();
    await expect(canvas.getByText(/The image type is not accepted/)).toBeVisible();
  },
};

/** Already scraped: a link to the article made from that page before. */
export const AlreadyScraped: Story = {
  args: { item: alreadyScraped },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(s.alreadyScraped)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Article #6P000001' })).toHaveAttribute(
      'href',
      '/articles/art_01JD8W4G7Q2Z9K3M5N6P000001',
    );
  },
};

export const Failed: Story = {
  args: { item: failed },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Failed: The page could not be fetched (HTTP 503).')).toBeVisible();
    await expect(canvas.queryByRole('link')).not.toBeInTheDocument();
  },
};

export const Cancelled: Story = {
  args: { item: cancelled('https://news.example.com/a') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(s.cancelled)).toBeVisible();
  },
};
