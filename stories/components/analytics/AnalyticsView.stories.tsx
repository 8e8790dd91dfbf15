import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AnalyticsView } from '../../../src/components/analytics/AnalyticsView';
import * as charts from '../../../src/components/analytics/charts';
import { DataTable } from '../../../src/components/analytics/DataTable';
import { emptyAnalytics, sampleAnalytics } from '../../fixtures';

/** AnalyticsView: the whole screen without its route, in each state; and DataTable, a chart's table. */
const meta = {
  title: 'Components/Analytics/AnalyticsView',
  component: AnalyticsView<30 | 90>,
  args: {
    periods: [30, 90],
    days: 30,
    onDaysChange: fn(),
    data: sampleAnalytics(30),
    loading: false,
    onRetry: fn(),
    charts,
  },
} satisfies Meta<typeof AnalyticsView<30 | 90>>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    for (const title of ['Articles per day', 'Views per day', 'Most read articles', 'Top source sites', 'Storage by type']) {
      await expect(canvas.getByRole('heading', { name: title })).toBeVisible();
    }
    await userEvent.click(canvas.getByRole('radio', { name: 'Last 90 days' }));
    await expect(args.onDaysChange).toHaveBeenCalledWith(90);
  },
};

export const Empty: Story = {
  args: { data: emptyAnalytics(30) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing to chart yet')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { data: undefined, error: 'The database is not reachable right now.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The database is not reachable right now.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /retry/i }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** DataTable: a caption, row headers, figures and a total row. */
export const Table: Story = {
  render: () => (
    <DataTable
      caption="Views per day, last 3 days"
      columns={['Day', 'Views']}
      rows={[
        { key: 'a', cells: ['Nov 22', '12'] },
        { key: 'b', cells: ['Nov 23', '30'] },
        { key: 'c', cells: ['Nov 24', '8'] },
      ]}
      footer={{ key: 'total', cells: ['Total', '50'] }}
    />
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Views per day, last 3 days' });
    await expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Nov 22', 'Nov 23', 'Nov 24', 'Total']);
    await expect(within(table).getByRole('cell', { name: '50' })).toBeVisible();
  },
};
