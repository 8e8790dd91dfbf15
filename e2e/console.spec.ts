import type { APIRequestContext } from '@playwright/test';
import { test, expect, apiAs, createArticle, pdfBytes, pngBytes, signIn, expectConsoleErrors, chooseFromMenu } from './support';

// One product, one fresh data folder: the flows run in order and build on each other's data.
test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
});
test.afterAll(() => api.dispose());

test('a signed-out visit goes to /login and signing in returns to the page asked for', async ({ page }) => {
  // The wrong password tried first is refused: 401.
  expectConsoleErrors(page, /status of 401 \(Unauthorized\) \(.*\/api\/auth\/login\)$/);
  await page.goto('/articles');
  await expect(page).toHaveURL(/\/login\?next=%2Farticles/);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByRole('heading', { name: 'Articles Management' })).toBeVisible();
});

test('the dashboard shows the real figures', async ({ page }) => {
  const a = await createArticle(api, { slug: 'dash-one', scrappedData: 'one' });
  await createArticle(api, { slug: 'dash-two', scrappedData: 'two' });
  await api.patch(`/api/articles/${a.id}/publish`);
  const stats = (await (await api.get('/api/articles/admin/stats')).json()) as {
    counts: { all: number; published: number; draft: number };
    views: { today: number; yesterday: number };
  };
  await signIn(page, '/');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const card = (label: string) => page.getByRole('group', { name: label, exact: true });
  await expect(card('Total Articles')).toContainText(String(stats.counts.all));
  await expect(card('Published')).toContainText(String(stats.counts.published));
  await expect(card('Drafts')).toContainText(String(stats.counts.draft));
  // Counted from the public read API: a number, not "Not tracked".
  await expect(card('Views Today')).toContainText(stats.views.today.toLocaleString('en-US'));
  await expect(card('Views Today')).not.toContainText('Not tracked');
  await expect(page.getByText('API Online')).toBeVisible();
  await expect(page.getByText('Database Connected')).toBeVisible();
  await expect(page.getByRole('link', { name: /dash-two/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /dash-one/ })).toBeVisible();
  await expect(page.getByText('Article "dash-two" created')).toBeVisible();
});

test('the list filters with counts and a card opens its article', async ({ page }) => {
  await signIn(page, '/articles');
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab', { name: /All Articles/ })).toContainText('2');
  await expect(tabs.getByRole('tab', { name: /Published/ })).toContainText('1');
  await tabs.getByRole('tab', { name: /Published/ }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await tabs.getByRole('tab', { name: /Draft/ }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('article').getByRole('link', { name: /View Full Article/ }).click();
  await expect(page).toHaveURL(/\/articles\/[^/]+$/);
  await expect(page.getByRole('region', { name: 'Article Slug Editor' })).toBeVisible();
});

test('slug edit: check, take the suggestion, save', async ({ page }) => {
  const taken = await createArticle(api, { slug: 'taken-slug' });
  const mine = await createArticle(api, { slug: 'my-draft', blogData: '<p>Draft</p>' });
  expect(taken.slug).toBe('taken-slug');
  await signIn(page, `/articles/${mine.id}`);
  const editor = page.getByRole('region', { name: 'Article Slug Editor' });
  const input = editor.getByRole('textbox', { name: 'Slug' });
  await input.fill('taken-slug');
  await expect(editor.getByText('Unsaved changes')).toBeVisible();
  await editor.getByRole('button', { name: 'Verify' }).click();
  await expect(editor.getByText('Cannot save: slug is not available')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  await editor.getByRole('button', { name: 'Use this' }).click();
  await expect(input).toHaveValue('taken-slug-2');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Unsaved changes')).toBeHidden();
  const saved = (await (await api.get(`/api/articles/${mine.id}`)).json()) as { data: { slug: string } };
  expect(saved.data.slug).toBe('taken-slug-2');
});

test('HTML edit and save on a draft, with the live preview', async ({ page }) => {
  const draft = await createArticle(api, { slug: 'html-draft', blogData: '<p>Before</p>' });
  await signIn(page, `/articles/${draft.id}`);
  const card = page.getByRole('region', { name: 'Live HTML Editor & Preview' });
  const editor = card.getByRole('textbox', { name: 'Blog HTML' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('<h2>After</h2>');
  const preview = card.locator('iframe');
  await expect(preview).toHaveAttribute('srcdoc', /<h2>After<\/h2>/);
  expect(await preview.getAttribute('sandbox')).not.toContain('allow-same-origin');
  await expect(page.frameLocator('iframe[title="Live preview"]').getByRole('heading', { name: 'After' })).toBeVisible();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Unsaved changes')).toBeHidden();
  const saved = (await (await api.get(`/api/articles/${draft.id}`)).json()) as { data: { blogData: string } };
  expect(saved.data.blogData).toContain('<h2>After</h2>');
});

test('publish and convert banners; a published article cannot be edited until converted', async ({ page }) => {
  const article = await createArticle(api, { slug: 'to-publish', blogData: '<p>x</p>' });
  await signIn(page, `/articles/${article.id}`);
  const toggle = page.getByRole('switch');
  await toggle.click({ force: true });
  await expect(page.getByText('Article successfully published')).toBeVisible();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();

  // Typing into the published slug opens the dialog; nothing changes.
  const slug = page.getByRole('region', { name: 'Article Slug Editor' }).getByRole('textbox', { name: 'Slug' });
  await slug.click();
  await page.keyboard.type('x');
  const dialog = page.getByRole('alertdialog', { name: 'Cannot Edit Published Article' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(slug).toHaveValue('to-publish');

  await slug.click();
  await page.keyboard.type('y');
  await dialog.getByRole('button', { name: 'Convert to Draft' }).click();
  await expect(page.getByText('Article successfully converted to draft')).toBeVisible();
  await expect(dialog).toBeHidden();
  const now = (await (await api.get(`/api/articles/${article.id}`)).json()) as { data: { status: string } };
  expect(now.data.status).toBe('draft');
  // The success banner hides after 3 seconds.
  await expect(page.getByText('Article successfully converted to draft')).toBeHidden({ timeout: 6000 });
});

test('a failed publish shows its banner', async ({ page }) => {
  // The publish is meant to fail.
  expectConsoleErrors(page, /status of 404 \(Not Found\) \(.*\/publish\)$/);
  const article = await createArticle(api, { slug: 'will-vanish' });
  await signIn(page, `/articles/${article.id}`);
  await expect(page.getByRole('switch')).toBeAttached();
  await api.delete(`/api/articles/${article.id}`);
  await page.getByRole('switch').click({ force: true });
  await expect(page.getByText('Failed to publish article')).toBeVisible();
});

test('deleting an article returns to the list without it', async ({ page }) => {
  const article = await createArticle(api, { slug: 'delete-me' });
  await signIn(page, `/articles/${article.id}`);
  await page.getByRole('button', { name: 'Delete article' }).click();
  await expect(page).toHaveURL(/\/articles$/);
  expect((await api.get(`/api/articles/${article.id}`)).status()).toBe(404);
});

test('files: upload by chooser and by drop, a refused file, search, filter, views, delete', async ({ page }) => {
  // The refused file is answered 415.
  expectConsoleErrors(page, /status of 415 \(Unsupported Media Type\) \(.*\/api\/files\)$/);
  await signIn(page, '/file-manager');
  await expect(page.getByRole('heading', { name: 'File Manager' })).toBeVisible();
  await expect(page.getByText('Upload some files to get started')).toBeVisible();

  await page.getByLabel('Files to upload').setInputFiles([
    { name: 'pixel.png', mimeType: 'image/png', buffer: pngBytes },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') },
  ]);
  await expect(page.getByRole('alert').filter({ hasText: 'File type not allowed. Please upload images or PDF files only.' })).toBeVisible();
  await expect(page.getByText('Files (1)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for pixel.png' })).toBeVisible();

  // Drop a PDF onto the drop zone.
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(bytes)], 'report.pdf', { type: 'application/pdf' }));
    return dt;
  }, [...pdfBytes]);
  const zone = page.getByRole('group', { name: 'Drop files here or click to upload' });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('Files (2)')).toBeVisible();

  await page.getByLabel('Search files').fill('report');
  await expect(page.getByText('Files (1)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for report.pdf' })).toBeVisible();
  await page.getByLabel('Search files').fill('');
  await page.getByLabel('Filter by type').selectOption('image');
  await expect(page.getByText('Files (1)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for pixel.png' })).toBeVisible();
  await page.getByLabel('Filter by type').selectOption('all');
  await expect(page.getByText('Files (2)')).toBeVisible();

  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');

  // Delete asks first; declining keeps the file.
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to delete this file?');
    void d.dismiss();
  });
  await chooseFromMenu(page, 'Actions for report.pdf', 'Delete');
  await expect(page.getByText('Files (2)')).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await chooseFromMenu(page, 'Actions for report.pdf', 'Delete');
  await expect(page.getByText('Files (1)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for report.pdf' })).toBeHidden();
});

test('a deep link survives a reload, and an unknown route shows NotFound', async ({ page }) => {
  const article = await createArticle(api, { slug: 'deep-link' });
  await signIn(page, `/articles/${article.id}`);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Article Slug Editor' }).getByRole('textbox', { name: 'Slug' })).toHaveValue('deep-link');
  await page.goto('/no/such/page');
  await expect(page.locator('body')).toHaveText('NotFound');
});

test('signing out ends the session', async ({ page }) => {
  await signIn(page, '/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/articles');
  await expect(page).toHaveURL(/\/login/);
});
