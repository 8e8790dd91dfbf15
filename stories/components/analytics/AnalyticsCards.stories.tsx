import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ArticlesPerDayCard, StorageCard, TopSitesCard, ViewsPerDayCard } from '../../../src/components/analytics';
import { ChartCard } from '../../../src/components/analytics/ChartCard';
import * as charts from '../../../src/components/analytics/charts';
import { formatBytes } from '../../../src/lib/format';
import { analyticsTexts } from '../../../src/lib/texts-analytics';
import { sampleAnalytics } from '../../fixtures';

const t = analyticsTexts;
const sample = sampleAnalytics(30);
const viewsTotal = sample.views.reduce((sum, d) => sum + d.views, 0);

/**
 * A chart card: the figures in a line, the chart (named by its figures, reachable by Tab), and
 * 'Show table' for the same figures as a table. The charts module is passed in, as the screen
 * hands it over once its chunk is here ('loading' until then, 'failed' if it cannot come).
 */
const meta = {
  title: 'Components/Analytics/AnalyticsCards',
  component: ViewsPerDayCard,
  subcomponents: { ChartCard, ArticlesPerDayCard, TopSitesCard, StorageCard },
  args: { days: 30, data: sample.views, charts },
} satisfies Meta<typeof ViewsPerDayCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Chart: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t.views.title })).toBeVisible();
    await expect(canvas.getByText(t.views.figures(viewsTotal))).toBeVisible();
    const chart = await canvas.findByRole('application', { name: t.chartLabel(t.views.title, 30, t.views.figures(viewsTotal)) });
    await expect(chart).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.showTable })).toHaveAttribute('aria-pressed', 'false');
  },
};

/** Space on the toggle shows the table, again brings the chart back. */
export const ToggleTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: t.showTable });
    toggle.focus();
    await userEvent.keyboard(' ');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = canvas.getByRole('table', { name: t.tableCaption(t.views.title, 30) });
    await expect(within(table).getAllByRole('row')).toHaveLength(sample.views.length + 2);
    await expect(canvas.queryByRole('application')).toBeNull();
    await userEvent.keyboard(' ');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(await canvas.findByRole('application')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Loading: Story = {
  args: { data: undefined, loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: t.views.title })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('button', { name: t.showTable })).toBeNull();
    await expect(canvas.queryByText(t.views.figures(viewsTotal))).toBeNull();
  },
};

/** The charts' chunk is still on its way: a placeholder; the table is already there. */
export const ChartsLoading: Story = {
  args: { charts: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('application')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: t.showTable }));
    await expect(canvas.getByRole('table', { name: t.tableCaption(t.views.title, 30) })).toBeVisible();
  },
};

/** The charts' chunk could not be fetched: the card says so and shows the table. */
export const ChartsFailed: Story = {
  args: { charts: 'failed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.chartsFailed)).toBeVisible();
    await expect(canvas.getByRole('table', { name: t.tableCaption(t.views.title, 30) })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.showTable })).toBeNull();
  },
};

export const ArticlesPerDay: StoryObj<typeof ArticlesPerDayCard> = {
  render: () => <ArticlesPerDayCard days={30} data={sample.articles} charts={charts} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sum = (key: 'created' | 'published' | 'deleted') => sample.articles.reduce((n, d) => n + d[key], 0);
    const figures = t.articles.figures(sum('created'), sum('published'), sum('deleted'));
    await expect(canvas.getByText(figures)).toBeVisible();
    await expect(await canvas.findByRole('application', { name: t.chartLabel(t.articles.title, 30, figures) })).toBeVisible();
    // The legend, in the order of the series.
    await expect(canvasElement.querySelector('.recharts-legend-wrapper')).toHaveTextContent(
      `${t.articles.created}${t.articles.published}${t.articles.deleted}`,
    );
  },
};

export const Storage: StoryObj<typeof StorageCard> = {
  render: () => <StorageCard days={30} data={sample.storage} charts={charts} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const last = sample.storage.at(-1)!;
    await expect(canvas.getByText(t.storage.figures(formatBytes(last.images), formatBytes(last.pdfs)))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.showTable }));
    const rows = within(canvas.getByRole('table')).getAllByRole('row');
    await expect(rows.at(-1)).toHaveTextContent(formatBytes(last.images + last.pdfs));
  },
};

/** An empty library: said in the card, no chart and no table. */
export const StorageEmpty: StoryObj<typeof StorageCard> = {
  render: () => (
    <StorageCard days={30} data={sample.storage.map((d) => ({ ...d, images: 0, pdfs: 0 }))} charts={charts} />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.storage.empty)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.showTable })).toBeNull();
    await expect(canvas.queryByRole('application')).toBeNull();
  },
};

export const TopSites: StoryObj<typeof TopSitesCard> = {
  render: () => <TopSitesCard data={sample.topSites} charts={charts} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('application', { name: /^Top source sites: 5 sites/ })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.showTable }));
    const rows = within(canvas.getByRole('table', { name: t.topSites.title })).getAllByRole('row');
    // Site names in full in the table (the axis cuts long ones).
    await expect(rows[4]).toHaveTextContent('a-very-long-subdomain.news.example.com4');
  },
};

export const TopSitesEmpty: StoryObj<typeof TopSitesCard> = {
  render: () => <TopSitesCard data={[]} charts={charts} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.topSites.empty)).toBeVisible();
  },
};
