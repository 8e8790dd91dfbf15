/** The Analytics screen's figures: one read per period (GET /analytics?days=30|90). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_PERIODS } from '../contract';
import { api } from './client';

export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 30;

/** A period from the URL (`?days=90`); anything else is the default, 30 days. */
export function analyticsPeriod(value: string | null | undefined): AnalyticsPeriod {
  const days = Number(value);
  return ANALYTICS_PERIODS.find((period) => period === days) ?? DEFAULT_ANALYTICS_PERIOD;
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  period: (days: AnalyticsPeriod) => [...analyticsKeys.all, days] as const,
};

export function fetchAnalytics(days: AnalyticsPeriod, signal?: AbortSignal) {
  return api(`/analytics?days=${days}`, { schema: (s) => s.analyticsSchema, signal });
}

/**
 * The figures of the last `days` UTC days. Views are written every 5 seconds and the days move
 * slowly: a minute's staleness spares a refetch each time the admin switches periods.
 */
export const analyticsQuery = (days: AnalyticsPeriod) =>
  queryOptions({
    queryKey: analyticsKeys.period(days),
    queryFn: ({ signal }) => fetchAnalytics(days, signal),
    staleTime: 60_000,
  });

export function useAnalytics(days: AnalyticsPeriod) {
  return useQuery(analyticsQuery(days));
}
