/**
 * Nothing is lost, against the real server: an article scraped, edited three times and scraped
 * again keeps every version; the first is compared with the latest side by side and restored,
 * the four later revisions still listed. A replaced file's previous bytes come back.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, apiAs, pdfBytes, signIn, chooseFromMenu } from './support';

test.describe.configure({ mode: 'serial' });
// A scrape (worker start-up included) and a dozen steps in the console.
test.setTimeout(180_000);

let api: APIRequestContext;
let site: http.Server;
let siteUrl = '';
let sourceVersion = 1;

const paragraph = (n: number) =>
  `<p>Paragraph ${n} about the harbour: the boats, the nets and the weather over the bay, long enough to be read.</p>`;

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  site = http.createServer((req, res) => {
    if (req.url !== '/harbour') return res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html><head><title>The harbour at dawn</title></head><body><article><h1>The harbour at dawn</h1>
       <p>Edition ${sourceVersion} of the harbour story.</p>${paragraph(1)}${paragraph(2)}${paragraph(3)}</article></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await api.dispose();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

const htmlCard = (page: Page) => page.getByRole('region', { name: 'Live HTML Editor & Preview' });
const history = (page: Page) => page.getByRole('region', { name: 'History' });
const revisions = (page: Page) => history(page).getByRole('list', { name: 'Revisions' }).getByRole('listitem');

/** Types at the end of the blog HTML and saves, as an admin would. */
async function editAndSave(page: Page, text: string) {
  await htmlCard(page).getByRole('textbox', { name: 'Blog HTML' }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
  await htmlCard(page).getByRole('button', { name: 'Save' }).click();
  await expect(htmlCard(page).getByText('Unsaved changes')).toBeHidden();
}

test('edit three times, re-scrape, compare the first and the latest, restore the first: the later revisions stay', async ({ page }) => {
  sourceVersion = 1;
  const scraped = await api.post('/api/articles/scrape', { data: { url: `${siteUrl}/harbour` } });
  expect(scraped.status()).toBe(201);
  const { data: article } = (await scraped.json()) as { data: { id: string; blogData: string } };
  const firstHtml = article.blogData;

  await signIn(page, `/articles/${article.id}`);
  await expect(revisions(page)).toHaveCount(1);
  for (const [i, words] of [' First edit.', ' Second edit.', ' Third edit.'].entries()) {
    await editAndSave(page, words);
    await expect(revisions(page)).toHaveCount(i + 2);
  }

  sourceVersion = 2;
  await page.getByRole('button', { name: 'Re-scrape' }).click();
  const rescrape = page.getByRole('dialog', { name: 'Re-scrape article' });
  await expect(rescrape.getByText('the current one stays in the history')).toBeVisible();
  await rescrape.getByText(/Also replace the blog HTML/).click();
  await expect(rescrape.getByRole('checkbox', { name: /Also replace the blog HTML/ })).toBeChecked();
  await rescrape.getByRole('button', { name: 'Re-scrape' }).click();
  await expect(rescrape.getByText('The article was scraped again from its source page.')).toBeVisible({ timeout: 60_000 });
  await rescrape.getByRole('button', { name: 'Close' }).first().click();
  await expect(revisions(page)).toHaveCount(5);
  await expect(revisions(page).first()).toContainText('Re-scraped');

  // The first and the latest, side by side.
  // Ticked from the keyboard, as the list allows.
  for (const n of [1, 5]) {
    const tick = history(page).getByRole('checkbox', { name: `Select revision ${n} to compare` });
    await tick.focus();
    await page.keyboard.press('Space');
    await expect(tick).toBeChecked();
  }
  await history(page).getByRole('button', { name: 'Compare selected' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare versions' });
  const left = compare.getByRole('region', { name: 'Revision 1: Scraped' });
  const right = compare.getByRole('region', { name: 'Current version' });
  // Word by word: the source's edition number is what changed between them.
  await expect(left).toContainText('Edition 1 of the harbour story.');
  await expect(right).toContainText('Edition 2 of the harbour story.');
  await expect(left.getByRole('deletion').filter({ hasText: /^1$/ })).toBeVisible();
  await expect(right.getByRole('insertion').filter({ hasText: /^2$/ })).toBeVisible();
  await compare.getByRole('tab', { name: 'Preview' }).click();
  await expect(compare.getByTitle('Preview of Revision 1: Scraped')).toHaveAttribute('srcdoc', firstHtml);
  await compare.getByRole('button', { name: 'Close' }).click();
  await expect(compare).toBeHidden();

  // Restore the first: it is the article again, live, and every later revision is still there.
  const first = revisions(page).filter({ has: page.getByText('Revision 1', { exact: true }) });
  const confirm = page.getByRole('alertdialog', { name: 'Restore revision 1?' });
  // Once the list has stopped refreshing (it says so with aria-busy): a menu opened while it is
  // fetched again could lose its choice.
  await expect(history(page).getByRole('list', { name: 'Revisions' })).toHaveAttribute('aria-busy', 'false');
  await chooseFromMenu(page, 'Actions for revision 1', 'Restore this version', first);
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(/The current version stays in the history/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Restore this version' }).click();
  await expect(history(page).getByText('Revision 1 restored. The version before it is kept in the history.')).toBeVisible();
  await expect(revisions(page)).toHaveCount(6);
  await expect(revisions(page).first()).toContainText('Restored revision 1');
  for (const n of [2, 3, 4, 5]) await expect(history(page).getByText(`Revision ${n}`, { exact: true })).toBeVisible();
  await expect(htmlCard(page).getByRole('textbox', { name: 'Blog HTML' })).toContainText('Edition 1 of the harbour story.');
  const stored = (await (await api.get(`/api/articles/${article.id}`)).json()) as { data: { blogData: string } };
  expect(stored.data.blogData).toBe(firstHtml);
  // Live: the public API shows it once published.
  const status = page.getByRole('switch', { name: 'Draft' });
  await status.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Article successfully published')).toBeVisible();
  const slug = ((await (await api.get(`/api/articles/${article.id}`)).json()) as { data: { slug: string } }).data.slug;
  const live = (await (await api.get(`/api/public/articles/${slug}`)).json()) as { data: { blogData: string } };
  expect(live.data.blogData).toBe(firstHtml);
  // The other flows count what they see: this one leaves nothing behind.
  expect((await api.delete(`/api/articles/${article.id}`)).status()).toBe(204);
  expect((await api.delete(`/api/articles/${article.id}/forever`)).status()).toBe(204);
});

test('replace a file, then restore its previous bytes from Versions…', async ({ page }) => {
  // Bytes no other test stores (the library keeps bytes once).
  const pngBytes = await sharp({ create: { width: 21, height: 13, channels: 3, background: '#7a3e9d' } }).png().toBuffer();
  const uploaded = await api.post('/api/files', {
    multipart: { file: { name: 'e2e-history-logo.png', mimeType: 'image/png', buffer: pngBytes } },
  });
  expect([200, 201]).toContain(uploaded.status());
  const { file } = (await uploaded.json()) as { file: { id: string; url: string } };
  // A PDF no other test stores (the library keeps bytes once).
  const pdf = Buffer.concat([pdfBytes, Buffer.from('% e2e history\n')]);

  await signIn(page, '/file-manager');
  await chooseFromMenu(page, 'Actions for e2e-history-logo.png', 'Replace…');
  await page.getByLabel('Replacement for e2e-history-logo.png').setInputFiles({ name: 'e2e-history-logo.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByRole('button', { name: 'Actions for e2e-history-logo.pdf' })).toBeVisible();

  await chooseFromMenu(page, 'Actions for e2e-history-logo.pdf', 'Versions…');
  const dialog = page.getByRole('dialog', { name: 'Earlier versions of e2e-history-logo.pdf' });
  const version = dialog.getByRole('listitem', { name: 'Version 1' });
  await expect(version).toContainText('e2e-history-logo.png');
  await version.getByRole('button', { name: 'Restore' }).click();
  await dialog.getByRole('group', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByText('Earlier version restored')).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: 'Version 2' })).toContainText('e2e-history-logo.pdf');

  const content = await api.get(file.url);
  expect(content.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await content.body()).equals(pngBytes)).toBe(true);
  expect((await api.delete(`/api/files/${file.id}`)).status()).toBe(200);
  expect((await api.delete(`/api/files/${file.id}/forever`)).status()).toBe(200);
});
