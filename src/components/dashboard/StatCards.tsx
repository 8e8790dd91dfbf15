import { SimpleGrid } from '@chakra-ui/react';
import { LuCircleCheck, LuEye, LuFileText, LuSquarePen } from 'react-icons/lu';
import { dashboardTexts } from '../../lib/texts-dashboard';
import { StatCard } from './StatCard';

export interface StatFigure {
  value: number;
  /** Percent against the week before; null when that week had nothing to compare with. */
  change: number | null;
}

export interface DashboardStats {
  totalArticles: StatFigure;
  published: StatFigure;
  drafts: StatFigure;
  /** null: the server records no page views, so the card says so. */
  viewsToday: StatFigure | null;
}

export interface StatCardsProps {
  /** Absent while loading. */
  stats?: DashboardStats;
  loading?: boolean;
}

/** Total Articles, Published, Drafts and Views Today. */
export function StatCards({ stats, loading = false }: StatCardsProps) {
  const pending = loading || !stats;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
      <StatCard
        label={dashboardTexts.totalArticles}
        icon={LuFileText}
        loading={pending}
        value={stats?.totalArticles.value}
        change={stats?.totalArticles.change}
      />
      <StatCard
        label={dashboardTexts.published}
        icon={LuCircleCheck}
        loading={pending}
        value={stats?.published.value}
        change={stats?.published.change}
      />
      <StatCard
        label={dashboardTexts.drafts}
        icon={LuSquarePen}
        loading={pending}
        value={stats?.drafts.value}
        change={stats?.drafts.change}
      />
      <StatCard
        label={dashboardTexts.viewsToday}
        icon={LuEye}
        loading={pending}
        notTracked={stats?.viewsToday === null}
        value={stats?.viewsToday?.value}
        // Views have no "articles the week before": with nothing to compare, no line at all.
        change={stats?.viewsToday?.change ?? undefined}
      />
    </SimpleGrid>
  );
}
