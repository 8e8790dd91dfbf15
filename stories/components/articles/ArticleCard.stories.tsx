import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ArticleCard } from '../../../src/components/articles/ArticleCard';
import { ExtractionBadge } from '../../../src/components/extraction/ExtractionBadge';
import { ScheduleBadges } from '../../../src/components/schedule/ScheduleBadges';
import { extractionTexts as extraction } from '../../../src/lib/texts-extraction';
import { formatDateTime } from '../../../src/lib/format';
import { cardWithoutBlogData, draftCard, makeCard, publishedCard } from '../../fixtures';
import { accessFor } from '../../../src/lib/access';
import { clickRefused, expectRefused } from '../../refused';
import { expectBusy } from '../../busy';

const meta = {
  title: 'Components/Articles/ArticleCard',
  component: ArticleCard,
  // The Scheduled and ScheduleFailed stories show its ScheduleBadges; CheckTheExtraction its ExtractionBadge.
  subcomponents: { ScheduleBadges, ExtractionBadge },
  args: { article: publishedCard, onDelete: fn(), isDeleting: false },
  decorators: [
    (Story) => (
      <Box maxW="3xl">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof ArticleCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Published: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('article', { name: `Article #${args.article.id.slice(-8)}` });
    await expect(card).toBeVisible();
    await expect(canvas.getByText('Published')).toBeVisible();
    await expect(canvas.getByText(formatDateTime(args.article.createdAt))).toBeVisible();
    await expect(canvas.getByText('Raw Data')).toBeVisible();
    await expect(canvas.getByText(args.article.scrappedData)).toBeVisible();
    await expect(canvas.getByText('Blog Data')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View Full Article' })).toHaveAttribute(
      'href',
      `/articles/${args.article.id}`,
    );
  },
};

/** A draft whose extraction scored low: 'Check the extraction', its score and why as the badge's title. */
export const CheckTheExtraction: Story = {
  args: { article: { ...draftCard, extractionQuality: 0.42 } },
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText(extraction.check);
    await expect(badge).toBeVisible();
    await expect(badge.closest('[title]')).toHaveAttribute('title', extraction.checkWhy(0.42));
  },
};

/** A fine score: no flag. */
export const ExtractionFine: Story = {
  args: { article: { ...draftCard, extractionQuality: 0.87 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(extraction.check)).toBeNull();
  },
};

/** The title shows under 'Article #…', which still names the card. */
export const WithTitle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('article', { name: `Article #${args.article.id.slice(-8)}` });
    const heading = within(card).getByRole('heading', { name: `Article #${args.article.id.slice(-8)}` });
    const title = canvas.getByText('Best hiking boots of 2026');
    await expect(title).toBeVisible();
    await expect(title.getBoundingClientRect().top).toBeGreaterThanOrEqual(heading.getBoundingClientRect().bottom);
  },
};

/** Without a title only 'Article #…' names it. */
export const WithoutTitle: Story = {
  args: { article: cardWithoutBlogData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('heading').parentElement!;
    await expect(header.children[1]).toHaveTextContent(formatDateTime(cardWithoutBlogData.createdAt));
  },
};

/**
 * A search result: the raw text shows the server's snippet, its matches marked at the ranges it
 * gave (code points: the emoji before 'sun' counts as one), with '...' where the text goes on.
 * The title and addresses are marked in the browser, as before.
 */
export const SearchSnippet: Story = {
  args: {
    highlight: 'sun',
    article: {
      ...makeCard({
        title: 'Sun for tomatoes',
        scrapedUrl: 'https://garden.example.com/sun',
        newUrl: null,
        blogData: null,
        scrappedData: `Tomatoes, the basics. ${'Water them in the morning. '.repeat(5)}🍅 Give them sun, eight hours of sun a day.`,
      }),
      snippet: { text: 'the morning. 🍅 Give them sun, eight hours of sun a day.', ranges: [[25, 28], [45, 48]] },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const raw = canvas.getByText('Raw Data').nextElementSibling!;
    await expect(raw).toHaveTextContent('...the morning. 🍅 Give them sun, eight hours of sun a day.');
    await expect([...raw.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['sun', 'sun']);
    // The title and the address are marked by the browser.
    await expect(canvas.getByText('Sun', { selector: 'mark' })).toBeVisible();
    await expect([...canvasElement.querySelectorAll('mark')]).toHaveLength(4);
  },
};

/** The server matched the title, not the raw text's head: the raw text is shown unmarked. */
export const SnippetOfTitle: Story = {
  args: {
    highlight: 'lisbon',
    article: {
      ...makeCard({ title: 'A weekend in Lisbon', scrapedUrl: null, newUrl: null, blogData: null, scrappedData: 'Trams, tiles and custard tarts.' }),
      snippet: { text: 'A weekend in Lisbon', ranges: [[13, 19]] },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Lisbon', { selector: 'mark' })).toBeVisible();
    await expect(canvas.getByText('Trams, tiles and custard tarts.')).toBeVisible();
    await expect(canvasElement.querySelectorAll('mark')).toHaveLength(1);
  },
};

export const Draft: Story = {
  args: { article: draftCard },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Draft')).toBeVisible();
    await expect(canvas.queryByText('Published')).toBeNull();
  },
};

export const NeverUpdated: Story = {
  args: { article: makeCard({ createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(formatDateTime('2026-11-01T10:00:00.000Z'))).toBeVisible();
    await expect(canvas.queryByText(/^Updated /)).toBeNull();
  },
};

export const Updated: Story = {
  args: { article: makeCard({ createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-03T16:45:00.000Z' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`Updated ${formatDateTime('2026-11-03T16:45:00.000Z')}`)).toBeVisible();
  },
};

const longScrapedUrl =
  'https://garden.example.com/guides/vegetables/tomatoes/how-to-grow-tomatoes-in-small-spaces-on-a-balcony-2026';
const longNewUrl = 'https://blog.example.com/2026/11/20/how-to-grow-tomatoes-in-small-spaces-even-on-a-tiny-balcony';

export const LongUrls: Story = {
  args: { article: makeCard({ scrapedUrl: longScrapedUrl, newUrl: longNewUrl }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const url of [longScrapedUrl, longNewUrl]) {
      const shown = `${url.slice(0, 60)}...`;
      const link = canvas.getByRole('link', { name: shown });
      await expect(link).toHaveTextContent(shown);
      await expect(link.textContent).toHaveLength(63);
      await expect(link).toHaveAttribute('href', url);
      await expect(link).toHaveAttribute('title', url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  },
};

const longRaw = 'Raw scraped text. '.repeat(20);
const longBlog = `<h1>Title</h1>${'<p>Paragraph of blog HTML.</p>'.repeat(10)}`;

export const LongData: Story = {
  args: { article: makeCard({ scrappedData: longRaw, blogData: longBlog }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`${longRaw.slice(0, 150)}...`)).toBeVisible();
    // Blog HTML is shown as text, never rendered.
    await expect(canvas.getByText(`${longBlog.slice(0, 150)}...`)).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Title' })).toBeNull();
  },
};

export const NoBlogData: Story = {
  args: { article: cardWithoutBlogData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Raw Data')).toBeVisible();
    await expect(canvas.queryByText('Blog Data')).toBeNull();
  },
};

export const EmptyBlogData: Story = {
  args: { article: makeCard({ blogData: '' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText('Blog Data')).toBeNull();
  },
};

export const WithoutUrls: Story = {
  args: { article: makeCard({ scrapedUrl: null, newUrl: null }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText('Scraped URL')).toBeNull();
    await expect(canvas.queryByText('New URL')).toBeNull();
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
  },
};

export const DeletePending: Story = {
  args: { isDeleting: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const remove = canvas.getByRole('button', { name: 'Delete' });
    await expectBusy(remove);
    await userEvent.click(remove, { pointerEventsCheck: 0 });
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

export const Delete: Story = {
  args: { article: draftCard },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const remove = canvas.getByRole('button', { name: 'Delete' });
    await expect(remove).toBeEnabled();
    await expect(remove).toHaveAccessibleDescription(`Article #${draftCard.id.slice(-8)}`);
    await userEvent.click(remove);
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await expect(args.onDelete).toHaveBeenCalledWith(draftCard.id);
  },
};

export const KeyboardDelete: Story = {
  args: { article: draftCard },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('link', { name: 'View Full Article' }).focus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDelete).toHaveBeenCalledWith(draftCard.id);
  },
};

/**
 * Selectable (the list's bulk actions): a checkbox named after the article; Space on the card
 * itself toggles it, Space on a button inside the card is that button's.
 */
export const Selectable: Story = {
  args: { article: draftCard, onToggleSelect: fn(), selected: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const checkbox = canvas.getByRole('checkbox', { name: `Select ${draftCard.title!}` });
    await expect(checkbox).not.toBeChecked();
    await userEvent.click(checkbox);
    await expect(args.onToggleSelect).toHaveBeenLastCalledWith(draftCard.id, false);
    canvas.getByRole('article').focus();
    await userEvent.keyboard(' ');
    await expect(args.onToggleSelect).toHaveBeenCalledTimes(2);
    canvas.getByRole('button', { name: 'Delete' }).focus();
    await userEvent.keyboard(' ');
    await expect(args.onDelete).toHaveBeenCalledWith(draftCard.id);
    await expect(args.onToggleSelect).toHaveBeenCalledTimes(2);
  },
};

export const Selected: Story = {
  args: { article: publishedCard, onToggleSelect: fn(), selected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox')).toBeChecked();
    await expect(canvas.getByRole('article')).toHaveAttribute('data-selected');
  },
};

/** A draft to be published: a badge with the time in its zone (the whole sentence, with UTC, as its title). */
export const Scheduled: Story = {
  args: {
    article: makeCard({ publishAt: '2026-12-01T08:00:00.000Z', unpublishAt: '2026-12-08T08:00:00.000Z', scheduleTimeZone: 'Europe/Paris' }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Draft')).toBeVisible();
    // The soonest change to come.
    const badge = canvas.getByText('1 Dec 2026, 09:00').closest('[title]');
    await expect(badge).toHaveTextContent('Scheduled · 1 Dec 2026, 09:00');
    await expect(badge).toHaveAttribute('title', 'Publishes 1 Dec 2026, 09:00 (Europe/Paris) · 08:00 UTC');
  },
};

/** A scheduled publish that could not be made: a red badge (the article page says why, with Retry). */
export const ScheduleFailed: Story = {
  args: {
    article: makeCard({
      slug: null,
      publishAt: '2026-11-25T08:00:00.000Z',
      scheduleTimeZone: 'Europe/Paris',
      scheduleFailure: { action: 'publish', reason: 'the article has no slug', dueAt: '2026-11-25T08:00:00.000Z', failedAt: '2026-11-25T08:00:01.000Z' },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Scheduled publish failed')).toBeVisible();
    // The failed publish is not shown as still to come.
    await expect(canvas.queryAllByTitle(/^(Publishes|Unpublishes) /)).toHaveLength(0);
  },
};

const deletePublishedRefused = accessFor('author').whyNot('deleteArticle', { published: true })!;

/** An author's view of a published article: Delete says who may, and does nothing. */
export const DeletePublishedRefused: Story = {
  args: { deletePublishedRefused },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Delete' });
    await expectRefused(button, deletePublishedRefused);
    await clickRefused(button);
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

/** An author's view of a draft: Delete is theirs. */
export const DeleteDraftAllowed: Story = {
  args: { article: draftCard, deletePublishedRefused },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Delete' });
    await expect(button).not.toHaveAttribute('aria-disabled');
    await userEvent.click(button);
    await expect(args.onDelete).toHaveBeenCalledWith(draftCard.id);
  },
};

/** A viewer's: no Delete at all. */
export const WithoutDelete: Story = {
  args: { onDelete: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Delete' })).toBeNull();
    await expect(within(canvasElement).getByRole('link', { name: /View Full Article/ })).toBeVisible();
  },
};
