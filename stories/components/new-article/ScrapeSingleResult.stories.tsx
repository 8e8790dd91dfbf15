import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ScrapeSingleResult } from '../../../src/components/new-article/ScrapeSingleResult';
import { texts } from '../../../src/lib/texts';
import { duplicatesTexts } from '../../../src/lib/texts-duplicates';
import { alreadyScraped, createdLikeACopy, createdWithWarnings, failed, scraping } from '../../fixtures';

const s = texts.scrape;

const meta = {
  title: 'Components/NewArticle/ScrapeSingleResult',
  component: ScrapeSingleResult,
  args: { item: createdWithWarnings },
} satisfies Meta<typeof ScrapeSingleResult>;
export default meta;

type Story = StoryObj<typeof meta>;

/** One address, created, but some images stayed at their original address: read them, then open. */
export const CreatedWithWarnings: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const result = canvas.getByRole('status');
    await expect(result).toHaveTextContent(s.createdWithWarnings);
    await expect(result).toHaveTextContent('3 images imported');
    await expect(within(result).getByText(s.warningsTitle(2))).toBeVisible();
    await expect(within(result).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: s.openArticle })).toHaveAttribute(
      'href',
      '/articles/art_01JD8W4G7Q2Z9K3M5N6PNEW002',
    );
  },
};

/** Created, but it looks like a copy of two articles already in the library: said, with links, before it is opened. */
export const CreatedLikeACopy: Story = {
  args: { item: createdLikeACopy },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const result = canvas.getByRole('status');
    await expect(result).toHaveTextContent(s.created);
    await expect(within(result).getByText(duplicatesTexts.title(2, ''))).toBeVisible();
    await expect(within(result).getByRole('link', { name: 'The big story of the week' })).toHaveAttribute('href', '/articles/art_01JD8W4G7Q2Z9K3M5N6PNEW001');
    await expect(canvas.getByRole('link', { name: s.openArticle })).toHaveAttribute('href', '/articles/art_01JD8W4G7Q2Z9K3M5N6PNEW003');
  },
};

/** The page was scraped before: the server's message and a link to that article. */
export const AlreadyScraped: Story = {
  args: { item: alreadyScraped },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('This page was already scraped.');
    await expect(canvas.getByRole('link', { name: s.openArticle })).toHaveAttribute(
      'href',
      '/articles/art_01JD8W4G7Q2Z9K3M5N6P000001',
    );
  },
};

export const Failed: Story = {
  args: { item: failed },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The page could not be fetched (HTTP 503).');
    await expect(canvas.queryByRole('link')).not.toBeInTheDocument();
  },
};

/** While the one page is scraped, the button says so; nothing shows here. */
export const WhileScraping: Story = {
  args: { item: scraping('https://news.example.com/a') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};
