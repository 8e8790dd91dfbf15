import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NewArticleForm } from '../../../src/components/new-article/NewArticleForm';
import { texts } from '../../../src/lib/texts';
import { alreadyScraped, created, createdWithWarnings, failed, scraping, waiting } from '../../fixtures';
import { nativeValidationBubble } from '../../visual';

const n = texts.newArticle;
const s = texts.scrape;

const meta = {
  title: 'Components/NewArticle/NewArticleForm',
  component: NewArticleForm,
  args: { onScrape: fn(), onCreate: fn(), onCancelScrapes: fn() },
} satisfies Meta<typeof NewArticleForm>;
export default meta;

type Story = StoryObj<typeof meta>;

const urlField = (canvasElement: HTMLElement) => within(canvasElement).getByRole('textbox', { name: n.urlLabel });

export const ScrapeUrl: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: n.force })).not.toBeChecked();
    await userEvent.type(urlField(canvasElement), '  https://news.example.com/story  ');
    await userEvent.click(canvas.getByRole('button', { name: n.scrape }));
    await expect(args.onScrape).toHaveBeenCalledWith({ urls: ['https://news.example.com/story'], force: false });
  },
};

/** One address per line: blank lines skipped, the same page listed twice scraped once; force ticked. */
export const SeveralUrlsScrapedAgain: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      urlField(canvasElement),
      'https://news.example.com/one{Enter}{Enter}https://news.example.com/two{Enter}HTTPS://NEWS.example.com/one',
    );
    await userEvent.click(canvas.getByRole('checkbox', { name: n.force }));
    await expect(canvas.getByRole('checkbox', { name: n.force })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: n.scrapeMany(2) }));
    await expect(args.onScrape).toHaveBeenCalledWith({
      urls: ['https://news.example.com/one', 'https://news.example.com/two'],
      force: true,
    });
  },
};

/** Lines that are not web addresses are reported before anything is sent; editing clears the report. */
export const InvalidLines: Story = {
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement);
    const field = urlField(canvasElement);
    await step('nothing is sent, each bad line is named', async () => {
      await userEvent.type(field, 'https://news.example.com/one{Enter}news.example.com/two{Enter}ftp://files.example.com/x');
      // Only valid addresses are counted: the button still reads 'Scrape Article'.
      await userEvent.click(canvas.getByRole('button', { name: n.scrape }));
      await expect(args.onScrape).not.toHaveBeenCalled();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(canvas.getByText(n.invalidLines)).toBeVisible();
      await expect(canvas.getByText(n.invalidLine(2, 'news.example.com/two'))).toBeVisible();
      await expect(canvas.getByText(n.invalidLine(3, 'ftp://files.example.com/x'))).toBeVisible();
    });
    await step('fixing the list clears the report and sends it', async () => {
      await userEvent.clear(field);
      await expect(canvas.queryByText(n.invalidLines)).not.toBeInTheDocument();
      await userEvent.type(field, 'https://news.example.com/one{Enter}https://news.example.com/two');
      await userEvent.click(canvas.getByRole('button', { name: n.scrapeMany(2) }));
      await expect(args.onScrape).toHaveBeenCalledWith({
        urls: ['https://news.example.com/one', 'https://news.example.com/two'],
        force: false,
      });
    });
  },
};

export const UrlRequired: Story = {
  parameters: nativeValidationBubble,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: n.scrape }));
    await expect(urlField(canvasElement)).toBeInvalid();
    await expect(args.onScrape).not.toHaveBeenCalled();
  },
};

export const FromHtml: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: /From HTML/ }));
    await userEvent.type(canvas.getByLabelText(/Slug/), 'my-post');
    await userEvent.type(canvas.getByLabelText(/Blog HTML/), '<p>Hi</p>');
    await userEvent.click(canvas.getByRole('button', { name: 'Create Draft' }));
    await expect(args.onCreate).toHaveBeenCalledWith({ blogData: '<p>Hi</p>', slug: 'my-post' });
    await expect(args.onScrape).not.toHaveBeenCalled();
  },
};

export const Scraping: Story = {
  args: { isScraping: true, scrapes: [scraping('https://news.example.com/story')] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: n.scraping });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    // One address: the button says it all, no progress list.
    await expect(canvas.queryByRole('list', { name: s.resultsLabel })).not.toBeInTheDocument();
    // Still focusable (focus is not dropped while pages are scraped), and a press does nothing.
    await userEvent.type(urlField(canvasElement), 'https://news.example.com/other');
    await userEvent.click(button);
    await expect(button).toHaveFocus();
    await expect(args.onScrape).not.toHaveBeenCalled();
  },
};

export const Creating: Story = {
  args: { isCreating: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: /From HTML/ }));
    await expect(canvas.getByRole('button', { name: n.creating })).toBeDisabled();
  },
};

/** Creating from HTML failed: the server's message. */
export const Refused: Story = {
  args: { error: 'Slug is already taken' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Slug is already taken');
  },
};

/** One address scraped with warnings: they show, with a link to open the article. */
export const OneScrapedWithWarnings: Story = {
  args: { scrapes: [createdWithWarnings] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(s.createdWithWarnings);
    await expect(canvas.getByText(s.warningsTitle(2))).toBeVisible();
    await expect(canvas.getByRole('link', { name: s.openArticle })).toHaveAttribute(
      'href',
      '/articles/art_01JD8W4G7Q2Z9K3M5N6PNEW002',
    );
    await expect(canvas.getByRole('button', { name: n.scrape })).toBeEnabled();
  },
};

export const OneAlreadyScraped: Story = {
  args: { scrapes: [alreadyScraped] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('This page was already scraped.');
    await expect(canvas.getByRole('link', { name: s.openArticle })).toBeVisible();
  },
};

export const OneFailed: Story = {
  args: { scrapes: [failed] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The page could not be fetched (HTTP 503).');
  },
};

/** Several addresses: progress, each address's status, and Cancel for the ones waiting. */
export const BatchInProgress: Story = {
  args: {
    isScraping: true,
    scrapes: [created, scraping('https://news.example.com/two'), waiting('https://news.example.com/three')],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: n.scraping })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('progressbar', { name: s.progressLabel })).toHaveAttribute('aria-valuetext', '1 of 3');
    await expect(canvas.getByRole('list', { name: s.resultsLabel })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: s.cancelRemaining }));
    await expect(args.onCancelScrapes).toHaveBeenCalledTimes(1);
  },
};

export const BatchDone: Story = {
  args: { scrapes: [created, createdWithWarnings, alreadyScraped, failed] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('2 created, 1 already scraped, 1 failed');
    await expect(canvas.getByRole('button', { name: n.scrape })).toBeEnabled();
  },
};
