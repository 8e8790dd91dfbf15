import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ArticleList } from '../../../src/components/articles/ArticleList';
import { StateNotice } from '../../../src/components/common/StateNotice';
import type { ArticleCard } from '../../../src/contract';
import { cards as articles, makeCard } from '../../fixtures';
import { HighlightedText } from '../../../src/components/articles/HighlightedText';
import { expectBusy } from '../../busy';

const meta = {
  title: 'Components/Articles/ArticleList',
  component: ArticleList,
  subcomponents: { HighlightedText, StateNotice },
  args: {
    articles,
    filter: 'all',
    isLoading: false,
    error: null,
    deletingId: null,
    hasMore: false,
    isFetchingMore: false,
    onRetry: fn(),
    onDelete: fn(),
    onLoadMore: fn(),
  },
  decorators: [
    (Story) => (
      <Box maxW="3xl">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof ArticleList>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true, articles: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading articles...');
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

export const Error: Story = {
  args: { articles: undefined, error: { message: 'Network request failed (503)' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Error Loading Articles' })).toBeVisible();
    await expect(canvas.getByText('Network request failed (503)')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const ErrorWithoutMessage: Story = {
  args: { articles: undefined, error: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Error Loading Articles' })).toBeVisible();
    await expect(canvas.getByText('Failed to fetch articles')).toBeVisible();
  },
};

function emptyStory(filter: 'all' | 'published' | 'draft', title: string, body: string): Story {
  return {
    args: { articles: [], filter },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(canvas.getByRole('heading', { name: title })).toBeVisible();
      await expect(canvas.getByText(body)).toBeVisible();
      await expect(canvas.queryByRole('article')).toBeNull();
    },
  };
}

export const EmptyAll = emptyStory('all', 'No Articles Found', 'There are no articles to display at the moment.');
export const EmptyPublished = emptyStory('published', 'No Published Articles', 'No articles have been published yet.');
export const EmptyDraft = emptyStory('draft', 'No Draft Articles', 'No draft articles found.');

export const WithArticles: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Articles' });
    await expect(within(list).getAllByRole('article').length).toBeGreaterThan(0);
    const second = articles[1]!;
    const card = canvas.getByRole('article', { name: `Article #${second.id.slice(-8)}` });
    await expect(within(card).getByRole('link', { name: 'View Full Article' })).toHaveAttribute(
      'href',
      `/articles/${second.id}`,
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await expect(args.onDelete).toHaveBeenCalledWith(second.id);
    // Everything fits on one page here: no load-more control.
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

export const DeletePending: Story = {
  args: { deletingId: articles[1]!.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pending = canvas.getByRole('article', { name: `Article #${articles[1]!.id.slice(-8)}` });
    const other = canvas.getByRole('article', { name: `Article #${articles[0]!.id.slice(-8)}` });
    await expectBusy(within(pending).getByRole('button', { name: 'Delete' }));
    await expect(within(other).getByRole('button', { name: 'Delete' })).toBeEnabled();
  },
};

/** 10,000 articles whose ids end in their index, so a card's title tells its position. */
let manyArticles: ArticleCard[] | undefined;
function getManyArticles(): ArticleCard[] {
  manyArticles ??= Array.from({ length: 10_000 }, (_, i) =>
    makeCard({
      id: `art_${String(i).padStart(8, '0')}`,
      status: i % 4 === 0 ? 'published' : 'draft',
      blogData: i % 3 === 0 ? null : `<p>Blog post number ${i}</p>`,
      createdAt: new Date(Date.UTC(2026, 10, 20) - i * 60_000).toISOString(),
      updatedAt: new Date(Date.UTC(2026, 10, 20) - i * 60_000 + (i % 2) * 3_600_000).toISOString(),
    }),
  );
  return manyArticles;
}

/** Indexes of the cards currently in the DOM, read from their titles. */
function mountedIndexes(root: HTMLElement): number[] {
  return within(root)
    .getAllByRole('article')
    .map((card) => Number(card.querySelector('h2')?.textContent?.slice(-8)));
}

/** Waits for the scroll to be handled and the moved rows painted. */
const twoFrames = (view: Window) =>
  new Promise<void>((resolve) => view.requestAnimationFrame(() => view.requestAnimationFrame(() => resolve())));

export const ManyArticles: Story = {
  // The articles are built in render, not passed as args: 10,000 objects are not controls.
  render: (args) => <ArticleList {...args} articles={getManyArticles()} />,
  play: async ({ canvasElement }) => {
    const view = canvasElement.ownerDocument.defaultView!;
    const page = canvasElement.ownerDocument.documentElement;
    view.scrollTo(0, 0);
    const first = mountedIndexes(canvasElement);
    await expect(first.length).toBeGreaterThan(0);
    await expect(first.length).toBeLessThan(30);
    await expect(first[0]).toBe(0);

    // The cards left out still take their room, so the page scrolls through all 10,000.
    await expect(page.scrollHeight).toBeGreaterThan(1_000_000);

    view.scrollTo(0, page.scrollHeight / 2);
    await waitFor(() => expect(Math.min(...mountedIndexes(canvasElement))).toBeGreaterThan(1000));
    const later = mountedIndexes(canvasElement);
    await expect(later.length).toBeLessThan(30);
    await expect(within(canvasElement).queryByRole('heading', { name: 'Article #00000000' })).toBeNull();
    // Rows announce their place in the whole list.
    const row = within(canvasElement).getAllByRole('listitem')[0]!;
    await expect(row).toHaveAttribute('aria-setsize', '10000');
    await expect(row).toHaveAttribute('aria-posinset', String(later[0]! + 1));
    view.scrollTo(0, 0);
  },
};

/**
 * The list starts 5,000px down the page (more than the rows rendered beyond the viewport), as
 * it starts below the console's header and tabs: wherever the page is scrolled, the middle of the
 * viewport shows a card, so the list's offset is accounted for.
 */
export const ManyArticlesBelowOtherContent: Story = {
  render: (args) => (
    <>
      <Box h="5000px" bg="bg.muted" />
      <ArticleList {...args} articles={getManyArticles()} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const doc = canvasElement.ownerDocument;
    const view = doc.defaultView!;
    const cardInMiddle = () => {
      const hit = doc.elementFromPoint(view.innerWidth / 4, view.innerHeight / 2);
      return hit?.closest('li')?.querySelector('article') ?? null;
    };
    for (const y of [5_000, 6_000, 50_000, 400_000, 1_000_000, 8_000]) {
      view.scrollTo(0, y);
      await twoFrames(view);
      // No waiting beyond the frame the scroll was handled in: a gap would be seen.
      await expect(cardInMiddle()).not.toBeNull();
    }
    await expect(mountedIndexes(canvasElement).length).toBeLessThan(30);
    view.scrollTo(0, 0);
  },
};

/** Tab walks from card to card: the window follows focus, so the next card is always there. */
export const KeyboardThroughManyArticles: Story = {
  render: (args) => <ArticleList {...args} articles={getManyArticles()} />,
  play: async ({ canvasElement }) => {
    const view = canvasElement.ownerDocument.defaultView!;
    view.scrollTo(0, 0);
    const firstLink = within(canvasElement).getAllByRole('link', { name: 'View Full Article' })[0]!;
    firstLink.focus();
    let card: Element | null = null;
    for (let i = 0; i < 60; i++) {
      await userEvent.tab();
      card = canvasElement.ownerDocument.activeElement?.closest('article') ?? null;
      await expect(card).not.toBeNull();
    }
    // Each card has four stops (two URLs, View, Delete): 60 stops reach the sixteenth card.
    await expect(Number(card!.querySelector('h2')!.textContent!.slice(-8))).toBeGreaterThanOrEqual(15);
    await expect(mountedIndexes(canvasElement).length).toBeLessThan(30);
    view.scrollTo(0, 0);
  },
};

export const LoadMore: Story = {
  args: { articles: articles.slice(0, 2), hasMore: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The sentinel below the list is in view, so the next page is asked for on its own...
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalled());
    const calls = (args.onLoadMore as ReturnType<typeof fn>).mock.calls.length;
    // ...and the button does the same for keyboard and pointer users.
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(calls + 1);
    await expect(canvas.getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '-1');
  },
};

export const FetchingMore: Story = {
  args: { articles: articles.slice(0, 2), hasMore: true, isFetchingMore: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Loading more...' });
    await expectBusy(button);
    await expect(canvas.getByRole('list', { name: 'Articles' })).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onLoadMore).not.toHaveBeenCalled();
  },
};

export const LastPage: Story = {
  args: { articles: [makeCard()], hasMore: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('article')).toHaveLength(1);
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
    await expect(args.onLoadMore).not.toHaveBeenCalled();
  },
};

/** A search's results: its words are marked in each card's visible (cut) text. */
export const SearchResults: Story = {
  args: {
    search: 'Hiking',
    articles: [
      makeCard({
        id: 'art_hiking_00000001',
        scrapedUrl: 'https://outdoors.example.com/reviews/best-hiking-boots',
        newUrl: null,
        scrappedData: 'Hiking boots tested over four months of hiking.',
        blogData: null,
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('article');
    const marks = [...card.querySelectorAll('mark')].map((mark) => mark.textContent);
    await expect(marks).toEqual(['hiking', 'Hiking', 'hiking']);
    // The marked words stay inside the link: it still goes to the whole address.
    const link = card.querySelector('a[href="https://outdoors.example.com/reviews/best-hiking-boots"]');
    await expect(link?.querySelector('mark')).toHaveTextContent('hiking');
  },
};

export const NoSearchMatch: Story = {
  args: { articles: [], search: 'zucchini', onClearSearch: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No articles match "zucchini"' })).toBeVisible();
    await expect(canvas.queryByText('No Articles Found')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(args.onClearSearch).toHaveBeenCalledTimes(1);
  },
};
