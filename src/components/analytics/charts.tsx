/**
 * The Analytics screen's charts: Chakra's chart helpers (@chakra-ui/charts: theme colours,
 * tooltip and legend) on recharts. Only ./lazyCharts imports this module, with a dynamic import:
 * recharts (about 100 KB gzip) loads with the Analytics screen, never with another screen.
 *
 * Each chart is keyboard reachable (recharts' accessibility layer: Tab to the chart, arrow keys
 * move through the days with the tooltip) and named by a summary of its figures (`label`); the
 * card's table has every figure.
 */
import { Chart, useChart } from '@chakra-ui/charts';
import type { ReactNode } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
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

/** Created, published and deleted articles per day: a bar per day, stacked by kind. */
export function ArticlesChart({ data, label }: ChartProps<ArticleDay>) {
  const chart = useChart<ArticleDay>({
    data: data as ArticleDay[],
    series: [
      { name: 'created', color: 'blue.fg', label: t.articles.created, stackId: 'events' },
      { name: 'published', color: 'green.fg', label: t.articles.published, stackId: 'events' },
      { name: 'deleted', color: 'red.fg', label: t.articles.deleted, stackId: 'events' },
    ],
  });
  return (
    <Chart.Root chart={chart} h={HEIGHT} aspectRatio="auto" css={chartCss}>
      <BarChart data={chart.data} responsive aria-label={label} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('day')} tickFormatter={formatDayShort} stroke={chart.color('border')} minTickGap={24} />
        <YAxis allowDecimals={false} stroke={chart.color('border')} width={36} tickFormatter={countFormatter} />
        <Tooltip
          animationDuration={100}
          cursor={{ fill: chart.color('bg.muted') }}
          content={<Chart.Tooltip labelFormatter={dayTooltipLabel} formatter={countFormatter} />}
        />
        <Legend content={<Chart.Legend />} itemSorter={null} />
        {chart.series.map((item) => (
          <Bar
            key={item.name}
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={item.name}
            stackId={item.stackId}
            fill={chart.color(item.color)}
            maxBarSize={24}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}

/** Views per day: one area. */
export function ViewsChart({ data, label }: ChartProps<ViewDay>) {
  const chart = useChart<ViewDay>({
    data: data as ViewDay[],
    series: [{ name: 'views', color: 'teal.fg', label: t.views.views }],
  });
  return (
    <Chart.Root chart={chart} h={HEIGHT} aspectRatio="auto" css={chartCss}>
      <AreaChart data={chart.data} responsive aria-label={label} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('day')} tickFormatter={formatDayShort} stroke={chart.color('border')} minTickGap={24} />
        <YAxis allowDecimals={false} stroke={chart.color('border')} width={44} tickFormatter={countFormatter} />
        <Tooltip
          animationDuration={100}
          cursor={{ stroke: chart.color('border') }}
          content={<Chart.Tooltip labelFormatter={dayTooltipLabel} formatter={countFormatter} />}
        />
        {chart.series.map((item) => (
          <Area
            key={item.name}
            type="monotone"
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={item.name}
            stroke={chart.color(item.color)}
            fill={chart.color(item.color)}
            fillOpacity={0.2}
            strokeWidth={2}
          />
        ))}
      </AreaChart>
    </Chart.Root>
  );
}

/** The source sites with the most articles: horizontal bars, the first on top. */
export function TopSitesChart({ data, label }: ChartProps<TopSite>) {
  const chart = useChart<TopSite>({
    data: data as TopSite[],
    series: [{ name: 'count', color: 'purple.fg', label: t.topSites.articles }],
  });
  // Room for every bar: a site per 28px, at least the other charts' height.
  const height = Math.max(256, data.length * 28 + 32);
  return (
    <Chart.Root chart={chart} h={`${height}px`} aspectRatio="auto" css={chartCss}>
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
        <Tooltip
          animationDuration={100}
          cursor={{ fill: chart.color('bg.muted') }}
          content={<Chart.Tooltip formatter={countFormatter} />}
        />
        {chart.series.map((item) => (
          <Bar
            key={item.name}
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={item.name}
            fill={chart.color(item.color)}
            maxBarSize={20}
            radius={[0, 4, 4, 0]}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}

/** The library's bytes at the end of each day: images and PDFs stacked. */
export function StorageChart({ data, label }: ChartProps<StorageDay>) {
  const chart = useChart<StorageDay>({
    data: data as StorageDay[],
    series: [
      { name: 'images', color: 'blue.fg', label: t.storage.images, stackId: 'bytes' },
      { name: 'pdfs', color: 'red.fg', label: t.storage.pdfs, stackId: 'bytes' },
    ],
  });
  const ticks = byteTicks(Math.max(0, ...data.map((day) => day.images + day.pdfs)));
  return (
    <Chart.Root chart={chart} h={HEIGHT} aspectRatio="auto" css={chartCss}>
      <AreaChart data={chart.data} responsive aria-label={label} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('day')} tickFormatter={formatDayShort} stroke={chart.color('border')} minTickGap={24} />
        <YAxis
          stroke={chart.color('border')}
          width={80}
          ticks={ticks}
          domain={[0, ticks.at(-1)!]}
          interval={0}
          tickFormatter={formatBytes}
        />
        <Tooltip
          animationDuration={100}
          cursor={{ stroke: chart.color('border') }}
          content={<Chart.Tooltip labelFormatter={dayTooltipLabel} formatter={formatBytes} />}
        />
        <Legend content={<Chart.Legend />} itemSorter={null} />
        {chart.series.map((item) => (
          <Area
            key={item.name}
            type="monotone"
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={item.name}
            stackId={item.stackId}
            stroke={chart.color(item.color)}
            fill={chart.color(item.color)}
            fillOpacity={0.25}
            strokeWidth={2}
          />
        ))}
      </AreaChart>
    </Chart.Root>
  );
}
