// The Articles screen's toolbar: the search (its matches marked, a shared link, no match), the
// order, the source site, and the toolbar on a phone. The library: `searchable` (fixtures).
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { basil, boots, searchable, sourdough, tomatoes } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory, storyLocation } from '../AppStory';
import { expectNoSidewaysScroll, requestsTo, type ScreenStory as Story, using } from '../screen';
import { articlesScreen, cardNames, expectTabCounts, namesOf, optionsOf, searchBox, siteSelect, sortSelect } from './articlesScreen';

export default { title: 'Screens/Articles/Search', tags: ['!autodocs'], ...articlesScreen } satisfies Meta<typeof AppStory>;

/** What SortWhileSearching's list was asked. */
const list = requestsTo('*/api/articles/admin/articles');

/** Typing narrows the list (debounced); the tabs count the search's matches; the words are marked. */
export const Search: Story = {
  beforeEach: using(() => articleHandlers.api(searchable)),
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
    await expectTabCounts(canvasElement, { all: 1, draft: 0 });
    await expect(storyLocation(canvasElement).searchParams.get('q')).toBe('HIKING');
  },
};

/**
 * A word only one article's raw text has: its card shows the server's snippet with the word
 * marked where the server's ranges say (code points: the emoji before it counts once).
 */
export const SearchSnippetHighlights: Story = {
  beforeEach: using(() => articleHandlers.api(searchable)),
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
  beforeEach: using(() => articleHandlers.api(searchable)),
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
  beforeEach: using(() => articleHandlers.api(searchable)),
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
  beforeEach: using(() => articleHandlers.api(searchable)),
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

/**
 * While a search is in force and no order is chosen, 'Best match' is the choice and no `sort` is
 * sent (the server orders by relevance); another order joins `?q=`, and Best match takes it away.
 */
export const SortWhileSearching: Story = {
  args: { path: '/articles?q=example.com' },
  beforeEach: using(list.handlers, () => articleHandlers.api(searchable)),
  play: async ({ canvasElement }) => {
    await searchBox(canvasElement);
    await waitFor(() => expect(within(canvasElement).getAllByRole('article')).toHaveLength(4));
    const sort = sortSelect(canvasElement);
    await expect(sort).toHaveDisplayValue('Best match');
    await expect(list.queries.at(-1)!.get('q')).toBe('example.com');
    await expect(list.queries.at(-1)!.has('sort')).toBe(false);
    await userEvent.selectOptions(sort, 'Oldest');
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(basil, sourdough, boots, tomatoes)));
    await expect(list.queries.at(-1)!.get('sort')).toBe('oldest');
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
  beforeEach: using(() => articleHandlers.api(searchable)),
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
      await expectTabCounts(canvasElement, { all: 2, published: 0, draft: 2 });
    });
  },
};

/**
 * A phone: the search box has a row of its own, the order, the site and the view toggle wrap
 * below it, the cards show their titles, and nothing sticks out sideways.
 */
export const PhoneWidth: Story = {
  globals: { viewport: { value: 'mobile1' } },
  beforeEach: using(() => articleHandlers.api(searchable)),
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
    await expectNoSidewaysScroll(canvasElement);
  },
};
