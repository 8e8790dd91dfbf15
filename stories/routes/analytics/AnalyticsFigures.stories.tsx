// The Analytics screen's figures: the charts of 30 and 90 days, each as a table too, by keyboard,
// and the way in from the dashboard.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dashboardTexts } from '../../../src/lib/texts-dashboard';
import { sampleAnalytics, sampleTopArticles } from '../../fixtures';
import { articleHandlers, systemHandlers } from '../../mocks';
import { AppStory, storyLocation } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { analyticsScreen, card, count, findChart, findScreen, sampleFigures, t } from './analyticsScreen';

export default { title: 'Screens/Analytics/Figures', tags: ['!autodocs'], ...analyticsScreen } satisfies Meta<typeof AppStory>;

export const Success: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const figures = await findScreen(canvasElement);

    await step('the last 30 days are chosen; each chart is named by its figures', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('');
      await expect(canvas.getByRole('radio', { name: t.period(30) })).toBeChecked();
      await expect(canvas.getByRole('radio', { name: t.period(90) })).not.toBeChecked();
      const articleFigures = t.articles.figures(figures.created, figures.published, figures.deleted);
      await expect(card(canvasElement, t.articles.title).getByText(articleFigures)).toBeVisible();
      await findChart(canvasElement, t.articles.title, t.chartLabel(t.articles.title, 30, articleFigures));
      await expect(card(canvasElement, t.views.title).getByText(t.views.figures(figures.views))).toBeVisible();
      const storageFigures = t.storage.figures(figures.images, figures.pdfs);
      await findChart(canvasElement, t.storage.title, t.chartLabel(t.storage.title, 30, storageFigures));
      await findChart(canvasElement, t.topSites.title, /^Top source sites: 5 sites; the most articles come from garden\.example\.com \(24\)$/);
    });

    await step('the most read articles, each linking to its page, named by title, slug or short id', async () => {
      const items = card(canvasElement, t.topArticles.title).getAllByRole('listitem');
      await expect(items).toHaveLength(sampleTopArticles.length);
      const first = within(items[0]!).getByRole('link');
      await expect(first).toHaveTextContent('How to grow tomatoes in small spaces');
      await expect(first).toHaveAttribute('href', '/articles/art_0000000000000001');
      await expect(items[0]).toHaveTextContent('412 views');
      await expect(within(items[2]!).getByRole('link')).toHaveTextContent('sourdough-starter-guide');
      await expect(within(items[4]!).getByRole('link')).toHaveTextContent('Article #deadbeef');
    });

    await step('switching to 90 days puts it in the URL and shows the 90 days', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: t.period(90) }));
      await waitFor(() => expect(storyLocation(canvasElement).search).toBe('?days=90'));
      const ninety = sampleFigures(90);
      await findChart(canvasElement, t.views.title, t.chartLabel(t.views.title, 90, t.views.figures(ninety.views)));
      await expect(canvas.getByRole('radio', { name: t.period(90) })).toBeChecked();
      await expect(card(canvasElement, t.views.title).getByText(t.views.figures(ninety.views))).toBeVisible();
    });

    await step('and back to 30 days', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: t.period(30) }));
      await waitFor(() => expect(storyLocation(canvasElement).search).toBe(''));
      await findChart(canvasElement, t.views.title, t.chartLabel(t.views.title, 30, t.views.figures(figures.views)));
    });
  },
};

/** A link with `?days=90` opens on the 90 days. */
export const NinetyDaysFromTheUrl: Story = {
  args: { path: '/analytics?days=90' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findScreen(canvasElement, 90);
    await expect(canvas.getByRole('radio', { name: t.period(90) })).toBeChecked();
  },
};

/** The dashboard's 'Analytics' quick action opens the screen. */
export const FromTheDashboard: Story = {
  args: { path: '/' },
  beforeEach: using(() => articleHandlers.api(), () => systemHandlers.healthy(), () => systemHandlers.activity()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: dashboardTexts.analytics }, ready));
    await waitFor(() => expect(storyLocation(canvasElement).pathname).toBe('/analytics'));
    await findScreen(canvasElement);
  },
};

/** 'Show table' gives each chart's figures as a table with a caption: the same numbers. */
export const TableView: Story = {
  play: async ({ canvasElement, step }) => {
    const figures = await findScreen(canvasElement);
    const { data } = figures;

    await step('views per day: a row per day and the total', async () => {
      const views = card(canvasElement, t.views.title);
      const toggle = views.getByRole('button', { name: t.showTable });
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await userEvent.click(toggle);
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      const table = views.getByRole('table', { name: t.tableCaption(t.views.title, 30) });
      await expect(views.queryByRole('application')).toBeNull();
      const rows = within(table).getAllByRole('row');
      // The header row, 30 days, the total.
      await expect(rows).toHaveLength(32);
      await expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Oct 26, 2026');
      await expect(rows[1]).toHaveTextContent(count(data.views[0]!.views));
      await expect(within(rows[30]!).getByRole('rowheader')).toHaveTextContent('Nov 24, 2026');
      await expect(rows[30]).toHaveTextContent(count(data.views[29]!.views));
      await expect(rows[31]).toHaveTextContent(`${t.total}${count(figures.views)}`);
    });

    await step('articles per day: created, published and deleted per day', async () => {
      const articles = card(canvasElement, t.articles.title);
      await userEvent.click(articles.getByRole('button', { name: t.showTable }));
      const table = articles.getByRole('table', { name: t.tableCaption(t.articles.title, 30) });
      const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
      await expect(headers).toEqual([t.day, t.articles.created, t.articles.published, t.articles.deleted]);
      const rows = within(table).getAllByRole('row');
      const day = data.articles[5]!;
      const cells = within(rows[6]!).getAllByRole('cell').map((c) => c.textContent);
      await expect(cells).toEqual([String(day.created), String(day.published), String(day.deleted)]);
      const total = within(rows[31]!).getAllByRole('cell').map((c) => c.textContent);
      await expect(total).toEqual([count(figures.created), count(figures.published), count(figures.deleted)]);
    });

    await step('storage: bytes in the app’s size format', async () => {
      const storage = card(canvasElement, t.storage.title);
      await userEvent.click(storage.getByRole('button', { name: t.showTable }));
      const table = storage.getByRole('table', { name: t.tableCaption(t.storage.title, 30) });
      const last = within(table).getAllByRole('row').at(-1)!;
      await expect(last).toHaveTextContent(figures.images);
      await expect(last).toHaveTextContent(figures.pdfs);
    });

    await step('top sites: every site with its count', async () => {
      const sites = card(canvasElement, t.topSites.title);
      await userEvent.click(sites.getByRole('button', { name: t.showTable }));
      const rows = within(sites.getByRole('table', { name: t.topSites.title })).getAllByRole('row');
      await expect(rows.slice(1).map((row) => row.textContent)).toEqual(data.topSites.map((s) => `${s.site}${s.count}`));
    });

    await step('the toggle brings the chart back', async () => {
      const views = card(canvasElement, t.views.title);
      await userEvent.click(views.getByRole('button', { name: t.showTable }));
      await expect(views.queryByRole('table')).toBeNull();
      await expect(await views.findByRole('application')).toBeVisible();
    });
  },
};

/** Tab reaches the period switch, each chart and each 'Show table'; the arrow keys walk a chart's days. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findScreen(canvasElement);
    const ninety = canvas.getByRole('radio', { name: t.period(90) });
    canvas.getByRole('radio', { name: t.period(30) }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(ninety).toBeChecked());
    await waitFor(() => expect(storyLocation(canvasElement).search).toBe('?days=90'));

    const views = card(canvasElement, t.views.title);
    const chart = await views.findByRole('application', { name: /^Views per day, last 90 days/ }, ready);
    const data = sampleAnalytics(90).views;
    const tooltip = () => chart.closest('.recharts-wrapper')!.querySelector('.recharts-tooltip-wrapper');
    // recharts' accessibility layer: the focus shows the first day, the arrow keys move day by day.
    chart.focus();
    await expect(chart).toHaveFocus();
    await waitFor(() => expect(tooltip()).toHaveTextContent(`Aug 27, 2026${t.views.views}${data[0]!.views}`));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(tooltip()).toHaveTextContent(`Aug 28, 2026${t.views.views}${data[1]!.views}`));
    // Shift+Tab from the chart reaches its card's 'Show table'; Enter shows the table.
    await userEvent.tab({ shift: true });
    const toggle = views.getByRole('button', { name: t.showTable });
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(views.getByRole('table')).toBeVisible();
  },
};
