/**
 * Sources in the real console against `npm start`: a fixture site (served here on 127.0.0.1,
 * which the server may fetch through SCRAPE_ALLOW_CIDRS) whose home page names its feed. Added
 * from the Sources screen, its feed is found; a poll makes three drafts with their provenance;
 * a second poll is answered 304 and makes none. Then the source corrects a story: its article's
 * Source card checks the page, shows the change and merges it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, apiAs, signIn } from './support';

let site: http.Server;
let siteUrl = '';
/**
 * The server's requests to the site, by path (a 304 marked): those with the product's user agent.
 * The browser's own (the article page's website preview frames the scraped page) are not the server's.
 */
const asked: string[] = [];
let api: APIRequestContext;

/** Stories the source has corrected since, by number: a paragraph says so. */
const corrected = new Set<number>();
/** Three stories of the site, each its own text (alike ones would be skipped as near-copies). */
const STORIES = [
  {
    title: 'Ferry returns to the harbour',
    text: [
      'The old ferry came back into service on Monday after a winter in dry dock, its hull repainted and its engines rebuilt by the yard at the river mouth.',
      'Passengers queued along the quay before dawn, and the first crossing left eleven minutes late because the gangway had to be refitted.',
    ],
  },
  {
    title: 'The tide tables change',
    text: [
      'From next month the council publishes the tide tables every week instead of every season, after fishermen complained that the printed booklets were wrong.',
      "The new tables come from the national survey's model, which the harbour office checks against its own gauge at the lifeboat station.",
    ],
  },
  {
    title: 'A new rota at the lighthouse',
    text: [
      'The three lighthouse keepers now work four nights on and four off, a rota they drew up themselves after the lamp was automated last year.',
      'Visitors may climb the tower on Saturdays again, guided by the keeper who is off duty that week, the trust that owns the light said.',
    ],
  },
];
const TITLES = STORIES.map((s) => s.title);
const story = (n: number) => {
  const { title, text } = STORIES[n - 1]!;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><article><h1>${title}</h1>
  ${text.map((p) => `<p>${p}</p>`).join('\n  ')}
  ${corrected.has(n) ? '<p>Correction: the dredging was moved to the spring, the harbour master said on Friday afternoon.</p>' : ''}</article></body></html>`;
};

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  site = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const etag = '"harbour-feed-1"';
    const byServer = (req.headers['user-agent'] ?? '').startsWith('ScrapedArticlesAdmin/');
    if (path === '/feed.xml' && req.headers['if-none-match'] === etag) {
      if (byServer) asked.push(`${path} 304`);
      return res.writeHead(304, { etag }).end();
    }
    if (byServer) asked.push(path);
    const send = (type: string, body: string, headers: Record<string, string> = {}) => res.writeHead(200, { 'content-type': type, ...headers }).end(body);
    if (path === '/robots.txt') return send('text/plain', 'User-agent: *\nAllow: /\n');
    if (path === '/') {
      return send('text/html', `<!doctype html><html><head><title>Harbour Town</title><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head><body>Home</body></html>`);
    }
    if (path === '/feed.xml') {
      const items = TITLES.map((title, i) => `<item><title>${title}</title><link>${siteUrl}/news/${i + 1}</link><guid>harbour-${i + 1}</guid></item>`).join('');
      return send('application/rss+xml', `<?xml version="1.0"?><rss version="2.0"><channel><title>Harbour Town News</title>${items}</channel></rss>`, { etag });
    }
    const news = /^\/news\/(\d)$/.exec(path);
    if (news) return send('text/html; charset=utf-8', story(Number(news[1])));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await api.dispose();
});

test('add a site, see its feed found, poll: three drafts with their provenance; poll again: 304, no new draft; a corrected story checked and merged', async ({ page }) => {
  await signIn(page, '/');
  await page.getByRole('navigation').getByRole('link', { name: 'Sources', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sources', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Address', exact: true }).fill(`${siteUrl}/`);
  await page.getByRole('button', { name: 'Add source' }).click();
  const feedUrl = `${siteUrl}/feed.xml`;
  await expect(page.getByText(`Following ${feedUrl}. Its first poll comes within a minute, or use Poll now.`)).toBeVisible();
  const card = page.getByRole('listitem', { name: 'Harbour Town News' });
  await expect(card.getByText('Following', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: `Poll now ${feedUrl}` }).click();
  await expect(card.getByText('Polled: 3 new entries, 3 drafts made, 0 skipped, 0 refused, 0 failed.')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('3 entries found: 3 drafts made, 0 skipped, 0 refused, 0 failed')).toBeVisible();

  await card.getByRole('button', { name: `Entries of ${feedUrl}` }).click();
  const dialog = page.getByRole('dialog', { name: `Entries of ${feedUrl}` });
  await expect(dialog.getByText('Draft made')).toHaveCount(3);
  const first = dialog.getByRole('listitem', { name: TITLES[0]! });
  await first.getByRole('link', { name: 'Open the draft' }).click();
  await expect(page).toHaveURL(/\/articles\/[0-9a-z]+$/);
  const id = page.url().split('/').pop()!;
  const { data: article } = (await (await api.get(`/api/articles/${id}`)).json()) as {
    data: { status: string; scrapedUrl: string; sourceId: string; provenance: Record<string, unknown> };
  };
  expect(article.status).toBe('draft');
  expect(article.scrapedUrl).toBe(`${siteUrl}/news/1`);
  expect(article.provenance).toMatchObject({ sourceId: article.sourceId, url: `${siteUrl}/news/1`, finalUrl: `${siteUrl}/news/1`, httpStatus: 200, robots: 'allowed' });

  // Polled again: the feed is asked with its ETag and answers 304; nothing else is fetched.
  asked.length = 0;
  await page.goto('/sources');
  const again = page.getByRole('listitem', { name: 'Harbour Town News' });
  await again.getByRole('button', { name: `Poll now ${feedUrl}` }).click();
  await expect(again.getByText('Nothing new: the source answered "not modified".')).toBeVisible({ timeout: 60_000 });
  await expect(again.getByText('1 poll answered "not modified"', { exact: false })).toBeVisible();
  expect(asked).toEqual(['/feed.xml 304']);
  const { data: sources } = (await (await api.get('/api/sources')).json()) as { data: { id: string; counts: { created: number } }[] };
  expect(sources.find((s) => s.id === article.sourceId)!.counts.created).toBe(3);

  // The source corrects the first story: its article's Source card finds the change and merges it.
  corrected.add(1);
  await page.goto(`/articles/${id}`);
  const source = page.getByRole('region', { name: 'Source', exact: true });
  await expect(source.getByText('Allowed by robots.txt')).toBeVisible();
  await source.getByRole('button', { name: 'Check the source' }).click();
  await expect(source.getByText('The source changed: see below.')).toBeVisible({ timeout: 60_000 });
  const change = source.getByRole('region', { name: 'Source changed' });
  await expect(change.getByText('1 change of the source\'s will be applied where you did not edit; no conflicts.')).toBeVisible();
  await change.getByRole('button', { name: 'Merge' }).click();
  await expect(source.getByText("Merged: the source's changes are in the blog HTML. A new revision was saved.")).toBeVisible();
  await expect(change).toBeHidden();
  const { data: merged } = (await (await api.get(`/api/articles/${id}`)).json()) as { data: { blogData: string; sourceChanged: boolean } };
  expect(merged.blogData).toContain('the dredging was moved to the spring');
  expect(merged.sourceChanged).toBe(false);
});
