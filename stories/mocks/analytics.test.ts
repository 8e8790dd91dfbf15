// The Analytics screen's MSW handlers answer as the server does (src/contract analyticsSchema,
// server/routes/analytics.ts): every UTC day of the period once, oldest first.
import { describe, expect, it } from 'vitest';
import { analyticsSchema, apiErrorSchema } from '../../src/contract';
import { ANALYTICS_END_DAY, analyticsDays } from '../fixtures';
import { analyticsHandlers } from './index';
import { testServer } from './testServer';

const server = testServer();
const base = 'http://localhost';

const get = (query: string) => fetch(`${base}/api/analytics${query}`);

describe('analytics handlers', () => {
  it('answer each period in the contract shape, every day once, oldest first', async () => {
    server.use(...analyticsHandlers.api());
    for (const days of [30, 90]) {
      const answer = analyticsSchema.parse(await (await get(`?days=${days}`)).json());
      expect(answer.days).toBe(days);
      const list = analyticsDays(days);
      expect(list).toHaveLength(days);
      expect(list.at(-1)).toBe(ANALYTICS_END_DAY);
      expect(new Set(list).size).toBe(days);
      expect(answer.articles.map((d) => d.day)).toEqual(list);
      expect(answer.views.map((d) => d.day)).toEqual(list);
      expect(answer.storage.map((d) => d.day)).toEqual(list);
      // The library only grows here (files held now, by upload date), as the server counts it.
      for (let i = 1; i < days; i++) {
        expect(answer.storage[i]!.images).toBeGreaterThanOrEqual(answer.storage[i - 1]!.images);
        expect(answer.storage[i]!.pdfs).toBeGreaterThanOrEqual(answer.storage[i - 1]!.pdfs);
      }
      expect(answer.topArticles.length).toBeLessThanOrEqual(10);
    }
    // No period asked for: 30 days, as the server's default.
    expect(analyticsSchema.parse(await (await get('')).json()).days).toBe(30);
  });

  it('make the 30 days the last 30 of the 90', async () => {
    server.use(...analyticsHandlers.api());
    const thirty = analyticsSchema.parse(await (await get('?days=30')).json());
    const ninety = analyticsSchema.parse(await (await get('?days=90')).json());
    expect(ninety.views.slice(60)).toEqual(thirty.views);
    expect(ninety.articles.slice(60)).toEqual(thirty.articles);
  });

  it('refuse another period, fail, and fail once then answer, as the server does', async () => {
    server.use(...analyticsHandlers.api());
    const refused = await get('?days=7');
    expect(refused.status).toBe(400);
    expect(apiErrorSchema.parse(await refused.json()).code).toBe('validation_failed');

    server.use(...analyticsHandlers.failing());
    const failed = await get('?days=30');
    expect(failed.status).toBe(503);
    expect(apiErrorSchema.parse(await failed.json()).code).toBe('database_unavailable');

    server.resetHandlers(...analyticsHandlers.failingThenOk());
    expect((await get('?days=30')).status).toBe(503);
    expect(analyticsSchema.parse(await (await get('?days=30')).json()).days).toBe(30);
  });

  it('the empty variant has no activity, no sites and no bytes', async () => {
    server.use(...analyticsHandlers.empty());
    const answer = analyticsSchema.parse(await (await get('?days=90')).json());
    expect(answer.views.every((d) => d.views === 0)).toBe(true);
    expect(answer.articles.every((d) => d.created + d.published + d.deleted === 0)).toBe(true);
    expect(answer.topArticles).toEqual([]);
    expect(answer.topSites).toEqual([]);
    expect(answer.storage.every((d) => d.images + d.pdfs === 0)).toBe(true);
  });
});
