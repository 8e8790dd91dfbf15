import { useSearchParams } from 'react-router-dom';
import { analyticsPeriod, DEFAULT_ANALYTICS_PERIOD, useAnalytics, type AnalyticsPeriod } from '../api/analytics';
import { AnalyticsView } from '../components/analytics/AnalyticsView';
import { ANALYTICS_PERIODS } from '../contract';
import { FullThemeProvider } from '../theme/FullThemeProvider';

/** /analytics: the period is in the URL (`?days=90`), so a reload or a shared link keeps it. */
function Analytics() {
  const [params, setParams] = useSearchParams();
  const days = analyticsPeriod(params.get('days'));
  const analytics = useAnalytics(days);
  const choose = (next: AnalyticsPeriod) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === DEFAULT_ANALYTICS_PERIOD) updated.delete('days');
      else updated.set('days', String(next));
      return updated;
    });
  return (
    <AnalyticsView
      periods={ANALYTICS_PERIODS}
      days={days}
      onDaysChange={choose}
      data={analytics.data}
      loading={analytics.isPending}
      error={analytics.error?.message}
      onRetry={() => void analytics.refetch()}
      retrying={analytics.isError && analytics.isFetching}
    />
  );
}

/** Rendered with the full theme system: the table, switch and chart recipes load with this chunk. */
export default function AnalyticsRoute() {
  return (
    <FullThemeProvider>
      <Analytics />
    </FullThemeProvider>
  );
}
