// What the file manager's users asked for, in the real console: bytes uploaded twice are kept once
// (and the console says where they are), Replace… keeps a file's address, a bulk delete goes to the
// trash (Restore, Delete forever), and Copy link puts the file's address on the clipboard.
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, apiAs, signIn, chooseFromMenu } from './support';

let api: APIRequestContext;
let origin: string;
const created = new Set<string>();

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  origin = new URL(baseURL!).origin;
});

// The other suites count what they find: leave the data folder as it was found.
test.afterAll(async () => {
  for (const id of created) {
    await api.delete(`/api/files/${id}`);
    await api.delete(`/api/files/${id}/forever`);
  }
  await api.dispose();
});

/** PNG bytes of this run only: the library answers bytes it already has as a duplicate. */
const uniquePng = (width = 6, height = 4) =>
  sharp({ create: { width, height, channels: 3, background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) } } })
    .png()
    .toBuffer();

/** A one-page PDF of this run only. */
const uniquePdf = () =>
  Buffer.from(
    `%PDF-1.4\n% ${randomInt(1e9)}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

interface StoredFile {
  id: string;
  name: string;
  url: string;
}

async function uploadByApi(name: string, mimeType: string, buffer: Buffer): Promise<StoredFile> {
  const res = await api.post('/api/files', { multipart: { file: { name, mimeType, buffer } } });
  expect(res.status()).toBe(201);
  const { file } = (await res.json()) as { file: StoredFile };
  created.add(file.id);
  return file;
}

/** Narrows the grid to names with `term`, so the counts read are this test's files only. */
async function search(page: Page, term: string) {
  await page.getByLabel('Search files').fill(term);
}

test('uploading bytes already in the library says so, stores nothing, and points at the file', async ({ page }) => {
  const bytes = await uniquePng();
  const original = await uploadByApi('e2e-dup-original.png', 'image/png', bytes);
  await signIn(page, '/file-manager');
  await search(page, 'e2e-dup');
  await expect(page.getByRole('heading', { name: 'Files (1)' })).toBeVisible();

  await page.getByLabel('Files to upload').setInputFiles({ name: 'e2e-dup-copy.png', mimeType: 'image/png', buffer: bytes });
  // Said as the server says it, as news rather than an error.
  await expect(page.getByRole('status').filter({ hasText: 'Already in the library as e2e-dup-original.png' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Already in the library' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Files (1)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for e2e-dup-copy.png' })).toHaveCount(0);
  // The file that has the bytes is pointed out in the grid, and 'Show file' opens it.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Actions for e2e-dup-original.png' }) });
  await expect(card).toHaveAttribute('data-highlighted', '');
  await page.getByRole('button', { name: 'Show file e2e-dup-original.png' }).click();
  await expect(page.getByRole('dialog', { name: 'e2e-dup-original.png' })).toBeVisible();

  const listed = (await (await api.get('/api/files', { params: { search: 'e2e-dup' } })).json()) as { data: StoredFile[]; total: number };
  expect(listed.total).toBe(1);
  expect(listed.data[0]!.id).toBe(original.id);
});

test('Replace… keeps the file’s address and changes its bytes, name and type', async ({ page }) => {
  const file = await uploadByApi('e2e-replace-me.png', 'image/png', await uniquePng(300, 200));
  const pdf = uniquePdf();
  await signIn(page, '/file-manager');
  await search(page, 'e2e-replace');
  await chooseFromMenu(page, 'Actions for e2e-replace-me.png', 'Replace…');
  await page.getByLabel('Replacement for e2e-replace-me.png').setInputFiles({ name: 'e2e-replaced.pdf', mimeType: 'application/pdf', buffer: pdf });

  await expect(page.getByRole('status').filter({ hasText: 'e2e-replaced.pdf replaced' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for e2e-replaced.pdf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for e2e-replace-me.png' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Files (1)' })).toBeVisible();

  // The same address, the new bytes.
  const served = await api.get(file.url);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.compare(await served.body(), pdf)).toBe(0);
  const listed = (await (await api.get('/api/files', { params: { search: 'e2e-replace' } })).json()) as { data: StoredFile[] };
  expect(listed.data.map((f) => [f.id, f.name, f.url])).toEqual([[file.id, 'e2e-replaced.pdf', file.url]]);
});

test('a bulk delete asks, goes to the trash; the trash restores one and deletes the other for good', async ({ page }) => {
  const a = await uploadByApi('e2e-bulk-a.png', 'image/png', await uniquePng());
  const b = await uploadByApi('e2e-bulk-b.pdf', 'application/pdf', uniquePdf());
  await signIn(page, '/file-manager');
  await search(page, 'e2e-bulk');
  await expect(page.getByRole('heading', { name: 'Files (2)' })).toBeVisible();

  // Chakra's checkbox: a visually hidden input under its drawn box, which takes the click (hence force).
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check({ force: true });
  await expect(page.getByText('2 selected')).toBeVisible();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete these 2 files?');
    void dialog.accept();
  });
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Files (0)' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '2 files moved to the trash' })).toBeVisible();
  // In the trash, their addresses answer 404; their bytes are kept.
  expect((await api.get(a.url)).status()).toBe(404);

  await page.getByRole('tab', { name: /^Trash/ }).click();
  await expect(page).toHaveURL(/tab=trash/);
  const rowA = page.getByRole('article', { name: 'e2e-bulk-a.png' });
  const rowB = page.getByRole('article', { name: 'e2e-bulk-b.pdf' });
  await expect(rowA).toBeVisible();
  await expect(rowB).toBeVisible();
  await rowA.getByRole('button', { name: 'Restore' }).click();
  await expect(rowA).toHaveCount(0);
  expect((await api.get(a.url)).status()).toBe(200);

  await rowB.getByRole('button', { name: 'Delete forever' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete forever?' });
  await expect(dialog).toContainText('e2e-bulk-b.pdf');
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  // The dialog stays until the server has answered; while it is open the page behind it is hidden
  // from the accessibility tree, so the row is looked for once it has closed.
  await expect(dialog).toBeHidden();
  await expect(rowB).toHaveCount(0);
  created.delete(b.id);
  const trash = (await (await api.get('/api/files/trash', { params: { limit: 200 } })).json()) as { data: StoredFile[] };
  expect(trash.data.map((f) => f.id)).not.toContain(b.id);
  expect((await api.get(b.url)).status()).toBe(404);

  await page.getByRole('tab', { name: 'Files' }).click();
  await search(page, 'e2e-bulk');
  await expect(page.getByRole('heading', { name: 'Files (1)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for e2e-bulk-a.png' })).toBeVisible();
});

test.describe('with the clipboard allowed', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('Copy link puts the absolute address of the file’s bytes on the clipboard', async ({ page }) => {
    const file = await uploadByApi('e2e-link.png', 'image/png', await uniquePng());
    await signIn(page, '/file-manager');
    await search(page, 'e2e-link');
    await chooseFromMenu(page, 'Actions for e2e-link.png', 'Copy link');
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${origin}/api/files/${file.id}/content`);
    // The link works without a session, as a published page would use it.
    const anonymous = await page.request.fetch(copied, { headers: { cookie: '' } });
    expect(anonymous.status()).toBe(200);
  });
});
