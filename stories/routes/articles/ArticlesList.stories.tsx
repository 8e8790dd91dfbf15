// The Articles screen: the list in its states (loaded, loading, empty, failing), a card deleted,
// a session that expired, and the table view.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ARTICLES_VIEW_KEY } from '../../../src/components/articles/useArticlesView';
import { serverMessages } from '../../../src/contract';
import { shortId } from '../../../src/lib/format';
import { bulkTexts as b } from '../../../src/lib/texts-articles';
import { articles, basil, boots, searchable, sourdough, tomatoes } from '../../fixtures';
import { accountHandlers, articleHandlers, authHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { articlesScreen } from './articlesScreen';

export default { title: 'Screens/Articles/List', tags: ['!autodocs'], ...articlesScreen } satisfies Meta<typeof AppStory>;

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Articles Management' }, ready)).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(0));
    const tab = canvas.getByRole('tab', { name: /Published/ });
    await expect(tab).toHaveTextContent(String(articles.filter((a) => a.status === 'published').length));
  },
};

export const Loading: Story = {
  beforeEach: using(() => articleHandlers.loadingList()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading articles...', {}, ready)).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach: using(() => articleHandlers.empty()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No Articles Found', {}, ready)).toBeVisible();
    await expect(canvas.getByText('There are no articles to display at the moment.')).toBeVisible();
  },
};

export const Failing: Story = {
  beforeEach: using(() => articleHandlers.failingList()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Error Loading Articles', {}, ready)).toBeVisible();
    await expect(canvas.getByText(serverMessages.databaseUnavailable)).toBeVisible();
  },
};

export const DeleteFromList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const allTab = await canvas.findByRole('tab', { name: /All Articles/ }, ready);
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
  beforeEach: using(() => authHandlers.expired(), () => articleHandlers.unauthorized(), () => accountHandlers.options()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Login' }, ready)).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toBeVisible();
  },
};

/** The table view: chosen with the toggle, kept for the next visit, a row opened by keyboard. */
export const TableView: Story = {
  beforeEach: using(() => articleHandlers.api(searchable)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Table' }, ready));
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
    await expect(await canvas.findByText('Article Slug Editor', {}, ready)).toBeVisible();
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
    const grid = await within(canvasElement).findByRole('grid', { name: 'Articles' }, ready);
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
