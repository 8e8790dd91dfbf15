import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../src/contract';
import { formatBytes } from '../../src/lib/format';
import { analyticsTexts } from '../../src/lib/texts-analytics';
import { dashboardTexts } from '../../src/lib/texts-dashboard';
import { analyticsHandlers, articleHandlers, authHandlers, sampleAnalytics, systemHandlers } from '../mocks';
import { sampleTopArticles } from '../mocks/analytics';
import { AppStory, storyLocation } from './AppStory';

const t = analyticsTexts;
const ready = { timeout: 10_000 };
const count = (n: number) => n.toLocaleString('en-US');

/** Signed in, with the sample figures; a story puts the variant it shows in front of them. */
const meta = {
  title: 'Screens/Analytics',
  tags: ['!autodocs'],
  component: AppStory,
  args: { path: '/analytics' },
  parameters: { layout: 'fullscreen' },
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedIn(), ...analyticsHandlers.api());
  },
} satisfies Meta<typeof AppStory>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The figures the sample answers with, summed as the admin would read them. */
function sampleFigures(days: number) {
  const data = sampleAnalytics(days);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const last = data.storage.at(-1)!;
  return {
    data,
    views: sum(data.views.map((d) => d.views)),
    created: sum(data.articles.map((d) => d.created)),
    published: sum(data.articles.map((d) => d.published)),
    deleted: sum(data.articles.map((d) => d.deleted)),
    images: formatBytes(last.images),
    pdfs: formatBytes(last.pdfs),
  };
}

/** The card (a region named by its title). */
const card = (canvasElement: HTMLElement, title: string) =>
  within(within(canvasElement).getByRole('region', { name: title }));

/** A drawn chart in the card `title`: recharts' keyboard-reachable surface, named by its summary. */
async function findChart(canvasElement: HTMLElement, title: string, name: string | RegExp) {
  const chart = await within(canvasElement).findByRole('application', { name }, ready);
  await expect(chart.closest('section')).toBe(within(canvasElement).getByRole('region', { name: title }));
  return chart;
}

/** Waits for the screen and its 30-day figures. */
async function findScreen(canvasElement: HTMLElement, days = 30) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 1, name: t.title }, ready)).toBeVisible();
  const figures = sampleFigures(days);
  await findChart(canvasElement, t.views.title, t.chartLabel(t.views.title, days, t.views.figures(figures.views)));
  return figures;
}

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

/** A fresh library: no activity, no views, no sites, no files: said plainly, no empty charts. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...analyticsHandlers.empty());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.empty.title }, ready)).toBeVisible();
    await expect(canvas.getByText(t.empty.body(30))).toBeVisible();
    await expect(canvas.queryByRole('region', { name: t.views.title })).toBeNull();
    await expect(canvas.queryByRole('application')).toBeNull();
    // The period can still be changed.
    await userEvent.click(canvas.getByRole('radio', { name: t.period(90) }));
    await expect(await canvas.findByText(t.empty.body(90))).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...analyticsHandlers.loading());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: t.title }, ready)).toBeVisible();
    for (const title of [t.articles.title, t.views.title, t.topArticles.title, t.topSites.title, t.storage.title]) {
      await expect(canvas.getByRole('region', { name: title })).toHaveAttribute('aria-busy', 'true');
    }
    await expect(canvas.queryByRole('button', { name: t.showTable })).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent(t.loading);
    await expect(canvas.getByRole('radio', { name: t.period(30) })).toBeChecked();
  },
};

/** The figures fail: the server's words and Retry, which brings them. */
export const ErrorWithRetry: Story = {
  beforeEach({ msw }) {
    msw.use(...analyticsHandlers.failingThenOk());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, ready);
    await expect(alert).toHaveTextContent(t.errorTitle);
    await expect(alert).toHaveTextContent(serverMessages.databaseUnavailable);
    await expect(canvas.queryByRole('region', { name: t.views.title })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: t.retry }));
    await findScreen(canvasElement);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** At 320px the cards stack and nothing is pushed past the right edge. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    await findScreen(canvasElement);
    const articles = within(canvasElement).getByRole('region', { name: t.articles.title });
    const views = within(canvasElement).getByRole('region', { name: t.views.title });
    await expect(views.getBoundingClientRect().top).toBeGreaterThanOrEqual(articles.getBoundingClientRect().bottom);
    const doc = canvasElement.ownerDocument.documentElement;
    await waitFor(() => expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth));
    const chart = await findChart(canvasElement, t.views.title, /^Views per day/);
    await expect(chart.getBoundingClientRect().right).toBeLessThanOrEqual(doc.clientWidth);
  },
};

/** Dark mode: the semantic tokens switch; the screen is checked with axe in dark too (test-runner). */
export const Dark: Story = {
  globals: { colorMode: 'dark' },
  play: async ({ canvasElement }) => {
    await findScreen(canvasElement);
    await expect(canvasElement.ownerDocument.documentElement).toHaveClass('dark');
    const cardStyle = getComputedStyle(within(canvasElement).getByRole('region', { name: t.views.title }));
    // bg.card is gray.900 in dark mode: a dark background, whatever its exact value.
    const [r = 255, g = 255, b = 255] = (cardStyle.backgroundColor.match(/\d+/g) ?? []).map(Number);
    await expect(r + g + b).toBeLessThan(150);
  },
};

/** The dashboard's 'Analytics' quick action opens the screen. */
export const FromTheDashboard: Story = {
  args: { path: '/' },
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api(), ...systemHandlers.healthy(), ...systemHandlers.activity());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: dashboardTexts.analytics }, ready));
    await waitFor(() => expect(storyLocation(canvasElement).pathname).toBe('/analytics'));
    await findScreen(canvasElement);
  },
};
