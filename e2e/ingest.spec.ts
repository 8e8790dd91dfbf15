/**
 * Ingest in the real console against `npm start`: several pages of a fixture site (served here
 * on 127.0.0.1, which the server may scrape through SCRAPE_ALLOW_CIDRS) scraped from the New
 * Article screen with per-page results, images brought into the file library, the same page
 * refused the second time, and a re-scrape from the article page.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { test, expect, signIn, expectConsoleErrors } from './support';

let site: http.Server;
let siteUrl = '';
let version = 1;
/** Pictures no other test stores (the library reuses identical bytes). */
let riverPng: Buffer;
let wallPng: Buffer;
let boatsPng: Buffer;

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><nav><a href="/">Home</a></nav>
  <article><h1>${title}</h1>${body}</article><footer>Footer text</footer></body></html>`;
const paragraph = (n: number) =>
  `<p>Paragraph ${n} of a story long enough for the extractor to find it, with plenty of ordinary words in it, about the river, the market and the council.</p>`;

const councilNotes =
  '<p>The council met on Tuesday evening to settle the repairs of the old stone bridge, the opening hours of the library and the winter timetable of the buses.</p>' +
  '<p>Members asked for a survey of the footpaths along the canal before any money is spent, and agreed to publish the minutes within a week of each meeting.</p>';

/**
 * A story with two lazily loaded images (one only in a <noscript>), a caption by its class and a
 * related box; words of its own (the other pages share a sentence: near-copies of each other).
 */
const harbourStory =
  '<p class="byline">By Ana Lima, 12:04 PM</p>' +
  '<p>Masons began rebuilding the harbour wall on Monday, three months after the January storms tore a gap wide enough for a fishing boat through its eastern arm.</p>' +
  '<div class="photo"><img src="data:image/gif;base64,R0lGOD" data-src="/img/wall.png" alt="The wall"><div class="photo-caption">The harbour wall at dawn</div></div>' +
  '<p>Each granite block is numbered before it is lifted, so that the wall goes back as the Victorian engineers laid it, and the quarry near the lighthouse supplies the missing stones.</p>' +
  '<img class="lazy" src="data:image/gif;base64,R0lGOD"><noscript><img src="/img/boats.png" alt="Boats"></noscript>' +
  '<p>Skippers have moored inside the inner basin since the storm, and the harbour master expects the outer berths to reopen before the mackerel season begins in June.</p>' +
  '<div class="related-stories"><h3>Related</h3><ul><li><a href="/a">Ferry timetable changes</a></li><li><a href="/b">A new lighthouse keeper</a></li><li><a href="/c">Fish prices fall</a></li></ul></div>' +
  '<p>The work is paid for by the county and a fund the fishing families raised themselves, selling smoked fish at the Saturday market all through the spring.</p>';

test.beforeAll(async () => {
  riverPng = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#2a6f97' } }).png().toBuffer();
  wallPng = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8a6f47' } }).png().toBuffer();
  boatsPng = await sharp({ create: { width: 36, height: 24, channels: 3, background: '#d64f3a' } }).png().toBuffer();
  site = http.createServer((req, res) => {
    const send = (type: string, body: string | Buffer) => res.writeHead(200, { 'content-type': type }).end(body);
    if (req.url === '/img/river.png') return send('image/png', riverPng);
    if (req.url === '/img/wall.png') return send('image/png', wallPng);
    if (req.url === '/img/boats.png') return send('image/png', boatsPng);
    if (req.url === '/sea-wall') return send('text/html; charset=utf-8', page('The harbour wall', harbourStory));
    if (req.url === '/river') {
      return send('text/html; charset=utf-8', page('The river in winter', `${paragraph(1)}<figure><img data-src="/img/river.png" src="data:image/gif;base64,R0lGOD" alt="The river"><figcaption>The river</figcaption></figure>${paragraph(2)}${paragraph(3)}`));
    }
    if (req.url === '/market') return send('text/html; charset=utf-8', page('Market day', `${paragraph(4)}<ul><li>Apples</li><li>Pears</li></ul>${paragraph(5)}`));
    // Words of its own: the other pages share their paragraphs' sentence, so they look like copies of each other.
    if (req.url === '/council') return send('text/html; charset=utf-8', page('Council notes', `<p>Version ${version} of the notes.</p>${councilNotes}`));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

test('scrape several pages with per-page results, images brought home, then scrape one again', async ({ page: browser }) => {
  // A page of the fixture site fails (502) and one already scraped is refused (409).
  expectConsoleErrors(browser, /status of (502 \(Bad Gateway\)|409 \(Conflict\)) \(.*\/api\/articles\/scrape\)$/);
  await signIn(browser, '/articles/new');
  const urls = browser.getByLabel('Article URLs');
  await urls.fill(`${siteUrl}/river\n${siteUrl}/market\n${siteUrl}/missing`);
  await browser.getByRole('button', { name: 'Scrape 3 Articles' }).click();

  const results = browser.getByRole('list', { name: 'Scraped pages' });
  await expect(browser.getByText('2 created, 1 failed')).toBeVisible({ timeout: 60_000 });
  await expect(results.getByRole('listitem').filter({ hasText: `${siteUrl}/river` })).toContainText('1 image imported');
  await expect(results.getByRole('listitem').filter({ hasText: `${siteUrl}/missing` })).toContainText(
    'Failed: The page answered with status 404',
  );

  // The same page again: refused, pointing at the article made before.
  await urls.fill(`${siteUrl}/river`);
  await browser.getByRole('button', { name: 'Scrape Article' }).click();
  await expect(browser.getByText('This page was already scraped.')).toBeVisible({ timeout: 60_000 });
  await browser.getByRole('link', { name: 'Open article' }).click();
  await expect(browser).toHaveURL(/\/articles\/[0-9a-z]+$/);
  await expect(browser.getByText('The river in winter').first()).toBeVisible();

  // Its picture is in the file library now.
  await browser.goto('/file-manager');
  await expect(browser.getByText('river.png').first()).toBeVisible();
});

test('re-scrape a draft from its page: the raw text follows the source', async ({ page: browser }) => {
  await signIn(browser, '/articles/new');
  version = 1;
  await browser.getByLabel('Article URLs').fill(`${siteUrl}/council`);
  await browser.getByRole('button', { name: 'Scrape Article' }).click();
  await expect(browser).toHaveURL(/\/articles\/[0-9a-z]+$/, { timeout: 60_000 });
  await expect(browser.getByText('Version 1 of the notes.').first()).toBeVisible();

  version = 2;
  await browser.getByRole('button', { name: 'Re-scrape' }).click();
  const dialog = browser.getByRole('dialog', { name: 'Re-scrape article' });
  await dialog.getByRole('button', { name: 'Re-scrape' }).click();
  await expect(dialog.getByText('The article was scraped again from its source page.')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(browser.getByText('Version 2 of the notes.').first()).toBeVisible();
});

test('a page with lazy images, a caption and a related box: the images kept, the caption marked as one, the box gone, the quality shown', async ({
  page: browser,
}) => {
  await signIn(browser, '/articles/new');
  await browser.getByLabel('Article URLs').fill(`${siteUrl}/sea-wall`);
  await browser.getByRole('button', { name: 'Scrape Article' }).click();
  await expect(browser).toHaveURL(/\/articles\/[0-9a-z]+$/, { timeout: 60_000 });
  const source = browser.getByRole('region', { name: 'Source' });
  await expect(source.getByText('Extraction quality')).toBeVisible();
  await expect(source.getByText(/^\d+% \(\d+% prose, \d+% links, [\d,]+ words/)).toBeVisible();
  await expect(source.getByText('Check the extraction')).toBeHidden();

  const id = new URL(browser.url()).pathname.split('/').pop()!;
  const { data } = (await (await browser.request.get(`/api/articles/${id}`)).json()) as {
    data: { blogData: string; scrappedData: string; provenance: { quality: { score: number } } };
  };
  // Both lazy pictures, brought into the file library.
  expect(data.blogData.match(/<img [^>]*src="\/api\/files\/[^"]+\/content"/g)).toHaveLength(2);
  expect(data.blogData).toContain('<figcaption>The harbour wall at dawn</figcaption>');
  // The caption is the picture's, not the story's text; the byline and the related box are gone.
  expect(data.scrappedData).not.toContain('The harbour wall at dawn');
  for (const gone of ['Ferry timetable changes', 'Related', 'By Ana Lima']) {
    expect(data.blogData).not.toContain(gone);
    expect(data.scrappedData).not.toContain(gone);
  }
  expect(data.provenance.quality.score).toBeGreaterThanOrEqual(0.6);
});
