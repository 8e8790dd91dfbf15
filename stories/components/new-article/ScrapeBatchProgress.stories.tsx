import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ScrapeBatchProgress } from '../../../src/components/new-article/ScrapeBatchProgress';
import { texts } from '../../../src/lib/texts';
import { alreadyScraped, cancelled, created, createdWithWarnings, failed, scraping, waiting } from '../../fixtures';

const s = texts.scrape;

const meta = {
  title: 'Components/NewArticle/ScrapeBatchProgress',
  component: ScrapeBatchProgress,
  args: { onCancel: fn(), items: [] },
} satisfies Meta<typeof ScrapeBatchProgress>;
export default meta;

type Story = StoryObj<typeof meta>;

const statusOf = (item: HTMLElement) => item.getAttribute('data-status');

/** One row per address (not the warnings listed inside a row). */
function rowsOf(canvasElement: HTMLElement): HTMLElement[] {
  const list = within(canvasElement).getByRole('list', { name: s.resultsLabel });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

/** Two pages being scraped, two waiting, one done: 'N of M', each address's status, Cancel. */
export const InProgress: Story = {
  args: {
    items: [
      created,
      scraping('https://news.example.com/two'),
      scraping('https://news.example.com/three'),
      waiting('https://news.example.com/four'),
      waiting('https://news.example.com/five'),
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('progressbar', { name: s.progressLabel });
    await expect(bar).toHaveAttribute('aria-valuenow', '1');
    await expect(bar).toHaveAttribute('aria-valuemax', '5');
    await expect(bar).toHaveAttribute('aria-valuetext', '1 of 5');
    await expect(canvas.getByText('1 of 5')).toBeVisible();

    const items = rowsOf(canvasElement);
    await expect(items.map(statusOf)).toEqual(['created', 'scraping', 'scraping', 'waiting', 'waiting']);
    await expect(items[1]).toHaveTextContent(`https://news.example.com/two${s.scraping}`);
    await expect(items[3]).toHaveTextContent(`https://news.example.com/four${s.waiting}`);
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: s.cancelRemaining }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** Every outcome at once, and the summary at the end. */
export const Done: Story = {
  args: { items: [created, createdWithWarnings, alreadyScraped, failed] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('2 created, 1 already scraped, 1 failed');
    await expect(canvas.getByRole('progressbar', { name: s.progressLabel })).toHaveAttribute('aria-valuetext', '4 of 4');
    await expect(canvas.queryByRole('button', { name: s.cancelRemaining })).not.toBeInTheDocument();

    const rows = rowsOf(canvasElement);
    await expect(rows.map(statusOf)).toEqual(['created', 'created', 'alreadyScraped', 'failed']);
    await expect(within(rows[0]!).getByRole('link', { name: 'big-story' })).toHaveAttribute('href', '/articles/art_01JD8W4G7Q2Z9K3M5N6PNEW001');
    await expect(rows[0]).toHaveTextContent('2 images imported, 1 reused');
    await expect(within(rows[1]!).getByText(s.warningsTitle(2))).toBeVisible();
    await expect(rows[1]).toHaveTextContent('https://photos.example.com/media/poster.png — The image could not be fetched (HTTP 404).');
    await expect(within(rows[2]!).getByText(s.alreadyScraped)).toBeVisible();
    await expect(within(rows[2]!).getByRole('link')).toHaveAttribute('href', '/articles/art_01JD8W4G7Q2Z9K3M5N6P000001');
    await expect(within(rows[3]!).getByText('Failed: The page could not be fetched (HTTP 503).')).toBeVisible();
  },
};

/** Cancelled with two addresses left: they are never scraped, and the bar counts what was done. */
export const Cancelled: Story = {
  args: {
    items: [created, failed, cancelled('https://news.example.com/three'), cancelled('https://news.example.com/four')],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('1 created, 1 failed, 2 cancelled');
    await expect(canvas.getByRole('progressbar', { name: s.progressLabel })).toHaveAttribute('aria-valuetext', '2 of 2');
    await expect(canvas.getAllByText(s.cancelled)).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: s.cancelRemaining })).not.toBeInTheDocument();
  },
};

/** Cancelled while two pages were still being scraped: those finish, the summary waits for them. */
export const CancelledWhileScraping: Story = {
  args: {
    items: [scraping('https://news.example.com/one'), scraping('https://news.example.com/two'), cancelled('https://news.example.com/three')],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText(s.scraping)).toHaveLength(2);
    await expect(canvas.getByText('0 of 2')).toBeVisible();
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: s.cancelRemaining })).not.toBeInTheDocument();
  },
};
