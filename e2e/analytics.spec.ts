/**
 * The Analytics screen against the real server: an article is created and published, read
 * through the public API (no session), and once the server has written the views (every 5 s),
 * the screen opened from the dashboard's 'Analytics' quick action shows them.
 */
import { request, type APIRequestContext } from '@playwright/test';
import { test, expect, apiAs, createArticle, signIn } from './support';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let articleId = '';
const slug = `analytics-e2e-${Date.now().toString(36)}`;
const title = 'Analytics e2e: an article read three times';
const READS = 3;

interface AnalyticsAnswer {
  views: { day: string; views: number }[];
  topArticles: { id: string; title: string | null; slug: string | null; views: number }[];
}

const analytics = async (days: 30 | 90) => (await (await api.get(`/api/analytics?days=${days}`)).json()) as AnalyticsAnswer;

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  const article = await createArticle(api, { title, slug, blogData: '<p>Read me</p>', scrappedData: 'Read me' });
  articleId = article.id;
  expect((await api.patch(`/api/articles/${articleId}/publish`)).ok()).toBe(true);

  // A reader of the site: no session, no cookie.
  const reader = await request.newContext({ baseURL });
  for (let i = 0; i < READS; i++) {
    const read = await reader.get(`/api/public/articles/${slug}`);
    expect(read.status()).toBe(200);
  }
  await reader.dispose();

  // Views are counted in memory and written every 5 seconds: wait until the server says so.
  await expect
    .poll(async () => (await analytics(30)).topArticles.find((a) => a.id === articleId)?.views ?? 0, {
      timeout: 20_000,
      intervals: [1_000],
    })
    .toBe(READS);
});

// The other suites count what they see: out of the list and out of the trash.
test.afterAll(async () => {
  await api.delete(`/api/articles/${articleId}`);
  await api.delete(`/api/articles/${articleId}/forever`);
  await api.dispose();
});

/** A UTC day of the answer as the screen's tables write it: "Nov 24, 2026". */
const tableDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('the Analytics quick action opens the views and the most read articles; 90 days go in the URL', async ({ page }) => {
  const answer = await analytics(30);
  const today = answer.views.at(-1)!;
  const total = answer.views.reduce((sum, d) => sum + d.views, 0);
  expect(today.views).toBeGreaterThanOrEqual(READS);

  await signIn(page, '/');
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();

  // The chart is named by its figures; its table has today's views and the total.
  const views = page.getByRole('region', { name: 'Views per day' });
  await expect(views.getByRole('application', { name: `Views per day, last 30 days: ${total.toLocaleString('en-US')} in total` })).toBeVisible();
  await views.getByRole('button', { name: 'Show table' }).click();
  const table = views.getByRole('table', { name: 'Views per day, last 30 days' });
  const todayRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: tableDay(today.day) }) });
  await expect(todayRow.getByRole('cell')).toHaveText(today.views.toLocaleString('en-US'));
  await expect(table.getByRole('row').last()).toHaveText(`Total${total.toLocaleString('en-US')}`);

  // The most read list names the article and links to it.
  const mostRead = page.getByRole('region', { name: 'Most read articles' });
  const item = mostRead.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText(`${READS} views`);
  await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', `/articles/${articleId}`);

  // 90 days: kept in the URL, the figures of the 90 days.
  const ninety = await analytics(90);
  const ninetyTotal = ninety.views.reduce((sum, d) => sum + d.views, 0);
  await page.getByRole('radiogroup', { name: 'Period' }).getByText('Last 90 days', { exact: true }).click();
  await expect(page).toHaveURL(/\/analytics\?days=90$/);
  // The table stays shown across the switch, now with the 90 days.
  const ninetyTable = views.getByRole('table', { name: 'Views per day, last 90 days' });
  await expect(ninetyTable.getByRole('row')).toHaveCount(92);
  await expect(ninetyTable.getByRole('row').last()).toHaveText(`Total${ninetyTotal.toLocaleString('en-US')}`);
  await expect(views.getByText(`${ninetyTotal.toLocaleString('en-US')} in total`)).toBeVisible();
  await expect(mostRead.getByRole('link', { name: title })).toBeVisible();

  // A reload keeps the period.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Last 90 days' })).toBeChecked();

  // The article opens from the list.
  await mostRead.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/articles/${articleId}$`));
});
