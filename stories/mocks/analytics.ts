/**
 * MSW handlers for the Analytics screen (GET /api/analytics?days=30|90), answering with the
 * sample figures (fixtures/analytics.ts).
 */
import { delay, http, HttpResponse } from 'msw';
import { ANALYTICS_PERIODS, type Analytics } from '../../src/contract';
import { emptyAnalytics, sampleAnalytics } from '../fixtures/analytics';
import { errorResponse } from './errors';

/** The period asked for, or the server's 400 for any other. */
function period(request: Request): number | Response {
  const asked = new URL(request.url).searchParams.get('days') ?? '30';
  const days = Number(asked);
  if (!(ANALYTICS_PERIODS as readonly number[]).includes(days)) {
    return errorResponse('validation_failed', 'Invalid querystring field "days": Choose 30 or 90 days');
  }
  return days;
}

const ANALYTICS = '*/api/analytics';

export const analyticsHandlers = {
  /** The figures `build` makes for the period asked for (the sample by default). */
  api: (build: (days: number) => Analytics = sampleAnalytics) => [
    http.get(ANALYTICS, ({ request }) => {
      const days = period(request);
      return typeof days === 'number' ? HttpResponse.json(build(days)) : days;
    }),
  ],
  /** Nothing happened in either period, and the library is empty. */
  empty: () => analyticsHandlers.api(emptyAnalytics),
  /** The answer never comes: the screen stays loading. */
  loading: () => [http.get(ANALYTICS, () => delay('infinite'))],
  failing: () => [http.get(ANALYTICS, () => errorResponse('database_unavailable'))],
  /** Fails `times` times, then answers with the sample (a Retry that works). */
  failingThenOk: (times = 1) => {
    let failures = 0;
    return [
      http.get(ANALYTICS, ({ request }) => {
        if (failures < times) {
          failures += 1;
          return errorResponse('database_unavailable');
        }
        const days = period(request);
        return typeof days === 'number' ? HttpResponse.json(sampleAnalytics(days)) : days;
      }),
    ];
  },
};
