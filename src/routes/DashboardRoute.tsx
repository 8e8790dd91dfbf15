import { Grid, Stack } from '@chakra-ui/react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { articleKeys, useArticleStats, useRecentArticles } from '../api/articles';
import { systemKeys, useAccess, useActivity, useHealth } from '../api/system';
import type { ArticleStats } from '../contract';
import type { ErrorNoticeProps } from '../components/common/ErrorNotice';
import type { ScheduledCardProps } from '../components/dashboard/ScheduledCard';
import type { SourcesCardProps } from '../components/dashboard/SourcesCard';
import { DashboardHeader } from '../components/dashboard/DashboardHeader';
import { QuickActions } from '../components/dashboard/QuickActions';
import type { RecentActivityProps } from '../components/dashboard/RecentActivity';
import { RecentArticles } from '../components/dashboard/RecentArticles';
import { StatCards, type DashboardStats } from '../components/dashboard/StatCards';
import type { SystemStatusProps } from '../components/dashboard/SystemStatus';
import { percentChange } from '../lib/format';
import { preloadComponent } from '../lib/preloadComponent';

/** Shown only when something failed: its chunk (Chakra's Alert) loads meanwhile, not before the screen. */
const ErrorNotice = preloadComponent<ErrorNoticeProps>(
  () => import('../components/common/ErrorNotice').then((module) => module.ErrorNotice),
  () => null,
);

/** What happened lately: a chunk of its own (the first screen's JavaScript is at its budget), nothing until it is here. */
const RecentActivity = preloadComponent<RecentActivityProps>(
  () => import('../components/dashboard/RecentActivity').then((module) => module.RecentActivity),
  () => null,
);

/** The next scheduled changes: a chunk of its own (the first screen's JavaScript is at its budget), nothing until it is here. */
const ScheduledCard = preloadComponent<ScheduledCardProps>(
  () => import('../components/dashboard/ScheduledCard').then((module) => module.ScheduledCard),
  () => null,
);

/** The server's health and storage: a chunk of its own (the first screen's JavaScript is at its budget), nothing until it is here. */
const SystemStatus = preloadComponent<SystemStatusProps>(
  () => import('../components/dashboard/SystemStatus').then((module) => module.SystemStatus),
  () => null,
);

/** The sources' drafts today and failures: a chunk of its own, nothing until it is here. */
const SourcesCard = preloadComponent<SourcesCardProps>(
  () => import('../components/dashboard/SourcesCard').then((module) => module.SourcesCard),
  () => null,
);

/**
 * Real figures only: counts and week-over-week change from the server; views of the public read
 * API today against yesterday (a server that does not count views: "Not tracked").
 */
export function dashboardStats({ counts, createdPerWeek: week, views }: ArticleStats): DashboardStats {
  return {
    totalArticles: { value: counts.all, change: percentChange(week.all.current, week.all.previous) },
    published: { value: counts.published, change: percentChange(week.published.current, week.published.previous) },
    drafts: { value: counts.draft, change: percentChange(week.draft.current, week.draft.previous) },
    viewsToday: views ? { value: views.today, change: percentChange(views.today, views.yesterday) } : null,
  };
}

export default function DashboardRoute() {
  const queryClient = useQueryClient();
  const stats = useArticleStats();
  const recent = useRecentArticles(5);
  const health = useHealth();
  const activity = useActivity(10);
  const access = useAccess();
  const fetching = useIsFetching() > 0;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: articleKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: systemKeys.health }),
      queryClient.invalidateQueries({ queryKey: systemKeys.activities }),
    ]);

  return (
    <Stack gap="6">
      <DashboardHeader onRefresh={() => void refresh()} isRefreshing={fetching} />
      <ErrorNotice message={stats.error?.message} />
      {!stats.isError && (
        <StatCards stats={stats.data ? dashboardStats(stats.data) : undefined} loading={stats.isPending} />
      )}
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6">
        <QuickActions access={access} />
        <SystemStatus health={health.isError ? null : health.data} loading={health.isPending} articles={stats.data?.counts.all} />
        <RecentArticles articles={recent.data?.data} loading={recent.isPending} canCreate={access?.may('createArticle') ?? false} />
        <RecentActivity activities={activity.data} loading={activity.isPending} />
      </Grid>
      {/* Nothing when the figures failed (their error is shown above) or the server does not schedule. */}
      <ScheduledCard scheduled={stats.data?.scheduled} loading={stats.isPending} />
      {/* Nothing while no source is followed, or until the figures are here. */}
      <SourcesCard sources={stats.data?.sources} />
    </Stack>
  );
}
