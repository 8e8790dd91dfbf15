import { SimpleGrid } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
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
  /** Public reads today, change against yesterday; null: the server records no views, so the card says so. */
  viewsToday: StatFigure | null;
}

export interface StatCardsProps {
  /** Absent while loading. */
  stats?: DashboardStats;
  loading?: boolean;
}

interface CardSpec {
  label: string;
  icon: IconType;
  figure: (stats: DashboardStats) => StatFigure | null;
  /** Views have no "articles the week before": with nothing to compare, no change line at all. */
  lineOnlyWithChange?: boolean;
  /** What the change is against. */
  changeSuffix?: string;
}

const CARDS: CardSpec[] = [
  { label: dashboardTexts.totalArticles, icon: LuFileText, figure: (s) => s.totalArticles },
  { label: dashboardTexts.published, icon: LuCircleCheck, figure: (s) => s.published },
  { label: dashboardTexts.drafts, icon: LuSquarePen, figure: (s) => s.drafts },
  {
    label: dashboardTexts.viewsToday,
    icon: LuEye,
    figure: (s) => s.viewsToday,
    lineOnlyWithChange: true,
    changeSuffix: dashboardTexts.fromYesterday,
  },
];

/** Total Articles, Published, Drafts and Views Today. */
export function StatCards({ stats, loading = false }: StatCardsProps) {
  const pending = loading || !stats;
  return (
    <SimpleGrid columns={{ base: 2, xl: 4 }} gap="4">
      {CARDS.map(({ label, icon, figure, lineOnlyWithChange, changeSuffix }) => {
        const shown = stats ? figure(stats) : undefined;
        return (
          <StatCard
            key={label}
            label={label}
            icon={icon}
            loading={pending}
            // null: the server records no such figure (only views), so the card says so.
            notTracked={shown === null}
            value={shown?.value}
            change={lineOnlyWithChange ? (shown?.change ?? undefined) : shown?.change}
            {...(changeSuffix ? { changeSuffix } : {})}
          />
        );
      })}
    </SimpleGrid>
  );
}
