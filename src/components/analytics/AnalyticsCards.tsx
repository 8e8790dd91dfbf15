/** The Analytics screen's chart cards, each with its table (SPEC: the 'Analytics' quick action). */
import { formatBytes } from '../../lib/format';
import { analyticsTexts } from '../../lib/texts-analytics';
import { ChartCard, type ChartsState } from './ChartCard';
import { DataTable } from './DataTable';
import {
  articleTotals,
  formatCount,
  formatDay,
  hasStorage,
  latestStorage,
  viewTotal,
  type ArticleDay,
  type StorageDay,
  type TopSite,
  type ViewDay,
} from './figures';

const t = analyticsTexts;

interface CardProps<T> {
  /** The period, in days. */
  days: number;
  /** The period's figures (undefined while loading). */
  data: readonly T[] | undefined;
  loading?: boolean;
  charts: ChartsState;
}

export function ArticlesPerDayCard({ days, data, loading = false, charts }: CardProps<ArticleDay>) {
  const totals = articleTotals(data ?? []);
  const figures = t.articles.figures(totals.created, totals.published, totals.deleted);
  return (
    <ChartCard
      title={t.articles.title}
      figures={figures}
      loading={loading || !data}
      charts={charts}
      renderChart={({ ArticlesChart }) => (
        <ArticlesChart data={data ?? []} label={t.chartLabel(t.articles.title, days, figures)} />
      )}
      table={
        <DataTable
          caption={t.tableCaption(t.articles.title, days)}
          columns={[t.day, t.articles.created, t.articles.published, t.articles.deleted]}
          rows={(data ?? []).map((day) => ({
            key: day.day,
            cells: [formatDay(day.day), formatCount(day.created), formatCount(day.published), formatCount(day.deleted)],
          }))}
          footer={{
            key: 'total',
            cells: [t.total, formatCount(totals.created), formatCount(totals.published), formatCount(totals.deleted)],
          }}
        />
      }
    />
  );
}

/** Views of the site's articles per day over the chosen period, with their total. */
export function ViewsPerDayCard({ days, data, loading = false, charts }: CardProps<ViewDay>) {
  const total = viewTotal(data ?? []);
  const figures = t.views.figures(total);
  return (
    <ChartCard
      title={t.views.title}
      figures={figures}
      loading={loading || !data}
      charts={charts}
      renderChart={({ ViewsChart }) => <ViewsChart data={data ?? []} label={t.chartLabel(t.views.title, days, figures)} />}
      table={
        <DataTable
          caption={t.tableCaption(t.views.title, days)}
          columns={[t.day, t.views.views]}
          rows={(data ?? []).map((day) => ({ key: day.day, cells: [formatDay(day.day), formatCount(day.views)] }))}
          footer={{ key: 'total', cells: [t.total, formatCount(total)] }}
        />
      }
    />
  );
}

/** Sites over the whole library (not the period): the server's top sites, most articles first. */
export function TopSitesCard({ data, loading = false, charts }: Omit<CardProps<TopSite>, 'days'>) {
  const sites = data ?? [];
  const first = sites[0];
  const figures = first ? t.topSites.figures(sites.length, first.site, first.count) : undefined;
  return (
    <ChartCard
      title={t.topSites.title}
      figures={figures}
      loading={loading || !data}
      empty={sites.length === 0 ? t.topSites.empty : undefined}
      charts={charts}
      renderChart={({ TopSitesChart }) => <TopSitesChart data={sites} label={`${t.topSites.title}: ${figures}`} />}
      table={
        <DataTable
          caption={t.topSites.title}
          columns={[t.topSites.site, t.topSites.articles]}
          rows={sites.map((site) => ({ key: site.site, cells: [site.site, formatCount(site.count)] }))}
        />
      }
    />
  );
}

export function StorageCard({ days, data, loading = false, charts }: CardProps<StorageDay>) {
  const storage = data ?? [];
  const last = latestStorage(storage);
  const figures = t.storage.figures(formatBytes(last.images), formatBytes(last.pdfs));
  return (
    <ChartCard
      title={t.storage.title}
      figures={hasStorage(storage) ? figures : undefined}
      loading={loading || !data}
      empty={hasStorage(storage) ? undefined : t.storage.empty}
      charts={charts}
      wide
      renderChart={({ StorageChart }) => (
        <StorageChart data={storage} label={t.chartLabel(t.storage.title, days, figures)} />
      )}
      table={
        <DataTable
          caption={t.tableCaption(t.storage.title, days)}
          columns={[t.day, t.storage.images, t.storage.pdfs, t.total]}
          rows={storage.map((day) => ({
            key: day.day,
            cells: [formatDay(day.day), formatBytes(day.images), formatBytes(day.pdfs), formatBytes(day.images + day.pdfs)],
          }))}
        />
      }
    />
  );
}
