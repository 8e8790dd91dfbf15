// The media library in the real console and server: a photo given alt text and a focal point in
// its Details… dialog; its crops centred there; taken into an article with its alt text; a published article's HTML giving it srcset,
// sizes, width and height; a WebP to a browser that takes one; where the photo is used, and its
// delete refused in the article's name until confirmed.
import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, apiAs, signIn, chooseFromMenu, searchFiles, createArticle, expectConsoleErrors } from './support';

let api: APIRequestContext;
const files = new Set<string>();
const articles = new Set<string>();
const folders = new Set<string>();

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
});

// The other suites count what they find: leave the data folder as it was found.
test.afterAll(async () => {
  for (const id of articles) {
    await api.delete(`/api/articles/${id}`);
    await api.delete(`/api/articles/${id}/forever`);
  }
  for (const id of files) {
    await api.delete(`/api/files/${id}`);
    await api.delete(`/api/files/${id}/forever`);
  }
  // Innermost first: a folder goes once it holds nothing.
  for (const id of [...folders].reverse()) await api.delete(`/api/folders/${id}?moveTo=root`);
  await api.dispose();
});

/**
 * A 1200 × 800 photo of this call only: red on its left half, blue on its right, and a corner of
 * noise, so no two calls give the same bytes (the library would answer the same bytes with the
 * file that has them).
 */
const halves = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 250, g: randomInt(40), b: randomInt(40) } } })
    .composite([
      { input: { create: { width: 600, height: 800, channels: 3, background: '#0000ff' } }, left: 600, top: 0 },
      { input: randomBytes(16 * 16 * 3), raw: { width: 16, height: 16, channels: 3 }, left: 0, top: 0 },
    ])
    .jpeg()
    .toBuffer();

test('a photo described in its Details…, cropped around its focal point, and served responsive in a published article', async ({ page, baseURL }) => {
  const name = `e2e-media-${randomInt(1e9)}.jpg`;
  const upload = await api.post('/api/files', { multipart: { file: { name, mimeType: 'image/jpeg', buffer: await halves() } } });
  expect(upload.status()).toBe(201);
  const { file } = (await upload.json()) as { file: { id: string; url: string; width: number; height: number } };
  files.add(file.id);
  expect([file.width, file.height]).toEqual([1200, 800]);

  await signIn(page, '/file-manager');
  await searchFiles(page, name);
  await chooseFromMenu(page, `Actions for ${name}`, 'Details…');
  const dialog = page.getByRole('dialog', { name: `Details of ${name}` });
  await expect(dialog.getByText('No alt text yet', { exact: false })).toBeVisible();
  await dialog.getByLabel('Alt text').fill('Two halves: red and blue');
  await dialog.getByLabel('Across (%)').fill('90');
  await dialog.getByLabel('Down (%)').fill('50');
  await expect(dialog.getByRole('status')).toHaveText('Focal point at 90% across, 50% down');
  await dialog.getByRole('button', { name: 'Save details' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('File details saved')).toBeVisible();

  const listed = (await (await api.get(`/api/files?search=${encodeURIComponent(name)}`)).json()) as { data: { alt: string; focalPoint: unknown }[] };
  expect(listed.data[0]).toMatchObject({ alt: 'Two halves: red and blue', focalPoint: { x: 0.9, y: 0.5 } });

  // A square crop keeps the focal point (the blue half) in frame.
  const crop = await api.get(`${file.url}?w=320&h=320&fit=cover&format=png`);
  const { data, info } = await sharp(await crop.body()).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([320, 320]);
  const middle = (160 * 320 + 160) * info.channels;
  expect(data[middle + 2]!).toBeGreaterThan(data[middle]!);

  const slug = `e2e-media-${randomInt(1e9)}`;
  const article = await createArticle(api, { title: slug, slug, blogData: '<p>The harbour.</p>' });
  articles.add(article.id);
  // Taken into the article from the library, in the HTML editor: it brings its alt text.
  await page.goto(`/articles/${article.id}`);
  const card = page.getByRole('region', { name: 'Live HTML Editor & Preview' });
  await card.getByRole('textbox', { name: 'Blog HTML' }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await card.getByRole('button', { name: 'Insert image…' }).click();
  const picker = page.getByRole('dialog', { name: 'Insert an image from the file library' });
  await picker.getByLabel('Search images by name').fill(name);
  await expect(picker.getByText('Alt text: Two halves: red and blue')).toBeVisible();
  await picker.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(picker).toBeHidden();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Unsaved changes')).toBeHidden();
  const saved = (await (await api.get(`/api/articles/${article.id}`)).json()) as { data: { blogData: string } };
  expect(saved.data.blogData).toBe(`<p>The harbour.</p><img src="${file.url}" alt="Two halves: red and blue">`);
  expect((await api.patch(`/api/articles/${article.id}/publish`)).status()).toBe(200);
  const shown = (await (await page.request.get(`/api/public/articles/${slug}`)).json()) as { data: { blogData: string } };
  expect(shown.data.blogData).toContain(`srcset="${file.url}?w=160&amp;format=auto 160w,`);
  expect(shown.data.blogData).toContain('width="1200" height="800"');

  // The browser itself, shown that HTML: it picks a candidate and is answered in a format it takes.
  const served: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes(`/api/files/${file.id}/content?w=`)) served.push(response.headers()['content-type'] ?? '');
  });
  await page.setContent(`<base href="${new URL(baseURL!).origin}/"><div style="width:400px">${shown.data.blogData}</div>`);
  await expect.poll(() => served.length).toBeGreaterThan(0);
  expect(served[0]).toMatch(/^image\/(avif|webp)$/);

  // Where it is used, and what deleting it would break.
  await page.goto('/file-manager');
  await searchFiles(page, name);
  await chooseFromMenu(page, `Actions for ${name}`, 'Details…');
  const usedIn = page.getByRole('dialog', { name: `Details of ${name}` }).getByRole('region', { name: 'Used in' });
  await expect(usedIn.getByRole('listitem')).toHaveText([`${slug}Publishedin its text`]);
  await page.keyboard.press('Escape');
  // The refusal is a 409 the browser logs.
  expectConsoleErrors(page, /status of 409 \(Conflict\).*\/api\/files\//);
  const asked: string[] = [];
  page.on('dialog', (question) => {
    asked.push(question.message());
    // Yes to 'Delete this file?', no to 'A published article shows this file…'.
    void (asked.length === 1 ? question.accept() : question.dismiss());
  });
  await chooseFromMenu(page, `Actions for ${name}`, 'Delete');
  const refusal = `A published article shows this file: "${slug}". Deleting it breaks its image; confirm to delete it anyway.`;
  await expect(page.getByRole('alert')).toContainText(refusal);
  expect(asked).toEqual(['Are you sure you want to delete this file?', refusal]);
  expect((await api.get(file.url)).status()).toBe(200);
});

test('folders: one made, a file uploaded into it and another moved there, then deleted with its files moved to the top', async ({ page }) => {
  const stamp = randomInt(1e9);
  const folderName = `E2E folder ${stamp}`;
  const moved = `e2e-folder-moved-${stamp}.jpg`;
  const upload = await api.post('/api/files', { multipart: { file: { name: moved, mimeType: 'image/jpeg', buffer: await halves() } } });
  expect(upload.status()).toBe(201);
  const movedId = ((await upload.json()) as { file: { id: string } }).file.id;
  files.add(movedId);

  await signIn(page, '/file-manager');
  const bar = page.getByRole('navigation', { name: 'Folders' });
  await bar.getByRole('button', { name: 'New folder' }).click();
  const naming = page.getByRole('dialog', { name: 'New folder' });
  await naming.getByLabel('Name').fill(folderName);
  await naming.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByText(`Folder "${folderName}" created`)).toBeVisible();
  const tile = bar.getByRole('button', { name: new RegExp(`^${folderName} ?, `) });
  await expect(tile).toContainText('0 files');

  // Into the folder: an upload lands there.
  await tile.click();
  await expect(page).toHaveURL(/[?&]folder=/);
  await expect(page.getByRole('heading', { name: 'Files (0)' })).toBeVisible();
  const uploaded = `e2e-folder-upload-${stamp}.jpg`;
  await page.getByLabel('Files to upload').setInputFiles({ name: uploaded, mimeType: 'image/jpeg', buffer: await halves() });
  await expect(page.getByRole('heading', { name: 'Files (1)' })).toBeVisible();
  const folderId = new URL(page.url()).searchParams.get('folder')!;
  const inFolder = (await (await api.get(`/api/files?folder=${folderId}`)).json()) as { data: { id: string; name: string }[] };
  expect(inFolder.data.map((f) => f.name)).toEqual([uploaded]);
  files.add(inFolder.data[0]!.id);

  // Back to All files: the other file moved there with Move to…
  await bar.getByRole('button', { name: 'All files' }).click();
  await searchFiles(page, moved);
  await chooseFromMenu(page, `Actions for ${moved}`, 'Move to…');
  const moving = page.getByRole('dialog', { name: `Move ${moved}` });
  await moving.getByLabel('Folder').selectOption({ label: folderName });
  await moving.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText(`1 file moved to ${folderName}`)).toBeVisible();
  await expect(tile).toContainText('2 files');
  // The dialog gone, and with it its hold on the focus (given back to the menu's button as it goes).
  await expect(moving).toBeHidden();

  // Deleted: it asks where the two files go, and they go to the top.
  await chooseFromMenu(page, `Actions for folder ${folderName}`, 'Delete…');
  const deleting = page.getByRole('alertdialog', { name: `Delete ${folderName}` });
  await expect(deleting.getByText('It holds 2 files. Where should they go?')).toBeVisible();
  await deleting.getByRole('button', { name: 'Delete folder' }).click();
  await expect(page.getByText(`Folder "${folderName}" deleted`)).toBeVisible();
  await expect(tile).toBeHidden();
  const top = (await (await api.get(`/api/files?folder=root&search=${stamp}`)).json()) as { data: { name: string }[] };
  expect(top.data.map((f) => f.name).sort()).toEqual([moved, uploaded].sort());
});

test('a folder uploaded: its folders made in the library, a large photo in it sent as a resumable upload', async ({ page }) => {
  const stamp = randomInt(1e9);
  const top = `E2E holiday ${stamp}`;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-folder-'));
  try {
    await mkdir(path.join(dir, top, 'Day 2'), { recursive: true });
    await writeFile(path.join(dir, top, `boats-${stamp}.jpg`), await halves());
    // Noise does not compress: a PNG of about 3 MB, past the size sent as a resumable upload.
    const noise = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } }).png().toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    await writeFile(path.join(dir, top, 'Day 2', `panorama-${stamp}.png`), noise);

    await signIn(page, '/file-manager');
    await page.getByLabel('Folder to upload').setInputFiles(path.join(dir, top));
    await expect(page.getByText(`panorama-${stamp}.png into ${top}/Day 2`)).toBeVisible();
    await expect(page.getByText('Uploaded')).toHaveCount(2);
    const bar = page.getByRole('navigation', { name: 'Folders' });
    await expect(bar.getByRole('button', { name: new RegExp(`^${top} ?, `) })).toContainText('1 file');

    const listed = (await (await api.get('/api/folders')).json()) as { data: { id: string; name: string; parentId: string | null }[] };
    const made = listed.data.find((f) => f.name === top)!;
    const day = listed.data.find((f) => f.name === 'Day 2' && f.parentId === made.id)!;
    folders.add(made.id).add(day.id);
    const inDay = (await (await api.get(`/api/files?folder=${day.id}`)).json()) as { data: { id: string; name: string; size: number }[] };
    expect(inDay.data.map((f) => [f.name, f.size])).toEqual([[`panorama-${stamp}.png`, noise.length]]);
    const inTop = (await (await api.get(`/api/files?folder=${made.id}`)).json()) as { data: { id: string; name: string }[] };
    expect(inTop.data.map((f) => f.name)).toEqual([`boats-${stamp}.jpg`]);
    for (const file of [...inDay.data, ...inTop.data]) files.add(file.id);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
