import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { articles, countsOf, makeArticle } from '../fixtures';
import { ARTICLES_VIEW_KEY } from '../../src/components/articles/useArticlesView';
import { serverMessages, toArticleCard, type Article, type ArticleFilter, type ArticleListResult } from '../../src/contract';
import { articleHandlers, authHandlers } from '../mocks';
import { AppStory } from './AppStory';

/** Signed in, with working APIs; a story puts the variant it shows in front of them. */
const meta = {
  title: 'Routes/Articles',
  component: AppStory,
  args: { path: '/articles' },
  parameters: { layout: 'fullscreen' },
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedIn(), ...articleHandlers.api());
    // The cards/table choice is remembered in the browser: each story starts from the cards.
    localStorage.removeItem(ARTICLES_VIEW_KEY);
  },
} satisfies Meta<typeof AppStory>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Articles Management' }, { timeout: 10_000 })).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(0));
    const tab = canvas.getByRole('tab', { name: /Published/ });
    await expect(tab).toHaveTextContent(String(articles.filter((a) => a.status === 'published').length));
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.loadingList());
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading articles...', {}, { timeout: 10_000 })).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.empty());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No Articles Found', {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText('There are no articles to display at the moment.')).toBeVisible();
  },
};

export const Failing: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.failingList());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Error Loading Articles', {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText(serverMessages.databaseUnavailable)).toBeVisible();
  },
};

export const DeleteFromList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const allTab = await canvas.findByRole('tab', { name: /All Articles/ }, { timeout: 10_000 });
    await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length)));
    const first = (await canvas.findAllByRole('article'))[0]!;
    const title = within(first).getByRole('heading').textContent;
    await userEvent.click(within(first).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length - 1)));
    await expect(canvas.queryByRole('heading', { name: title ?? '' })).toBeNull();
  },
};

/** Any 401 sends the admin to the sign-in form. */
export const SessionExpired: Story = {
  beforeEach({ msw }) {
    msw.use(...authHandlers.expired(), ...articleHandlers.unauthorized());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Login' }, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toBeVisible();
  },
};

/** Three articles, each with words of its own in its slug and address. */
const searchable: Article[] = [
  makeArticle({
    id: 'art_search_0000000TOMATO',
    slug: 'grow-tomatoes',
    scrapedUrl: 'https://garden.example.com/tomatoes-in-pots',
  }),
  makeArticle({
    id: 'art_search_0000000HIKING',
    status: 'published',
    slug: 'best-hiking-boots',
    scrapedUrl: 'https://outdoors.example.com/hiking-boots',
    newUrl: null,
    blogData: '<p>Boots for the trail.</p>',
    scrappedData: 'Boots tested over four months on the trail.',
  }),
  makeArticle({
    id: 'art_search_000SOURDOUGH',
    slug: 'sourdough-starter',
    scrapedUrl: 'https://kitchen.example.com/bread/sourdough',
    newUrl: null,
    blogData: null,
    scrappedData: 'A starter needs flour, water and time.',
  }),
];

/**
 * The list as the server answers it today: `q` looks in the slug and both addresses, ignoring
 * case, and the counts are the search's, per status. Put before `api()`, which serves the rest.
 */
function searchingList(all: Article[]) {
  return [
    http.get('*/api/articles/admin/articles', ({ request }) => {
      const url = new URL(request.url);
      const status = (url.searchParams.get('status') ?? 'all') as ArticleFilter;
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const matches = all.filter((a) => [a.slug, a.scrapedUrl, a.newUrl].join(' ').toLowerCase().includes(q));
      const shown = status === 'all' ? matches : matches.filter((a) => a.status === status);
      return HttpResponse.json<ArticleListResult>({
        data: shown.map(toArticleCard),
        counts: countsOf(matches),
        nextCursor: null,
      });
    }),
  ];
}

const searchBox = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('searchbox', { name: 'Search articles' }, { timeout: 10_000 });

/** Typing narrows the list (debounced); the tabs count the search's matches; the words are marked. */
export const Search: Story = {
  beforeEach({ msw }) {
    msw.use(...searchingList(searchable), ...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await searchBox(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    await userEvent.type(box, 'HIKING');
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(1));
    const card = canvas.getByRole('article');
    await expect(card).toHaveAccessibleName('Article #00HIKING');
    const marks = [...card.querySelectorAll('mark')].map((mark) => mark.textContent);
    await expect(marks).toEqual(['hiking']);
    await expect(canvas.getByRole('tab', { name: /^All Articles/ })).toHaveTextContent('All Articles 1');
    await expect(canvas.getByRole('tab', { name: /^Draft/ })).toHaveTextContent('Draft 0');
  },
};

/** A shared link (or a reload) with `?status=` and `?q=` gives the same list, the box filled in. */
export const SharedSearchLink: Story = {
  args: { path: '/articles?status=draft&q=example.com' },
  beforeEach({ msw }) {
    msw.use(...searchingList(searchable), ...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await searchBox(canvasElement)).toHaveValue('example.com');
    await expect(canvas.getByRole('tab', { name: /^Draft/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(2));
    await expect(canvas.getByRole('tab', { name: /^Published/ })).toHaveTextContent('Published 1');
  },
};

/** No match says so; Clear search brings the whole list back. */
export const SearchNoMatch: Story = {
  beforeEach({ msw }) {
    msw.use(...searchingList(searchable), ...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await searchBox(canvasElement);
    await userEvent.type(box, 'zucchini');
    await expect(
      await canvas.findByRole('heading', { name: 'No articles match "zucchini"' }, { timeout: 5_000 }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    await expect(box).toHaveValue('');
  },
};

/** The table view: chosen with the toggle, kept for the next visit, a row opened by keyboard. */
export const TableView: Story = {
  beforeEach({ msw }) {
    msw.use(...searchingList(searchable), ...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Table' }, { timeout: 10_000 }));
    const grid = await canvas.findByRole('grid', { name: 'Articles' });
    await expect(localStorage.getItem(ARTICLES_VIEW_KEY)).toBe('table');
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(4));
    await expect(within(grid).getByRole('gridcell', { name: 'outdoors.example.com' })).toBeVisible();
    // Tab reaches the grid once (its first row), after the header, the toolbar and the tabs.
    for (let i = 0; i < 20 && !grid.contains(canvasElement.ownerDocument.activeElement); i++) await userEvent.tab();
    await expect(within(grid).getAllByRole('row')[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvasElement.ownerDocument.activeElement).toHaveTextContent('best-hiking-boots');
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Article Slug Editor', {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.queryByRole('grid')).toBeNull();
  },
};
