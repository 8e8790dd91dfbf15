// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleAnalytics } from '../../stories/fixtures';
import { analyticsHandlers } from '../../stories/mocks';
import { analyticsKeys, analyticsPeriod, analyticsQuery, fetchAnalytics } from './analytics';
import { ApiError } from './client';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the analytics period', () => {
  it('reads 30 or 90 from the URL and falls back to 30 for anything else', () => {
    expect(analyticsPeriod('90')).toBe(90);
    expect(analyticsPeriod('30')).toBe(30);
    for (const other of [null, undefined, '', '7', '90x', '-90', '365']) expect(analyticsPeriod(other)).toBe(30);
  });

  it('keys each period apart, under one key for the screen', () => {
    expect(analyticsQuery(30).queryKey).toEqual(analyticsKeys.period(30));
    expect(analyticsQuery(90).queryKey).not.toEqual(analyticsQuery(30).queryKey);
    expect(analyticsKeys.period(90).slice(0, 1)).toEqual(analyticsKeys.all);
  });
});

describe('fetchAnalytics', () => {
  it('asks for the period and hands over the checked answer', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/analytics', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(sampleAnalytics(90));
      }),
    );
    const answer = await fetchAnalytics(90);
    expect(asked).toEqual(['?days=90']);
    expect(answer.views).toHaveLength(90);
    expect(answer).toEqual(sampleAnalytics(90));
  });

  it('refuses an answer that does not follow the contract', async () => {
    server.use(http.get('*/api/analytics', () => HttpResponse.json({ days: 30, views: 'many' })));
    await expect(fetchAnalytics(30)).rejects.toMatchObject({ code: 'bad_response' });
  });

  it("passes the server's error on", async () => {
    server.use(...analyticsHandlers.failing());
    const error = await fetchAnalytics(30).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'database_unavailable' });
  });
});
