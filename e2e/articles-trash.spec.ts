import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, apiAs, createArticle, signIn } from './support';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
const run = Date.now().toString(36);
/** A word only this file's article has in its title: the search narrows the list to it. */
const word = `pelican${run}`;
const title = `The ${word} flies home`;
let article: { id: string };

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  article = await createArticle(api, {
    title,
    slug: `trash-e2e-${run}`,
    scrapedUrl: `https://birds-${run}.example.com/pelican`,
    scrappedData: `A ${word} and the harbour.`,
  });
});

test.afterAll(async () => {
  // Whatever the tests left: out of the list and out of the trash (the other files count what they see).
  await api.delete(`/api/articles/${article.id}`);
  await api.delete(`/api/articles/${article.id}/forever`);
  await api.dispose();
});

/** The article's card, named as cards are: 'Article #' and the last 8 characters of the id. */
const card = (page: Page) => page.getByRole('article', { name: `Article #${article.id.slice(-8)}` });
/** A toast by its title. */
const toast = (page: Page, name: string) => page.getByRole('status', { name });
const tab = (page: Page, name: RegExp) => page.getByRole('tablist').getByRole('tab', { name });

/** Opens the list narrowed to the article, and deletes it from its card. */
async function deleteFromList(page: Page) {
  await signIn(page, `/articles?q=${word}`);
  await expect(card(page)).toBeVisible();
  await card(page).getByRole('button', { name: 'Delete' }).click();
  await expect(card(page)).toBeHidden();
  await expect(toast(page, 'Article deleted')).toBeVisible();
}

async function readStatus(path: string) {
  return (await api.get(path)).status();
}

test('delete from the list, then Undo in the toast: the article is back', async ({ page }) => {
  await deleteFromList(page);
  expect(await readStatus(`/api/articles/${article.id}`)).toBe(404);
  await toast(page, 'Article deleted').getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Article restored')).toBeVisible();
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByText(title)).toBeVisible();
  expect(await readStatus(`/api/articles/${article.id}`)).toBe(200);
});

test('delete, then Restore from the Trash tab: back in the list', async ({ page }) => {
  await deleteFromList(page);
  await tab(page, /^Trash/).click();
  await expect(page).toHaveURL(/[?&]status=trash(&|$)/);
  // The search does not apply to the trash.
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toBeDisabled();
  const row = page.getByRole('article', { name: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`trash-e2e-${run}`);
  await expect(row).toContainText('Deleted for good in 30 days');
  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Article restored')).toBeVisible();
  await expect(row).toBeHidden();
  await tab(page, /^All Articles/).click();
  await expect(card(page)).toBeVisible();
  const restored = (await (await api.get(`/api/articles/${article.id}`)).json()) as { data: { slug: string } };
  expect(restored.data.slug).toBe(`trash-e2e-${run}`);
});

test('delete, then Delete forever from the Trash tab (confirmed): gone for good', async ({ page }) => {
  await deleteFromList(page);
  await tab(page, /^Trash/).click();
  const row = page.getByRole('article', { name: title });
  await row.getByRole('button', { name: 'Delete forever' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete forever?' });
  await expect(dialog).toContainText('This article will be deleted for good. This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Delete forever' }).click();
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeHidden();
  // Not in the trash after a reload either, and the server no longer has it anywhere.
  await page.reload();
  await expect(tab(page, /^Trash/)).toHaveAttribute('aria-selected', 'true');
  // Loaded (other files' articles may be in the trash too), without it.
  await expect(
    page.getByRole('list', { name: 'Deleted articles' }).or(page.getByRole('heading', { name: 'The trash is empty' })),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  expect(await readStatus(`/api/articles/${article.id}`)).toBe(404);
  const restore = await api.post(`/api/articles/${article.id}/restore`, { data: {} });
  expect(restore.status()).toBe(404);
});
