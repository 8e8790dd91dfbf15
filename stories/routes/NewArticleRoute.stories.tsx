import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { whoMay } from '../../src/contract';
import { texts } from '../../src/lib/texts';
import { articles } from '../fixtures';
import { articleHandlers, authHandlers } from '../mocks';
import { AppStory, storyLocation } from './AppStory';
import { screen, type ScreenStory as Story, using } from './screen';
import { ready } from './plays';

const n = texts.newArticle;
const s = texts.scrape;

/** Every sample article was scraped from this page: scraping it again is refused without force. */
const scrapedBefore = articles[0]!;

// Signed in, with working APIs; a story puts the variant it shows in front of them.
export default {
  title: 'Screens/NewArticle',
  tags: ['!autodocs'],
  ...screen('/articles/new', () => authHandlers.signedIn(), () => articleHandlers.api()),
} satisfies Meta<typeof AppStory>;

async function scrape(canvasElement: HTMLElement, url: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByRole('textbox', { name: n.urlLabel }, ready), url);
  await userEvent.click(canvas.getByRole('button', { name: n.scrape }));
}

/** Types the addresses one per line and scrapes them all. */
async function scrapeMany(canvasElement: HTMLElement, urls: string[], count = urls.length) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByRole('textbox', { name: n.urlLabel }, ready), urls.join('{Enter}'));
  await userEvent.click(canvas.getByRole('button', { name: n.scrapeMany(count) }));
}

/** One row per address (not the warnings listed inside a row). */
function rowsOf(canvasElement: HTMLElement): HTMLElement[] {
  const list = within(canvasElement).getByRole('list', { name: s.resultsLabel });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

const findHeading = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('heading', { level: 1, name }, ready);

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: n.title }, ready)).toBeVisible();
    await expect(canvas.getByRole('tab', { name: n.fromUrl })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('textbox', { name: n.urlLabel })).toBeRequired();
    await expect(canvas.getByRole('checkbox', { name: n.force })).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: n.scrape })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** The scraped draft opens on its detail page, titled by the page's title, with the slug the server chose under it. */
export const ScrapeSucceeds: Story = {
  play: async ({ canvasElement }) => {
    await scrape(canvasElement, 'https://news.example.com/world/big-story');
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Big story' }, ready)).toHaveAccessibleDescription('big-story');
    await expect(canvas.getByRole('switch', { name: texts.article.draft })).not.toBeChecked();
  },
};

export const ScrapeRefused: Story = {
  beforeEach: using(() => articleHandlers.scrapeRefused('This address points to a private network')),
  play: async ({ canvasElement }) => {
    await scrape(canvasElement, 'http://192.168.0.1/admin');
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This address points to a private network');
    await expect(canvas.getByRole('heading', { name: n.title })).toBeVisible();
    await expect(canvas.getByRole('button', { name: n.scrape })).toBeEnabled();
  },
};

/** One page with images the server could not store: the warnings stay on screen, with 'Open article'. */
export const ScrapeWithWarnings: Story = {
  play: async ({ canvasElement }) => {
    await scrape(canvasElement, 'https://photos.example.com/images/gallery');
    const canvas = within(canvasElement);
    const result = await canvas.findByRole('status', undefined, ready);
    await expect(result).toHaveTextContent(s.createdWithWarnings);
    await expect(result).toHaveTextContent('3 images imported');
    await expect(within(result).getByText(s.warningsTitle(2))).toBeVisible();
    await expect(result).toHaveTextContent('https://photos.example.com/media/panorama.tiff — The image type is not accepted.');
    await userEvent.click(canvas.getByRole('link', { name: s.openArticle }));
    await expect(await findHeading(canvasElement, 'Gallery')).toBeVisible();
  },
};

/** The page was scraped before: the server's message and a link to that article, which opens. */
export const AlreadyScraped: Story = {
  play: async ({ canvasElement }) => {
    await scrape(canvasElement, scrapedBefore.scrapedUrl!);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', undefined, ready)).toHaveTextContent('This page was already scraped.');
    await userEvent.click(canvas.getByRole('link', { name: s.openArticle }));
    await expect(await findHeading(canvasElement, scrapedBefore.title!)).toBeVisible();
  },
};

/** 'Scrape again pages already scraped' sends force: a new draft is made and opens. */
export const ForceScrapesAgain: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: n.force }, ready));
    await scrape(canvasElement, scrapedBefore.scrapedUrl!);
    await expect(await findHeading(canvasElement, 'How to grow tomatoes in small spaces')).toHaveAccessibleDescription(
      'how-to-grow-tomatoes-in-small-spaces',
    );
  },
};

/**
 * Several pages, one of each outcome (a duplicate line is scraped once): each address's result,
 * the bar at 'N of N' and the summary.
 */
export const BatchResults: Story = {
  beforeEach: using(() => articleHandlers.scrapeFailsFor('broken')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const urls = [
      'https://news.example.com/world/big-story',
      'https://photos.example.com/images/gallery',
      scrapedBefore.scrapedUrl!,
      'https://broken.example.com/missing',
      'https://news.example.com/world/big-story',
    ];
    await scrapeMany(canvasElement, urls, 4);
    await expect(await canvas.findByRole('status', undefined, ready)).toHaveTextContent(
      '2 created, 1 already scraped, 1 failed',
    );
    await expect(canvas.getByRole('progressbar', { name: s.progressLabel })).toHaveAttribute('aria-valuetext', '4 of 4');
    const rows = rowsOf(canvasElement);
    await expect(rows.map((row) => row.getAttribute('data-status'))).toEqual([
      'created',
      'created',
      'alreadyScraped',
      'failed',
    ]);
    await expect(within(rows[0]!).getByRole('link', { name: 'big-story' })).toBeVisible();
    await expect(rows[0]).toHaveTextContent('2 images imported, 1 reused');
    await expect(within(rows[1]!).getByText(s.warningsTitle(2))).toBeVisible();
    await expect(within(rows[2]!).getByRole('link', { name: /^Article #/ })).toHaveAttribute(
      'href',
      `/articles/${scrapedBefore.id}`,
    );
    await expect(rows[3]).toHaveTextContent(s.failed('The page could not be fetched (HTTP 503).'));
    await expect(canvas.getByRole('button', { name: n.scrapeMany(4) })).toBeEnabled();
    // The new article opens from its row.
    await userEvent.click(within(rows[0]!).getByRole('link', { name: 'big-story' }));
    await expect(await findHeading(canvasElement, 'Big story')).toBeVisible();
  },
};

/** Two pages at a time: both are being scraped, the third waits, the bar is at 0. */
export const BatchInProgress: Story = {
  beforeEach: using(() => articleHandlers.slowScrape('infinite')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await scrapeMany(canvasElement, [
      'https://news.example.com/one',
      'https://news.example.com/two',
      'https://news.example.com/three',
    ]);
    await waitFor(() =>
      expect(rowsOf(canvasElement).map((row) => row.getAttribute('data-status'))).toEqual([
        'scraping',
        'scraping',
        'waiting',
      ]),
    );
    await expect(canvas.getByRole('progressbar', { name: s.progressLabel })).toHaveAttribute('aria-valuetext', '0 of 3');
    await expect(canvas.getByRole('button', { name: n.scraping })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('button', { name: s.cancelRemaining })).toBeEnabled();
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

/** Cancel while two slow pages are scraped: the waiting ones are never sent, the two finish. */
export const BatchCancelled: Story = {
  beforeEach: using(() => articleHandlers.slowScrape(1500, 'slow')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await scrapeMany(canvasElement, [
      'https://news.example.com/slow-one',
      'https://news.example.com/slow-two',
      'https://news.example.com/three',
      'https://news.example.com/four',
    ]);
    await userEvent.click(await canvas.findByRole('button', { name: s.cancelRemaining }));
    await expect(rowsOf(canvasElement).map((row) => row.getAttribute('data-status'))).toEqual([
      'scraping',
      'scraping',
      'cancelled',
      'cancelled',
    ]);
    await expect(await canvas.findByRole('status', undefined, ready)).toHaveTextContent('2 created, 2 cancelled');
    await expect(canvas.getByRole('progressbar', { name: s.progressLabel })).toHaveAttribute('aria-valuetext', '2 of 2');
    await expect(canvas.getAllByText(s.cancelled)).toHaveLength(2);
  },
};

/** A viewer reaching /articles/new by a link is told who may create articles; nothing is sent. */
export const AsViewer: Story = {
  beforeEach: using(() => authHandlers.signedInAs('viewer')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: n.title, level: 1 }, ready)).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      `Only ${whoMay('createArticle')} may create articles; you are a viewer.`,
    );
    await expect(canvas.queryByRole('textbox', { name: n.urlLabel })).toBeNull();
  },
};

/** An author scrapes pages into drafts: the draft opens, theirs to edit; publishing it is an editor's. */
export const AsAuthor: Story = {
  beforeEach: using(() => authHandlers.signedInAs('author')),
  play: async ({ canvasElement }) => {
    await scrape(canvasElement, 'https://news.example.com/world/an-authors-pick');
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'An authors pick' }, ready)).toBeVisible();
    await expect(storyLocation(canvasElement).pathname).toMatch(/^\/articles\/art_scraped_/);
    await expect(canvas.getByRole('textbox', { name: texts.article.slugLabel })).not.toHaveAttribute('readonly');
    await expect(canvas.getByRole('switch', { name: texts.article.draft })).toHaveAccessibleDescription(
      `Only ${whoMay('publishArticle')} may publish articles`,
    );
  },
};
