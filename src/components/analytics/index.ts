export { AnalyticsHeader, type AnalyticsHeaderProps } from './AnalyticsHeader';
export { ArticlesPerDayCard, StorageCard, TopSitesCard, ViewsPerDayCard } from './AnalyticsCards';
export { AnalyticsView, type AnalyticsViewProps } from './AnalyticsView';
export { ChartCard, type ChartCardProps, type ChartsState } from './ChartCard';
export { DataTable, type DataTableProps, type DataTableRow } from './DataTable';
export { TopArticlesCard, type TopArticlesCardProps } from './TopArticlesCard';
