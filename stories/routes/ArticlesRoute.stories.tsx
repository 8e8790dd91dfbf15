import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { articles, daysFromNow, makeArticle, scheduledSamples, trashedSamples } from '../fixtures';
import { ARTICLES_VIEW_KEY } from '../../src/components/articles/useArticlesView';
import { toaster } from '../../src/components/common/Toaster';
import { scheduleMessages, serverMessages, type Article, type RestoreRequest } from '../../src/contract';
import { texts } from '../../src/lib/texts';
import { scheduleTexts as sched } from '../../src/lib/texts-schedule';
import { shortId } from '../../src/lib/format';
import { articlesScreenTexts as a, bulkTexts as b, trashTexts as t } from '../../src/lib/texts-articles';
import { accessFor } from '../../src/lib/access';
import { articleHandlers, authHandlers, errorResponse } from '../mocks';
import { expectRefused } from '../refused';
import { AppStory, storyLocation } from './AppStory';
import { expectBusy } from '../busy';

const author = accessFor('author');

/** Signed in, with working APIs; a story puts the variant it shows in front of them. */
const meta = {
  title: 'Screens/Articles',
  tags: ['!autodocs'],
  component: AppStory,
  args: { path: '/articles' },
  parameters: { layout: 'fullscreen' },
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedIn(), ...articleHandlers.api());
    // The cards/table choice is remembered in the browser: each story starts from the cards.
    localStorage.removeItem(ARTICLES_VIEW_KEY);
    // The toasts live in a store shared by the stories of a page: each story starts without any.
    toaster.remove();
    return () => toaster.remove();
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

const day = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.parse('2026-11-20T09:30:00.000Z') - days * day).toISOString();

/**
 * Four articles from three sites, each with words of its own in its title, slug, address and
 * raw text; one has no title. Newest first: tomatoes, boots, sourdough, basil.
 */
const searchable: Article[] = [
  makeArticle({
    id: 'art_search_0000000TOMATO',
    title: 'Tomatoes in pots',
    slug: 'grow-tomatoes',
    scrapedUrl: 'https://garden.example.com/tomatoes-in-pots',
    createdAt: daysAgo(1),
    updatedAt: daysAgo(1),
  }),
  makeArticle({
    id: 'art_search_0000000HIKING',
    status: 'published',
    title: 'Boots that survive the trail',
    slug: 'best-hiking-boots',
    scrapedUrl: 'https://outdoors.example.com/hiking-boots',
    newUrl: null,
    blogData: '<p>Boots for the trail.</p>',
    scrappedData: 'Boots tested over four months on the trail.',
    createdAt: daysAgo(2),
    updatedAt: daysAgo(2),
  }),
  makeArticle({
    id: 'art_search_000SOURDOUGH',
    title: null,
    slug: 'sourdough-starter',
    scrapedUrl: 'https://kitchen.example.com/bread/sourdough',
    newUrl: null,
    blogData: null,
    scrappedData: 'A starter needs flour, water and time.',
    createdAt: daysAgo(3),
    // Edited since: the most recently updated.
    updatedAt: daysAgo(0),
  }),
  makeArticle({
    id: 'art_search_00000000BASIL',
    title: 'Basil on the windowsill',
    slug: 'windowsill-basil',
    scrapedUrl: 'https://garden.example.com/basil',
    newUrl: null,
    blogData: null,
    // An emoji before the word the search finds: the server's ranges count it as one character.
    scrappedData: '🌿 Basil likes warmth, a bright sill and water when the soil is dry.',
    createdAt: daysAgo(4),
    updatedAt: daysAgo(4),
  }),
];
const [tomatoes, boots, sourdough, basil] = searchable as [Article, Article, Article, Article];

/** The cards' names ('Article #…') from top to bottom. */
const cardNames = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('article')
    .map((card) => within(card).getAllByRole('heading')[0]!.textContent);
const namesOf = (...list: Article[]) => list.map((a) => `Article #${shortId(a.id)}`);

const searchBox = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('searchbox', { name: 'Search articles' }, { timeout: 10_000 });
const sortSelect = (canvasElement: HTMLElement) => within(canvasElement).getByRole('combobox', { name: 'Sort articles' });
const siteSelect = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('combobox', { name: 'Filter by source site' });
const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

/** The queries the list was asked with (put before `api()`, which answers them). */
function listRequests(into: URLSearchParams[]) {
  return [
    http.get('*/api/articles/admin/articles', ({ request }) => {
      into.push(new URL(request.url).searchParams);
      return undefined;
    }),
  ];
}

/** Typing narrows the list (debounced); the tabs count the search's matches; the words are marked. */
export const Search: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await searchBox(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(4));
    await userEvent.type(box, 'HIKING');
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(1));
    const card = canvas.getByRole('article');
    await expect(card).toHaveAccessibleName('Article #00HIKING');
    // The word is in the address (marked in the browser); the raw text does not have it, so the
    // server's snippet is its start, unmarked.
    const marks = [...card.querySelectorAll('mark')].map((mark) => mark.textContent);
    await expect(marks).toEqual(['hiking']);
    await expect(within(card).getByText(boots.scrappedData)).toBeVisible();
    await expect(canvas.getByRole('tab', { name: /^All Articles/ })).toHaveTextContent('All Articles 1');
    await expect(canvas.getByRole('tab', { name: /^Draft/ })).toHaveTextContent('Draft 0');
    await expect(storyLocation(canvasElement).searchParams.get('q')).toBe('HIKING');
  },
};

/**
 * A word only one article's raw text has: its card shows the server's snippet with the word
 * marked where the server's ranges say (code points: the emoji before it counts once).
 */
export const SearchSnippetHighlights: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await searchBox(canvasElement), 'warmth');
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(basil)));
    const card = canvas.getByRole('article');
    const raw = within(card).getByText('Raw Data').nextElementSibling as HTMLElement;
    await expect(raw).toHaveTextContent(basil.scrappedData);
    await expect([...raw.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['warmth']);
    // Only the snippet marks it: the title and the addresses do not have the word.
    await expect(card.querySelectorAll('mark')).toHaveLength(1);
    await expect(within(card).getByText(basil.title!)).toBeVisible();
  },
};

/** A shared link (or a reload) with `?status=` and `?q=` gives the same list, the box filled in. */
export const SharedSearchLink: Story = {
  args: { path: '/articles?status=draft&q=example.com' },
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await searchBox(canvasElement)).toHaveValue('example.com');
    await expect(canvas.getByRole('tab', { name: /^Draft/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    await expect(canvas.getByRole('tab', { name: /^Published/ })).toHaveTextContent('Published 1');
    await expect(sortSelect(canvasElement)).toHaveDisplayValue('Best match');
  },
};

/** No match says so, and where the search looks; Clear search brings the whole list back. */
export const SearchNoMatch: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await searchBox(canvasElement);
    await userEvent.type(box, 'zucchini');
    await expect(
      await canvas.findByRole('heading', { name: 'No articles match "zucchini"' }, { timeout: 5_000 }),
    ).toBeVisible();
    await expect(canvas.getByText('The search looks in titles, slugs, addresses and the scraped text.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(4));
    await expect(box).toHaveValue('');
  },
};

/** Title A–Z (untitled last): in the URL as `?sort=title`, and the list comes in that order. */
export const SortChosen: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    await searchBox(canvasElement);
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(tomatoes, boots, sourdough, basil)));
    const sort = sortSelect(canvasElement);
    await expect(sort).toHaveDisplayValue('Newest');
    await expect(optionsOf(sort)).not.toContain('Best match');
    await userEvent.selectOptions(sort, 'Title A–Z');
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(basil, boots, tomatoes, sourdough)));
    await expect(storyLocation(canvasElement).search).toBe('?sort=title');
    await userEvent.selectOptions(sort, 'Recently updated');
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(sourdough, tomatoes, boots, basil)));
    await expect(storyLocation(canvasElement).search).toBe('?sort=updated');
  },
};

/** What SortWhileSearching's list was asked. */
const requests: URLSearchParams[] = [];

/**
 * While a search is in force and no order is chosen, 'Best match' is the choice and no `sort` is
 * sent (the server orders by relevance); another order joins `?q=`, and Best match takes it away.
 */
export const SortWhileSearching: Story = {
  args: { path: '/articles?q=example.com' },
  beforeEach({ msw }) {
    requests.length = 0;
    msw.use(...listRequests(requests), ...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    await searchBox(canvasElement);
    await waitFor(() => expect(within(canvasElement).getAllByRole('article')).toHaveLength(4));
    const sort = sortSelect(canvasElement);
    await expect(sort).toHaveDisplayValue('Best match');
    await expect(requests.at(-1)!.get('q')).toBe('example.com');
    await expect(requests.at(-1)!.has('sort')).toBe(false);
    await userEvent.selectOptions(sort, 'Oldest');
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(basil, sourdough, boots, tomatoes)));
    await expect(requests.at(-1)!.get('sort')).toBe('oldest');
    await expect(Object.fromEntries(storyLocation(canvasElement).searchParams)).toEqual({ q: 'example.com', sort: 'oldest' });
    await userEvent.selectOptions(sort, 'Best match');
    await waitFor(() => expect(storyLocation(canvasElement).search).toBe('?q=example.com'));
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(tomatoes, boots, sourdough, basil)));
  },
};

/**
 * The source sites of the tab (not narrowed by a search), with counts; choosing one narrows the list, its
 * tabs count that site's articles, and `?site=` holds it.
 */
export const SiteFilterChosen: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await searchBox(canvasElement);
    const site = siteSelect(canvasElement);
    await waitFor(() =>
      expect(optionsOf(site)).toEqual([
        'All sites',
        'garden.example.com (2)',
        'kitchen.example.com (1)',
        'outdoors.example.com (1)',
      ]),
    );
    await step("the Published tab's sites", async () => {
      await userEvent.click(canvas.getByRole('tab', { name: /^Published/ }));
      await waitFor(() => expect(optionsOf(site)).toEqual(['All sites', 'outdoors.example.com (1)']));
      await userEvent.click(canvas.getByRole('tab', { name: /^All Articles/ }));
    });
    await step('one site', async () => {
      await waitFor(() => expect(optionsOf(site)).toContain('garden.example.com (2)'));
      await userEvent.selectOptions(site, 'garden.example.com (2)');
      await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(tomatoes, basil)));
      await expect(site).toHaveDisplayValue('garden.example.com (2)');
      await expect(storyLocation(canvasElement).search).toBe('?site=garden.example.com');
      await expect(canvas.getByRole('tab', { name: /^All Articles/ })).toHaveTextContent('All Articles 2');
      await expect(canvas.getByRole('tab', { name: /^Published/ })).toHaveTextContent('Published 0');
      await expect(canvas.getByRole('tab', { name: /^Draft/ })).toHaveTextContent('Draft 2');
    });
  },
};

/** A library whose last checks before publishing found something to fix in two articles of three. */
const checked: Article[] = [
  makeArticle({ id: 'art_checked_00000000FINE', title: 'All good', blogData: '<h2>Intro</h2><p>Words.</p><img src="/a.png" alt="A chart">', createdAt: daysAgo(1) }),
  makeArticle({ id: 'art_checked_0000000NOALT', title: 'No alt text', blogData: '<p>Words.</p><img src="/b.png">', createdAt: daysAgo(2) }),
  makeArticle({ id: 'art_checked_0000SKIPPING', title: 'Skipped level', status: 'published', blogData: '<h2>A</h2><h4>B</h4>', createdAt: daysAgo(3) }),
];
const attentionButton = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('button', { name: new RegExp(`^${a.attention}`) }, { timeout: 10_000 });

/**
 * The articles that need attention: the toggle says how many, and pressed it narrows the list to
 * them (the tabs count those), with `?attention=true` holding it.
 */
export const NeedsAttention: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(checked));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await attentionButton(canvasElement);
    await waitFor(() => expect(toggle).toHaveTextContent(`${a.attention} (2)`));
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    await userEvent.click(toggle);
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(checked[1]!, checked[2]!)));
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(storyLocation(canvasElement).search).toBe('?attention=true');
    await expect(canvas.getByRole('tab', { name: /^All Articles/ })).toHaveTextContent('All Articles 2');
    await expect(canvas.getByRole('tab', { name: /^Published/ })).toHaveTextContent('Published 1');
    await expect(canvas.getByRole('tab', { name: /^Draft/ })).toHaveTextContent('Draft 1');
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

const harbourText = Array.from(
  { length: 6 },
  (_, i) => `Part ${i + 1}. The fishing boats came into the old harbour at dawn, the market opened early, and the buyers from the town argued over the price of herring until noon.`,
).join(' ');
/** A story carried by a wire service beside its original, and an article about something else. */
const copied: Article[] = [
  makeArticle({ id: 'art_copies_00000ORIGINAL', title: 'The harbour at dawn', scrapedUrl: 'https://news.example.com/2026/harbour', scrappedData: harbourText, createdAt: daysAgo(3) }),
  makeArticle({ id: 'art_copies_000000ANOTHER', title: 'Walking the ridge', scrapedUrl: 'https://walks.example.com/ridge', createdAt: daysAgo(2) }),
  makeArticle({
    id: 'art_copies_00000WIRECOPY',
    title: 'Dawn at the harbour, from the wire',
    status: 'published',
    scrapedUrl: 'https://wire.example.org/harbour-dawn',
    scrappedData: harbourText.replace('herring', 'mackerel'),
    createdAt: daysAgo(1),
  }),
];
const copiesButton = (canvasElement: HTMLElement) => within(canvasElement).findByRole('button', { name: a.copies }, { timeout: 10_000 });

/**
 * The articles that look like a copy of another: pressed, the toggle narrows the list to both of
 * a pair (the tabs count those), with `?copies=true` holding it; pressed again, all come back.
 */
export const Copies: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(copied));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await copiesButton(canvasElement);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    await userEvent.click(toggle);
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(copied[2]!, copied[0]!)));
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(storyLocation(canvasElement).search).toBe('?copies=true');
    await expect(canvas.getByRole('tab', { name: /^All Articles/ })).toHaveTextContent('All Articles 2');
    await expect(canvas.getByRole('tab', { name: /^Published/ })).toHaveTextContent('Published 1');
    await expect(canvas.getByRole('tab', { name: /^Draft/ })).toHaveTextContent('Draft 1');
    await userEvent.click(toggle);
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    await expect(storyLocation(canvasElement).search).toBe('');
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** No article looks like a copy: the filter's empty list says so (not "no articles"). */
export const NoCopies: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api([copied[0]!, copied[1]!]));
  },
  args: { path: '/articles?copies=true' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(a.noCopies, {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText(a.noCopiesHint)).toBeVisible();
    await expect(await copiesButton(canvasElement)).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

/** Both toggles pressed and no copy needs attention: the empty list says which filters left nothing. */
export const NoCopiesNeedAttention: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(copied));
  },
  args: { path: '/articles?attention=true&copies=true' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(a.noCopiesNeedAttention, {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText(a.noCopiesNeedAttentionHint)).toBeVisible();
    await expect(canvas.queryByText(a.nothingNeedsAttention)).toBeNull();
    await expect(await copiesButton(canvasElement)).toHaveAttribute('aria-pressed', 'true');
    await expect(await attentionButton(canvasElement)).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

/** Nothing needs attention: the filter's empty list says so (not "no articles"). */
export const NothingNeedsAttention: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api([checked[0]!]));
  },
  args: { path: '/articles?attention=true' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(a.nothingNeedsAttention, {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText(a.nothingNeedsAttentionHint)).toBeVisible();
    await expect(await attentionButton(canvasElement)).toHaveTextContent(`${a.attention} (0)`);
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

/** The table view: chosen with the toggle, kept for the next visit, a row opened by keyboard. */
export const TableView: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Table' }, { timeout: 10_000 }));
    const grid = await canvas.findByRole('grid', { name: 'Articles' });
    await expect(localStorage.getItem(ARTICLES_VIEW_KEY)).toBe('table');
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(5));
    await expect(within(grid).getByRole('gridcell', { name: 'outdoors.example.com' })).toBeVisible();
    // Tab reaches the grid's 'Select all on this page' (in the header), then its first row, after
    // the header, the toolbar and the tabs.
    for (let i = 0; i < 20 && !grid.contains(canvasElement.ownerDocument.activeElement); i++) await userEvent.tab();
    await expect(within(grid).getByRole('checkbox', { name: b.selectAll })).toHaveFocus();
    await userEvent.tab();
    await expect(within(grid).getAllByRole('row')[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvasElement.ownerDocument.activeElement).toHaveTextContent(boots.title!);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Article Slug Editor', {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: boots.title! })).toBeVisible();
    await expect(canvas.queryByRole('grid')).toBeNull();
  },
};

/** The table's first column is the title; an untitled article is named as its card is ('Article #…'). */
export const TableWithTitles: Story = {
  args: { path: '/articles?sort=title' },
  beforeEach({ msw }) {
    localStorage.setItem(ARTICLES_VIEW_KEY, 'table');
    msw.use(...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole('grid', { name: 'Articles' }, { timeout: 10_000 });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(5));
    const rows = within(grid).getAllByRole('row').slice(1);
    const cells = rows.map((row) => within(row).getAllByRole('gridcell'));
    await expect(cells.map((row) => row[0]!.textContent)).toEqual([
      basil.title,
      boots.title,
      tomatoes.title,
      `Article #${shortId(sourdough.id)}`,
    ]);
    await expect(cells.map((row) => row[2]!.textContent)).toEqual([
      'garden.example.com',
      'outdoors.example.com',
      'garden.example.com',
      'kitchen.example.com',
    ]);
    await expect(within(rows[0]!).getByRole('link', { name: `Open ${basil.title}` })).toHaveAttribute(
      'href',
      `/articles/${basil.id}`,
    );
  },
};

/**
 * A phone: the search box has a row of its own, the order, the site and the view toggle wrap
 * below it, the cards show their titles, and nothing sticks out sideways.
 */
export const PhoneWidth: Story = {
  globals: { viewport: { value: 'mobile1' } },
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(searchable));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = (await searchBox(canvasElement)).getBoundingClientRect();
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(4));
    for (const select of [sortSelect(canvasElement), siteSelect(canvasElement)]) {
      await expect(select).toBeVisible();
      await expect(select.getBoundingClientRect().top).toBeGreaterThanOrEqual(box.bottom);
    }
    await expect(within(canvas.getAllByRole('article')[0]!).getByText(tomatoes.title!)).toBeVisible();
    await waitFor(() => expect(optionsOf(siteSelect(canvasElement))).toContain('outdoors.example.com (1)'));
    await userEvent.selectOptions(siteSelect(canvasElement), 'outdoors.example.com (1)');
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(boots)));
    const root = canvasElement.ownerDocument.documentElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/** The trash's sample: three articles, most recently deleted first (see `trashedSamples`). */
const [blight, untitled, lisbon] = trashedSamples().map((entry) => entry.article) as [Article, Article, Article];
const cardName = (article: Article) => `Article #${shortId(article.id)}`;
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const tab = (canvasElement: HTMLElement, name: RegExp) => within(canvasElement).getByRole('tab', { name });
const trashRows = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: t.listLabel })).getAllByRole('article');

/** A toast by its title (toasts are portalled to the page's body), once it has faded in. */
async function findToast(canvasElement: HTMLElement, title: string) {
  const toast = await body(canvasElement).findByRole('status', { name: title }, { timeout: 5_000 });
  await waitFor(() => expect(toast).toBeVisible());
  return toast;
}

/** Deletes the first card of the list; answers its name. */
async function deleteFirstCard(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const allTab = await canvas.findByRole('tab', { name: /All Articles/ }, { timeout: 10_000 });
  await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length)));
  const first = (await canvas.findAllByRole('article'))[0]!;
  const name = within(first).getAllByRole('heading')[0]!.textContent!;
  await userEvent.click(within(first).getByRole('button', { name: /Delete/ }));
  await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length - 1)));
  await expect(canvas.queryByRole('article', { name })).toBeNull();
  return name;
}

/**
 * Delete shows 'Article deleted' with Undo (for UNDO_SECONDS); Undo brings the article back
 * ('Article restored'), in the list and the counts, and out of the trash.
 */
export const DeleteThenUndo: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const name = await deleteFirstCard(canvasElement);
    await step('the toast offers Undo', async () => {
      await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 1'));
      const toast = await findToast(canvasElement, t.deleted);
      await userEvent.click(within(toast).getByRole('button', { name: t.undo }));
    });
    await step('Undo restores it', async () => {
      await findToast(canvasElement, t.restored);
      await expect(await canvas.findByRole('article', { name })).toBeVisible();
      await expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(String(articles.length));
      await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 0'));
      // Undo dismissed it (it fades out).
      await waitFor(() => expect(body(canvasElement).queryByRole('status', { name: t.deleted })).toBeNull());
    });
  },
};

/**
 * Another article took the slug while it was in the trash: Undo's answer says so and offers the
 * server's free slug; 'Restore as …' brings it back under that slug.
 */
export const UndoWhenTheSlugWasTaken: Story = {
  beforeEach({ msw }) {
    // The first restore (no slug) is refused as the server would; the one with a slug goes on to api().
    msw.use(
      http.post('*/api/articles/:id/restore', async ({ request }) => {
        const text = await request.clone().text();
        const { slug } = (text ? JSON.parse(text) : {}) as RestoreRequest;
        return slug ? undefined : errorResponse('restore_slug_taken', { suggestion: `${articles[0]!.slug}-2` });
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const name = await deleteFirstCard(canvasElement);
    await userEvent.click(within(await findToast(canvasElement, t.deleted)).getByRole('button', { name: t.undo }));
    const refusal = await findToast(canvasElement, t.notRestored);
    await expect(refusal).toHaveAccessibleDescription(serverMessages.restoreSlugTaken);
    await userEvent.click(within(refusal).getByRole('button', { name: `Restore as ${articles[0]!.slug}-2` }));
    await findToast(canvasElement, t.restored);
    await expect(await within(canvasElement).findByRole('article', { name })).toBeVisible();
    await waitFor(() => expect(body(canvasElement).queryByRole('status', { name: t.notRestored })).toBeNull());
  },
};

/**
 * The Trash tab (`?status=trash`): its count beside the status tabs, which keep theirs; each row
 * with its slug, when it was deleted and the days it has left; the search, order, site and view
 * disabled there, and back on the other tabs.
 */
export const Trash: Story = {
  args: { path: '/articles?status=trash' },
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(articles, trashedSamples()));
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const trashTab = await canvas.findByRole('tab', { name: /^Trash/ }, { timeout: 10_000 });
    await expect(trashTab).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), { timeout: 10_000 });
    // The tab's count comes in an answer of its own (a page of one), not with the rows.
    await waitFor(() => expect(trashTab).toHaveTextContent('Trash 3'));
    await waitFor(() => expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(`All Articles ${articles.length}`));
    await step('each row', async () => {
      const [first, second, third] = trashRows(canvasElement) as [HTMLElement, HTMLElement, HTMLElement];
      await expect(first).toHaveAccessibleName(blight.title!);
      await expect(first).toHaveTextContent(blight.slug!);
      await expect(first).toHaveTextContent(/Deleted \w{3} \d{1,2}, \d{4}/);
      await expect(first).toHaveTextContent('Deleted for good in 30 days');
      await expect(second).toHaveAccessibleName(cardName(untitled));
      await expect(second).toHaveTextContent('Deleted for good in 3 days');
      await expect(third).toHaveTextContent('Deleted for good in 1 day');
      await expect(within(first).getByRole('button', { name: t.restore })).toBeEnabled();
      await expect(within(first).getByRole('button', { name: t.deleteForever })).toBeEnabled();
    });
    await step('the list controls are disabled on the trash', async () => {
      await expect(canvas.getByRole('searchbox', { name: 'Search articles' })).toBeDisabled();
      await expect(sortSelect(canvasElement)).toBeDisabled();
      await expect(siteSelect(canvasElement)).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Table' })).toBeDisabled();
    });
    await step('back to All Articles', async () => {
      await userEvent.click(tab(canvasElement, /^All Articles/));
      await waitFor(() => expect(canvas.getByRole('list', { name: 'Articles' })).toBeVisible());
      await expect(canvas.queryByRole('list', { name: t.listLabel })).toBeNull();
      await expect(storyLocation(canvasElement).search).toBe('');
      await expect(canvas.getByRole('searchbox', { name: 'Search articles' })).toBeEnabled();
      await userEvent.click(tab(canvasElement, /^Trash/));
      await expect(storyLocation(canvasElement).search).toBe('?status=trash');
      await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), { timeout: 10_000 });
    });
  },
};

export const TrashEmpty: Story = {
  args: { path: '/articles?status=trash' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'The trash is empty' }, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText('Deleted articles stay here for 30 days.')).toBeVisible();
    await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 0'));
  },
};

export const TrashLoading: Story = {
  args: { path: '/articles?status=trash' },
  beforeEach({ msw }) {
    msw.use(...articleHandlers.loadingTrash());
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.loading, {}, { timeout: 10_000 })).toBeVisible();
  },
};

/** The trash cannot be read: the error, with Try Again; the other tabs are not affected. */
export const TrashFailing: Story = {
  args: { path: '/articles?status=trash' },
  beforeEach({ msw }) {
    msw.use(...articleHandlers.failingTrashList(), ...articleHandlers.api(articles, trashedSamples()));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.errorTitle }, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText(serverMessages.databaseUnavailable)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeEnabled();
    await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 3'));
    await userEvent.click(tab(canvasElement, /^Draft/));
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(0));
  },
};

/** Deleted from the list, restored from the Trash tab: back in the list, the trash empty again. */
export const RestoreFromTrash: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await deleteFirstCard(canvasElement);
    await userEvent.click(tab(canvasElement, /^Trash/));
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(1), { timeout: 10_000 });
    const [row] = trashRows(canvasElement) as [HTMLElement];
    await expect(row).toHaveTextContent('Deleted for good in 30 days');
    await userEvent.click(within(row).getByRole('button', { name: t.restore }));
    await findToast(canvasElement, t.restored);
    await expect(await canvas.findByRole('heading', { name: 'The trash is empty' })).toBeVisible();
    await userEvent.click(tab(canvasElement, /^All Articles/));
    await expect(await canvas.findByRole('article', { name })).toBeVisible();
    await expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(String(articles.length));
  },
};

/** Delete forever asks; Cancel keeps the article, confirming deletes it from the trash for good. */
export const DeleteForeverFromTrash: Story = {
  args: { path: '/articles?status=trash' },
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(articles, trashedSamples()));
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), { timeout: 10_000 });
    const openDialog = async () => {
      const row = canvas.getByRole('article', { name: blight.title! });
      await userEvent.click(within(row).getByRole('button', { name: t.deleteForever }));
      const dialog = await body(canvasElement).findByRole('alertdialog', { name: t.confirmTitle });
      await waitFor(() => expect(dialog).toBeVisible());
      await expect(dialog).toHaveTextContent(t.confirmBody);
      return within(dialog);
    };
    await step('Cancel keeps it', async () => {
      const dialog = await openDialog();
      await userEvent.click(dialog.getByRole('button', { name: t.cancel }));
      await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).toBeNull());
      await expect(trashRows(canvasElement)).toHaveLength(3);
    });
    await step('Delete forever deletes it', async () => {
      const dialog = await openDialog();
      await userEvent.click(dialog.getByRole('button', { name: t.deleteForever }));
      await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(2));
      await expect(canvas.queryByRole('article', { name: blight.title! })).toBeNull();
      // The counts come in answers of their own (the trash's count, the list's), not with the rows.
      await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 2'));
      // Not back in the list either.
      await waitFor(() => expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(`All Articles ${articles.length}`));
    });
  },
};

/**
 * A restore refused because a live article has the slug now: the server's message under the
 * row and 'Restore as <suggestion>', which restores it under that slug.
 */
export const RestoreWhenTheSlugWasTaken: Story = {
  args: { path: '/articles?status=trash' },
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(articles, trashedSamples()));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), { timeout: 10_000 });
    const row = canvas.getByRole('article', { name: lisbon.title! });
    await userEvent.click(within(row).getByRole('button', { name: t.restore }));
    const alert = await within(row).findByRole('alert');
    await expect(alert).toHaveTextContent(serverMessages.restoreSlugTaken);
    await userEvent.click(within(alert).getByRole('button', { name: 'Restore as sample-article-2-2' }));
    await findToast(canvasElement, t.restored);
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(2));
    await userEvent.click(tab(canvasElement, /^Published/));
    const card = await canvas.findByRole('article', { name: cardName(lisbon) });
    await expect(within(card).getByText(lisbon.title!)).toBeVisible();
    // Its look has the toast: still there at the end (a slow machine can outlast its 5 s: run again).
    await expect(body(canvasElement).getByRole('status', { name: t.restored })).toBeVisible();
  },
};

/** The trash on a phone: every tab reachable, the rows' buttons wrap, nothing sticks out sideways. */
export const TrashPhoneWidth: Story = {
  globals: { viewport: { value: 'mobile1' } },
  args: { path: '/articles?status=trash' },
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(articles, trashedSamples()));
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), { timeout: 10_000 });
    const trashTab = tab(canvasElement, /^Trash/);
    // The tabs are measured with their counts, which come in answers of their own (the trash's
    // count, the list's), not with the rows.
    await waitFor(() => expect(trashTab).toHaveTextContent('Trash 3'));
    await waitFor(() => expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(`All Articles ${articles.length}`));
    await expect(trashTab).toBeVisible();
    const tabs = within(canvasElement).getByRole('tablist').getBoundingClientRect();
    await expect(trashTab.getBoundingClientRect().right).toBeLessThanOrEqual(tabs.right + 1);
    const [first] = trashRows(canvasElement) as [HTMLElement];
    await expect(within(first).getByRole('button', { name: t.deleteForever })).toBeVisible();
    const root = canvasElement.ownerDocument.documentElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/* Bulk actions: select cards (or rows), then publish, convert to draft or delete them at once. */

const bar = (canvasElement: HTMLElement) => within(canvasElement).getByRole('region', { name: b.barLabel });
const cards = (canvasElement: HTMLElement) => within(canvasElement).getAllByRole('article');
const cardCheckbox = (card: HTMLElement) => within(card).getByRole('checkbox');
/** The sample's cards, newest first: 0, 3, 6 and 9 are published, the others drafts. */
async function waitForCards(canvasElement: HTMLElement) {
  const allTab = await within(canvasElement).findByRole('tab', { name: /All Articles/ }, { timeout: 10_000 });
  await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length)));
  await waitFor(() => expect(cards(canvasElement).length).toBeGreaterThan(5));
}
/** Selects the cards at these places in the list, one click each. */
async function selectCards(canvasElement: HTMLElement, ...places: number[]) {
  for (const place of places) await userEvent.click(cardCheckbox(cards(canvasElement)[place]!));
}

/** Each card's checkbox is named after it; the bar counts the selection and offers the actions. */
export const BulkSelectCards: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    await expect(canvas.queryByText(b.selected(1))).toBeNull();
    await step('a checkbox per card, named for screen readers', async () => {
      await expect(cardCheckbox(cards(canvasElement)[0]!)).toHaveAccessibleName(b.select(articles[0]!.title!));
    });
    await step('selecting three shows the bar with the count', async () => {
      await selectCards(canvasElement, 0, 1, 2);
      await expect(within(bar(canvasElement)).getByText(b.selected(3))).toBeVisible();
      for (const name of [b.publish, b.draft, b.delete, b.clear]) {
        await expect(within(bar(canvasElement)).getByRole('button', { name })).toBeEnabled();
      }
      await expect(cardCheckbox(cards(canvasElement)[1]!)).toBeChecked();
    });
    await step('Clear selection empties it', async () => {
      await userEvent.click(within(bar(canvasElement)).getByRole('button', { name: b.clear }));
      await expect(canvas.queryByText(b.selected(3))).toBeNull();
      await expect(cardCheckbox(cards(canvasElement)[1]!)).not.toBeChecked();
    });
  },
};

/** 'Select all on this page' selects every card shown; it is mixed when only some are. */
export const BulkSelectAll: Story = {
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    const all = within(bar(canvasElement)).getByRole('checkbox', { name: b.selectAll });
    await userEvent.click(all);
    await expect(within(bar(canvasElement)).getByText(b.selected(articles.length))).toBeVisible();
    await expect(all).toBeChecked();
    await userEvent.click(cardCheckbox(cards(canvasElement)[0]!));
    await expect(within(bar(canvasElement)).getByText(b.selected(articles.length - 1))).toBeVisible();
    await expect(all).toBePartiallyChecked();
    await userEvent.click(all);
    await expect(within(bar(canvasElement)).getByText(b.selected(articles.length))).toBeVisible();
    await userEvent.click(all);
    await expect(within(canvasElement).queryByText(b.selected(articles.length))).toBeNull();
  },
};

/** A shift-click selects every card from the last one clicked to this one. */
export const BulkShiftClickRange: Story = {
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await selectCards(canvasElement, 1);
    // One user-event session, so the click sees Shift held.
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(cardCheckbox(cards(canvasElement)[4]!));
    await user.keyboard('{/Shift}');
    await expect(within(bar(canvasElement)).getByText(b.selected(4))).toBeVisible();
    const checked = cards(canvasElement).map((card) => (cardCheckbox(card) as HTMLInputElement).checked);
    await expect(checked.slice(0, 6)).toEqual([false, true, true, true, true, false]);
  },
};

/** Space on a focused card toggles it (not on a button inside it); Escape clears the selection. */
export const BulkKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    const second = cards(canvasElement)[1]!;
    second.focus();
    await userEvent.keyboard(' ');
    await expect(within(bar(canvasElement)).getByText(b.selected(1))).toBeVisible();
    await expect(cardCheckbox(second)).toBeChecked();
    cards(canvasElement)[2]!.focus();
    await userEvent.keyboard(' ');
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
    await userEvent.keyboard(' ');
    await expect(within(bar(canvasElement)).getByText(b.selected(1))).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByText(b.selected(1))).toBeNull();
    await expect(cardCheckbox(second)).not.toBeChecked();
  },
};

/** Another tab (or search, order, site) starts with nothing selected; the trash has no selection. */
export const BulkSelectionClearsOnTabChange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    await selectCards(canvasElement, 0, 1);
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
    await userEvent.click(tab(canvasElement, /^Draft/));
    await waitFor(() => expect(tab(canvasElement, /^Draft/)).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(cards(canvasElement).every((card) => within(card).queryByText('Draft'))).toBe(true));
    await expect(canvas.queryByText(b.selected(2))).toBeNull();
    await expect(cardCheckbox(cards(canvasElement)[0]!)).not.toBeChecked();
    await userEvent.click(tab(canvasElement, /^Trash/));
    await waitFor(() => expect(canvas.queryByRole('region', { name: b.barLabel })).toBeNull());
    await expect(canvas.queryAllByRole('checkbox')).toHaveLength(0);
  },
};

/** Three drafts published at once: the tabs' counts move, a toast says so, the selection clears. */
export const BulkPublish: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    await expect(tab(canvasElement, /^Published/)).toHaveTextContent('4');
    // Cards 1, 2 and 4 are drafts; 3 is already published.
    await selectCards(canvasElement, 1, 2, 3, 4);
    await userEvent.click(within(bar(canvasElement)).getByRole('button', { name: b.publish }));
    const toast = await findToast(canvasElement, b.changed.publish(3));
    await expect(toast).toHaveAccessibleDescription(b.unchanged.publish(1));
    await waitFor(() => expect(tab(canvasElement, /^Published/)).toHaveTextContent('7'));
    await expect(tab(canvasElement, /^Draft/)).toHaveTextContent('5');
    await expect(canvas.queryByText(b.selected(4))).toBeNull();
  },
};

/** While the request is pending every action is disabled. */
export const BulkPending: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.slowBulk());
  },
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await selectCards(canvasElement, 1, 2);
    await userEvent.click(within(bar(canvasElement)).getByRole('button', { name: b.draft }));
    for (const name of [b.publish, b.delete, b.clear]) {
      await waitFor(() => expect(within(bar(canvasElement)).getByRole('button', { name })).toBeDisabled());
    }
    // The clicked one waits with the keyboard's focus.
    await expectBusy(within(bar(canvasElement)).getByRole('button', { name: b.draft }));
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
  },
};

/** A failed request says why (the server's message) and keeps the selection. */
export const BulkFailing: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.failingBulk());
  },
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await selectCards(canvasElement, 1, 2);
    await userEvent.click(within(bar(canvasElement)).getByRole('button', { name: b.publish }));
    const toast = await findToast(canvasElement, b.failed);
    await expect(toast).toHaveAccessibleDescription(serverMessages.databaseUnavailable);
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
    await expect(within(bar(canvasElement)).getByRole('button', { name: b.publish })).toBeEnabled();
  },
};

/** An article deleted by someone else meanwhile is refused, with the server's reason. */
export const BulkWithARefusal: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(articles, [], { goneForBulk: [articles[2]!.id] }));
  },
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await selectCards(canvasElement, 1, 2);
    await userEvent.click(within(bar(canvasElement)).getByRole('button', { name: b.publish }));
    const toast = await findToast(canvasElement, b.changed.publish(1));
    await expect(toast).toHaveAccessibleDescription(b.refused(1, serverMessages.articleNotFound));
    await waitFor(() => expect(tab(canvasElement, /^Published/)).toHaveTextContent('5'));
  },
};

/**
 * A bulk delete moves the articles to the trash (published ones too): the toast offers Undo,
 * which brings every one back.
 */
export const BulkDeleteThenUndo: Story = {
  parameters: { visual: { skip: "the list's scroll after the undo depends on when each card brought back is measured" } },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    const names = [0, 1].map((place) => within(cards(canvasElement)[place]!).getAllByRole('heading')[0]!.textContent!);
    await step('Delete moves both to the trash', async () => {
      await selectCards(canvasElement, 0, 1);
      await userEvent.click(within(bar(canvasElement)).getByRole('button', { name: b.delete }));
      await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 2'));
      // The list (its cards and the status tabs' counts) is another answer than the trash's count.
      await waitFor(() => expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(String(articles.length - 2)));
      for (const name of names) await expect(canvas.queryByRole('article', { name })).toBeNull();
    });
    await step('Undo brings them back', async () => {
      const toast = await findToast(canvasElement, b.changed.delete(2));
      await userEvent.click(within(toast).getByRole('button', { name: b.undo }));
      await findToast(canvasElement, b.restored(2));
      for (const name of names) await expect(await canvas.findByRole('article', { name })).toBeVisible();
      await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 0'));
      await expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(String(articles.length));
    });
  },
};

/** The table view: a checkbox per row, and Space on the focused row toggles it. */
export const BulkInTheTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Table' }, { timeout: 10_000 }));
    const grid = await canvas.findByRole('grid');
    // One per row, and 'Select all on this page' in the header.
    await waitFor(() => expect(within(grid).getAllByRole('checkbox').length).toBe(articles.length + 1));
    await userEvent.click(within(grid).getByRole('checkbox', { name: b.select(articles[1]!.title!) }));
    await expect(within(bar(canvasElement)).getByText(b.selected(1))).toBeVisible();
    // The click selected, it did not open the article.
    await expect(canvas.getByRole('grid')).toBeVisible();
    const row = within(grid).getAllByRole('row')[3]!;
    row.focus();
    await userEvent.keyboard(' ');
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    // 'Select all on this page' is in the checkbox column's header (the bar has none here).
    await expect(within(bar(canvasElement)).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(grid).getByRole('checkbox', { name: b.selectAll }));
    await expect(within(bar(canvasElement)).getByText(b.selected(articles.length))).toBeVisible();
  },
};

/** A phone: the bar wraps its buttons, nothing sticks out sideways. */
export const BulkPhoneWidth: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await selectCards(canvasElement, 0, 1);
    for (const name of [b.publish, b.draft, b.delete, b.clear]) {
      await expect(within(bar(canvasElement)).getByRole('button', { name })).toBeVisible();
    }
    const root = canvasElement.ownerDocument.documentElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/** The Scheduled tab: the articles with a change to come or one that failed, each card saying which. */
export const ScheduledTab: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api([...articles, ...scheduledSamples()]));
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(tab(canvasElement, /^Scheduled/)).toHaveTextContent('3'), { timeout: 10_000 });
    await userEvent.click(tab(canvasElement, /^Scheduled/));
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(3));
    const canvas = within(canvasElement);
    await expect(canvas.getByText(sched.failed('publish'))).toBeVisible();
    // The badges of the changes to come, each titled with its whole sentence.
    await expect(canvas.getAllByTitle(/^(Publishes|Unpublishes) /)).toHaveLength(2);
    await expect(storyLocation(canvasElement).searchParams.get('status')).toBe('scheduled');
  },
};

/** Nothing scheduled: the tab says where times are set. */
export const ScheduledTabEmpty: Story = {
  args: { path: '/articles?status=scheduled' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(texts.articles.empty.scheduled.title, {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText(texts.articles.empty.scheduled.body)).toBeVisible();
  },
};

/**
 * Schedule… on a draft and a published article with a publish time: the draft takes it, the
 * published one is refused with the server's reason; the Scheduled tab counts it.
 */
export const BulkSchedule: Story = {
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    // Card 0 is published, card 1 a draft.
    await selectCards(canvasElement, 0, 1);
    await userEvent.click(within(bar(canvasElement)).getByRole('button', { name: sched.bulkAction }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: sched.bulkTitle(2) }));
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: sched.zoneLabel }), 'UTC');
    fireEvent.change(dialog.getByLabelText(sched.publishLabel), { target: { value: daysFromNow(2).slice(0, 16) } });
    await userEvent.click(dialog.getByRole('button', { name: sched.bulkSubmit }));
    const toast = await findToast(canvasElement, sched.bulkScheduled(1));
    await expect(toast).toHaveAccessibleDescription(sched.bulkRefused(1, scheduleMessages.alreadyPublished));
    await waitFor(() => expect(tab(canvasElement, /^Scheduled/)).toHaveTextContent('1'));
    await expect(within(canvasElement).queryByText(b.selected(2))).toBeNull();
  },
};

/** Schedule… with a time already past: the dialog says why and sends nothing; Escape closes it and keeps the selection. */
export const BulkScheduleRefused: Story = {
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await selectCards(canvasElement, 1, 2);
    await userEvent.click(within(bar(canvasElement)).getByRole('button', { name: sched.bulkAction }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: sched.bulkTitle(2) }));
    fireEvent.change(dialog.getByLabelText(sched.publishLabel), { target: { value: '2020-01-01T09:00' } });
    await userEvent.click(dialog.getByRole('button', { name: sched.bulkSubmit }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(scheduleMessages.inThePast('publishAt'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull());
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
  },
};

/* Roles: what an author and a viewer are offered on the list. */

/**
 * An author: no selections nor bulk bar (acting on several articles is an editor's); Delete on
 * their drafts, and on a published article refused with who may; a deleted draft's toast without
 * Undo (restoring from the trash is an editor's).
 */
export const AuthorBulkBar: Story = {
  name: 'Author: no bulk bar, Delete on drafts only',
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedInAs('author'));
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    await step('no selection, no bulk bar', async () => {
      await expect(canvas.queryByRole('region', { name: b.barLabel })).toBeNull();
      await expect(canvas.queryByRole('checkbox', { name: b.selectAll })).toBeNull();
      for (const card of cards(canvasElement).slice(0, 2)) await expect(within(card).queryByRole('checkbox')).toBeNull();
    });
    await step('New article is theirs', async () => {
      await expect(canvas.getByRole('link', { name: a.newArticle })).toHaveAttribute('href', '/articles/new');
    });
    await step('Delete on a published article is refused, with who may', async () => {
      const published = cards(canvasElement)[0]!;
      await expectRefused(within(published).getByRole('button', { name: /Delete/ }), author.whyNot('deleteArticle', { published: true })!);
    });
    await step('a draft is deleted; its toast offers no Undo', async () => {
      const draft = cards(canvasElement)[1]!;
      const name = within(draft).getAllByRole('heading')[0]!.textContent!;
      await userEvent.click(within(draft).getByRole('button', { name: /Delete/ }));
      const toast = await findToast(canvasElement, t.deleted);
      await expect(within(toast).queryByRole('button', { name: t.undo })).toBeNull();
      await waitFor(() => expect(canvas.queryByRole('article', { name })).toBeNull());
    });
  },
};

/** A viewer: the list to read; no New article, no selections, no Delete. */
export const Viewer: Story = {
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedInAs('viewer'));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    await expect(canvas.queryByRole('link', { name: a.newArticle })).toBeNull();
    await expect(canvas.queryByRole('checkbox', { name: b.selectAll })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Delete/ })).toBeNull();
    await expect(within(cards(canvasElement)[0]!).getByRole('link', { name: texts.articles.viewFull })).toBeVisible();
  },
};

/** An author's trash: the deleted articles to read; Restore and Delete forever are an editor's. */
export const TrashAsAuthor: Story = {
  args: { path: '/articles?status=trash' },
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedInAs('author'), ...articleHandlers.api(articles, trashedSamples()));
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), { timeout: 10_000 });
    for (const row of trashRows(canvasElement)) {
      await expect(within(row).queryByRole('button', { name: t.restore })).toBeNull();
      await expect(within(row).queryByRole('button', { name: t.deleteForever })).toBeNull();
    }
  },
};
