// The media library in the real console and server: a photo given alt text and a focal point in
// its Details… dialog; its crops centred there; a published article's HTML giving it srcset,
// sizes, width and height; a WebP to a browser that takes one; where the photo is used, and its
// delete refused in the article's name until confirmed.
import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, apiAs, signIn, chooseFromMenu, createArticle, expectConsoleErrors } from './support';

let api: APIRequestContext;
const files = new Set<string>();
const articles = new Set<string>();

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
  await api.dispose();
});

/** A 1200 × 800 photo of this run only: red on its left half, blue on its right. */
const halves = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 250, g: randomInt(40), b: randomInt(40) } } })
    .composite([{ input: { create: { width: 600, height: 800, channels: 3, background: '#0000ff' } }, left: 600, top: 0 }])
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
  await page.getByLabel('Search files').fill(name);
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
  const article = await createArticle(api, { title: slug, slug, blogData: `<p>The harbour.</p><img src="${file.url}" alt="Two halves: red and blue">` });
  articles.add(article.id);
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
  await page.getByLabel('Search files').fill(name);
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
