import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, apiAs, createArticle, signIn, expectConsoleErrors } from './support';

test.describe.configure({ mode: 'serial' });
// A scrape (worker start-up included), the checks the server runs after it, and a save.
test.setTimeout(180_000);

let api: APIRequestContext;
const run = Date.now().toString(36);
let article: { id: string };

// Within the site (relative): the checks ask no other site for it.
const image = '/images/boats.png';

/** The story a site publishes: its text is already in the library, scraped from another address. */
const story = Array.from(
  { length: 8 },
  (_, i) => `Part ${i + 1} of the harbour story ${run}: the fishing boats came in at dawn, the market opened early, and the buyers argued over the price of herring until noon.`,
);
let site: http.Server;
let siteUrl = '';

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  // The page to scrape: a link that answers 404 and a picture without alt text, as the web has them.
  site = http.createServer((req, res) => {
    if (req.url !== `/harbour-${run}`) return res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html><head><title>Harbour copy ${run}</title></head><body><article><h1>Harbour copy ${run}</h1>
       ${story.map((p) => `<p>${p}</p>`).join('')}<p>More in <a href="${siteUrl}/gone">the archive</a>.</p></article></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // The same story, scraped before from the wire.
  await createArticle(api, {
    title: `Harbour from the wire ${run}`,
    slug: `harbour-wire-${run}`,
    scrapedUrl: `https://wire-${run}.example.org/harbour`,
    scrappedData: story.join(' '),
    blogData: '<p>From the wire.</p>',
  });
  article = await createArticle(api, {
    title: `Boats at dawn ${run}`,
    slug: `boats-at-dawn-${run}`,
    scrapedUrl: `https://harbour-${run}.example.com/boats`,
    scrappedData: 'The boats come in at dawn.',
    blogData: `<h2>Harbour</h2><p>The boats come in at dawn.</p><img src="${image}">`,
  });
});

test.afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await api.delete(`/api/articles/${article.id}`);
  await api.delete(`/api/articles/${article.id}/forever`);
  await api.dispose();
});

const seoCard = (page: Page) => page.getByRole('region', { name: 'SEO and social' });
const checks = (page: Page) => page.getByRole('region', { name: 'Checks before publishing' });
const htmlCard = (page: Page) => page.getByRole('region', { name: 'Live HTML Editor & Preview' });

test('set the meta title and the canonical address from the source; both previews show them and the API keeps them', async ({ page }) => {
  // The article's image has an address relative to its source; the preview resolves it against the console, which does not hand its resources to a sandboxed frame.
  expectConsoleErrors(page, /net::ERR_BLOCKED_BY_RESPONSE\.NotSameOrigin \(.*\/images\/boats\.png\)$/);
  await signIn(page, `/articles/${article.id}`);
  await expect(seoCard(page)).toContainText('None set');
  await seoCard(page).getByRole('button', { name: 'Show the fields' }).click();
  const title = seoCard(page).getByRole('textbox', { name: 'Meta title' });
  await expect(title).toBeFocused();
  await title.fill('Boats at dawn in the old harbour');
  await seoCard(page).getByRole('button', { name: 'Use the source address' }).click();
  await expect(seoCard(page).getByRole('figure', { name: 'In a search result' })).toContainText('Boats at dawn in the old harbour');
  await seoCard(page).getByRole('button', { name: 'Save' }).click();
  await expect(seoCard(page).getByRole('status')).toHaveText('SEO fields saved.');
  const saved = (await (await api.get(`/api/articles/${article.id}`)).json()) as { data: { metaTitle: string; canonicalUrl: string } };
  expect(saved.data).toMatchObject({ metaTitle: 'Boats at dawn in the old harbour', canonicalUrl: `https://harbour-${run}.example.com/boats` });
});

test('the checks the server ran by itself: the image without alt text is to fix, the list needs attention; shown in the editor, given alt text and saved: nothing to fix', async ({ page }) => {
  // The article's image has an address relative to its source; the preview resolves it against the console, which does not hand its resources to a sandboxed frame.
  expectConsoleErrors(page, /net::ERR_BLOCKED_BY_RESPONSE\.NotSameOrigin \(.*\/images\/boats\.png\)$/);
  await signIn(page, `/articles/${article.id}`);
  // Run when the article was created: there on opening.
  await expect(checks(page)).toContainText('1 to fix.');
  const item = checks(page).getByRole('listitem').filter({ hasText: 'This image has no alt text' });
  await expect(item).toContainText(image);
  // Run again on demand: the same.
  await checks(page).getByRole('button', { name: 'Run them again' }).click();
  await expect(checks(page).getByRole('button', { name: 'Run them again' })).toBeEnabled();
  await expect(checks(page)).toContainText('1 to fix.');

  // Its place in the HTML editor: the image's tag, selected.
  await item.getByRole('button', { name: `Show in the HTML: Alt text, ${image}` }).click();
  const editor = htmlCard(page).getByRole('textbox', { name: 'Blog HTML' });
  await expect(editor).toBeFocused();
  expect(await page.evaluate(() => document.getSelection()?.toString())).toBe(`<img src="${image}">`);

  // The list's attention filter holds it.
  await page.goto(`/articles?attention=true&q=${encodeURIComponent(`boats-at-dawn-${run}`)}`);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Needs attention/ })).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();

  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  // Inserted as a paste would be: the editor closes no tag of its own.
  await page.keyboard.insertText(`<h2>Harbour</h2><p>The boats come in at dawn.</p><img src="${image}" alt="Fishing boats at the quay">`);
  await htmlCard(page).getByRole('button', { name: 'Save' }).click();
  await expect(htmlCard(page).getByText('Unsaved changes')).toBeHidden();
  // Run by the server after the save, and read again by the page without asking.
  await expect(checks(page)).toContainText('Nothing to fix.', { timeout: 15_000 });
  await expect(checks(page)).toContainText('The image has alt text.');
  // And it has left the attention filter.
  await page.goto(`/articles?attention=true&q=${encodeURIComponent(`boats-at-dawn-${run}`)}`);
  await expect(page.getByText(`No articles match "boats-at-dawn-${run}"`)).toBeVisible();
});

test('scrape a page that copies a story already in the library: the result and the article say so, and its broken link is to fix', async ({ page }) => {
  await signIn(page, '/articles/new');
  // An address of this run's own: the history spec's site also serves /harbour on 127.0.0.1, and
  // copies are told by address without its port (normalAddress): when that spec ran first, the
  // draft was a copy of its article too.
  await page.getByLabel('Article URLs').fill(`${siteUrl}/harbour-${run}`);
  await page.getByRole('button', { name: 'Scrape Article' }).click();
  // Not opened at once: there is something to say first.
  const copyOf = `Looks like a copy of "Harbour from the wire ${run}"`;
  await expect(page.getByText(copyOf)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Open article' }).click();
  await expect(page).toHaveURL(/\/articles\/[0-9a-z]+$/);
  await expect(page.getByText(copyOf)).toBeVisible();
  await expect(page.getByRole('link', { name: `Harbour from the wire ${run}` })).toBeVisible();
  // The checks the server ran after the scrape: the link that answers 404.
  await expect(checks(page).getByRole('listitem').filter({ hasText: 'It answered with status 404.' })).toContainText(`${siteUrl}/gone`, { timeout: 30_000 });

  // The list's copies filter holds both of the pair, not the article about something else.
  await page.goto(`/articles?q=${run}`);
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByRole('button', { name: 'Looks like a copy' }).click();
  await expect(page).toHaveURL(/[?&]copies=true/);
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').filter({ hasText: `Boats at dawn ${run}` })).toHaveCount(0);
});
