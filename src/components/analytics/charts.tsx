/**
 * The Analytics screen's charts: Chakra's chart helpers (@chakra-ui/charts: theme colours,
 * tooltip and legend) on recharts. Only ./lazyCharts imports this module, with a dynamic import:
 * recharts (about 100 KB gzip) loads with the Analytics screen, never with another screen.
 *
 * Each chart is keyboard reachable (recharts' accessibility layer: Tab to the chart, arrow keys
 * move through the days with the tooltip) and named by a summary of its figures (`label`); the
 * card's table has every figure.
 */
import { Chart, useChart, type UseChartProps, type UseChartReturn } from '@chakra-ui/charts';
import type { ReactElement, ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Tooltip,
  XAxis,
  YAxis,
  type BarProps,
  type YAxisProps,
} from 'recharts';
import { formatBytes, truncate } from '../../lib/format';
import { analyticsTexts } from '../../lib/texts-analytics';
import {
  byteTicks,
  formatCount,
  formatDay,
  formatDayShort,
  type ArticleDay,
  type StorageDay,
  type TopSite,
  type ViewDay,
} from './figures';

const t = analyticsTexts;

export interface ChartProps<T> {
  data: readonly T[];
  /** The chart's accessible name: what it shows and its figures in one sentence. */
  label: string;
}

/** Chakra's chart styles hide outlines; a keyboard user must still see where the focus is. */
const chartCss = {
  '& .recharts-surface:focus-visible': {
    outline: '2px solid',
    outlineColor: 'blue.focusRing',
    outlineOffset: '2px',
  },
};

const HEIGHT = '64';
/** The tooltip's title: the day in full (recharts hands over the axis value, our 'YYYY-MM-DD'). */
const dayTooltipLabel = (day: ReactNode) => (typeof day === 'string' ? formatDay(day) : day);
const countFormatter = (value: number) => formatCount(value);

type Series<T> = NonNullable<UseChartProps<T>['series']>;
type ValueFormatter = (value: number) => string;

/** The same figures charted from the same theme: `data` with its `series` (name, colour, label). */
function useSeriesChart<T>(data: readonly T[], series: Series<T>) {
  return useChart<T>({ data: data as T[], series });
}

/** Chakra's chart root: theme colours for recharts, the chart's height, a visible focus. */
function ChartFrame<T>({ chart, h = HEIGHT, children }: { chart: UseChartReturn<T>; h?: string; children: ReactElement }) {
  return (
    <Chart.Root chart={chart} h={h} aspectRatio="auto" css={chartCss}>
      {children}
    </Chart.Root>
  );
}

/**
 * The tooltip: each series' figure, read with `formatter`, under `labelFormatter`'s title. The
 * cursor shades the hovered bar's band, or draws a line through the hovered point of the areas.
 */
function seriesTooltip<T>(
  chart: UseChartReturn<T>,
  cursor: 'band' | 'line',
  formatter: ValueFormatter,
  labelFormatter?: (label: ReactNode) => ReactNode,
) {
  return (
    <Tooltip
      animationDuration={100}
      cursor={cursor === 'band' ? { fill: chart.color('bg.muted') } : { stroke: chart.color('border') }}
      content={<Chart.Tooltip labelFormatter={labelFormatter} formatter={formatter} />}
    />
  );
}

/** A bar per series (stacked where the series share a stackId). */
function seriesBars<T>(chart: UseChartReturn<T>, look: Pick<BarProps, 'maxBarSize' | 'radius'>) {
  return chart.series.map((item) => (
    <Bar
      key={item.name as string}
      isAnimationActive={false}
      dataKey={chart.key(item.name) as string}
      name={item.name as string}
      stackId={item.stackId}
      fill={chart.color(item.color)}
      {...look}
    />
  ));
}

/** An area per series (stacked where the series share a stackId). */
function seriesAreas<T>(chart: UseChartReturn<T>, fillOpacity: number) {
  return chart.series.map((item) => (
    <Area
      key={item.name as string}
      type="monotone"
      isAnimationActive={false}
      dataKey={chart.key(item.name) as string}
      name={item.name as string}
      stackId={item.stackId}
      stroke={chart.color(item.color)}
      fill={chart.color(item.color)}
      fillOpacity={fillOpacity}
      strokeWidth={2}
    />
  ));
}

interface DayChartProps<T> extends ChartProps<T> {
  series: Series<T>;
  /** Bars (a bar a day, stacked by the series' stackId) or areas with this fill opacity. */
  shape: { bars: Pick<BarProps, 'maxBarSize'> } | { areaOpacity: number };
  /** The value axis: its width, ticks and their format. */
  valueAxis: YAxisProps;
  /** How the tooltip reads a figure. */
  formatValue: ValueFormatter;
  /** Names the series under the chart (where there is more than one). */
  legend?: boolean;
}

/** A figure per day of the period: the days along the bottom, the series up the side. */
function DayChart<T extends { day: string }>({ data, label, series, shape, valueAxis, formatValue, legend = false }: DayChartProps<T>) {
  const chart = useSeriesChart(data, series);
  const Container = 'bars' in shape ? BarChart : AreaChart;
  return (
    <ChartFrame chart={chart}>
      <Container data={chart.data} responsive aria-label={label} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('day')} tickFormatter={formatDayShort} stroke={chart.color('border')} minTickGap={24} />
        <YAxis stroke={chart.color('border')} {...valueAxis} />
        {seriesTooltip(chart, 'bars' in shape ? 'band' : 'line', formatValue, dayTooltipLabel)}
        {legend && <Legend content={<Chart.Legend />} itemSorter={null} />}
        {'bars' in shape ? seriesBars(chart, shape.bars) : seriesAreas(chart, shape.areaOpacity)}
      </Container>
    </ChartFrame>
  );
}

/** Created, published and deleted articles per day: a bar per day, stacked by kind. */
export function ArticlesChart({ data, label }: ChartProps<ArticleDay>) {
  return (
    <DayChart
      data={data}
      label={label}
      series={[
        { name: 'created', color: 'blue.fg', label: t.articles.created, stackId: 'events' },
        { name: 'published', color: 'green.fg', label: t.articles.published, stackId: 'events' },
        { name: 'deleted', color: 'red.fg', label: t.articles.deleted, stackId: 'events' },
      ]}
      shape={{ bars: { maxBarSize: 24 } }}
      valueAxis={{ allowDecimals: false, width: 36, tickFormatter: countFormatter }}
      formatValue={countFormatter}
      legend
    />
  );
}

/** Views per day: one area. */
export function ViewsChart({ data, label }: ChartProps<ViewDay>) {
  return (
    <DayChart
      data={data}
      label={label}
      series={[{ name: 'views', color: 'teal.fg', label: t.views.views }]}
      shape={{ areaOpacity: 0.2 }}
      valueAxis={{ allowDecimals: false, width: 44, tickFormatter: countFormatter }}
      formatValue={countFormatter}
    />
  );
}

/** The source sites with the most articles: horizontal bars, the first on top. */
export function TopSitesChart({ data, label }: ChartProps<TopSite>) {
  const chart = useSeriesChart(data, [{ name: 'count', color: 'purple.fg', label: t.topSites.articles }]);
  // Room for every bar: a site per 28px, at least the other charts' height.
  const height = Math.max(256, data.length * 28 + 32);
  return (
    <ChartFrame chart={chart} h={`${height}px`}>
      <BarChart data={chart.data} layout="vertical" responsive aria-label={label} margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={chart.color('border.muted')} horizontal={false} />
        <XAxis type="number" allowDecimals={false} stroke={chart.color('border')} tickFormatter={countFormatter} />
        <YAxis
          type="category"
          dataKey={chart.key('site')}
          stroke={chart.color('border')}
          width={132}
          interval={0}
          tickFormatter={(site: string) => truncate(site, 18)}
        />
        {seriesTooltip(chart, 'band', countFormatter)}
        {seriesBars(chart, { maxBarSize: 20, radius: [0, 4, 4, 0] })}
      </BarChart>
    </ChartFrame>
  );
}

/** The library's bytes at the end of each day: images and PDFs stacked. */
export function StorageChart({ data, label }: ChartProps<StorageDay>) {
  const ticks = byteTicks(Math.max(0, ...data.map((day) => day.images + day.pdfs)));
  return (
    <DayChart
      data={data}
      label={label}
      series={[
        { name: 'images', color: 'blue.fg', label: t.storage.images, stackId: 'bytes' },
        { name: 'pdfs', color: 'red.fg', label: t.storage.pdfs, stackId: 'bytes' },
      ]}
      shape={{ areaOpacity: 0.25 }}
      valueAxis={{ width: 80, ticks, domain: [0, ticks.at(-1)!], interval: 0, tickFormatter: formatBytes }}
      formatValue={formatBytes}
      legend
    />
  );
}
