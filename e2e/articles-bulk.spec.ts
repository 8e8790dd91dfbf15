import type { APIRequestContext, Page } from '@playwright/test';
// The checkboxes are Chakra's: a visually hidden input under its drawn box, which takes the click (hence force).
import { test, expect, apiAs, createArticle, signIn } from './support';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
const run = Date.now().toString(36);
/** A word only this file's articles have in their titles: the search narrows the list (and its counts) to them. */
const word = `heron${run}`;
let created: { id: string; title: string }[] = [];

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  created = [];
  for (const n of [1, 2, 3]) {
    const title = `The ${word} number ${n}`;
    const article = await createArticle(api, {
      title,
      slug: `bulk-e2e-${run}-${n}`,
      scrapedUrl: `https://birds-${run}.example.com/heron-${n}`,
      scrappedData: `A ${word} by the river, ${n}.`,
    });
    created.push({ id: article.id, title });
  }
});

test.afterAll(async () => {
  // Out of the list and out of the trash (the other files count what they see).
  for (const { id } of created) {
    await api.delete(`/api/articles/${id}`);
    await api.delete(`/api/articles/${id}/forever`);
  }
  await api.dispose();
});

const card = (page: Page, id: string) => page.getByRole('article', { name: `Article #${id.slice(-8)}` });
const select = (page: Page, title: string) => page.getByRole('checkbox', { name: `Select ${title}` });
const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });
const toast = (page: Page, name: string) => page.getByRole('status', { name });
const tab = (page: Page, name: RegExp) => page.getByRole('tablist').getByRole('tab', { name });

test('select three drafts, Publish: the Published tab counts them', async ({ page }) => {
  await signIn(page, `/articles?q=${word}`);
  await expect(tab(page, /^All Articles/)).toContainText('3');
  await expect(tab(page, /^Published/)).toContainText('0');
  for (const { title } of created) await select(page, title).check({ force: true });
  await expect(bar(page)).toContainText('3 selected');
  await bar(page).getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, '3 articles published')).toBeVisible();
  await expect(tab(page, /^Published/)).toContainText('3');
  await expect(tab(page, /^Draft/)).toContainText('0');
  await expect(bar(page)).not.toContainText('selected');
  for (const { id } of created) {
    const answer = (await (await api.get(`/api/articles/${id}`)).json()) as { data: { status: string } };
    expect(answer.data.status).toBe('published');
  }
});

test('select two, Delete: they go to the trash; Undo brings them back', async ({ page }) => {
  await signIn(page, `/articles?q=${word}`);
  const [first, second] = created as [(typeof created)[0], (typeof created)[0]];
  await expect(card(page, first.id)).toBeVisible();
  await select(page, first.title).check({ force: true });
  await select(page, second.title).check({ force: true });
  await expect(bar(page)).toContainText('2 selected');
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  const deleted = toast(page, '2 articles moved to the trash');
  await expect(deleted).toBeVisible();
  await expect(card(page, first.id)).toBeHidden();
  await expect(card(page, second.id)).toBeHidden();
  await expect(tab(page, /^All Articles/)).toContainText('1');
  expect((await api.get(`/api/articles/${first.id}`)).status()).toBe(404);
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, '2 articles restored')).toBeVisible();
  await expect(card(page, first.id)).toBeVisible();
  await expect(card(page, second.id)).toBeVisible();
  await expect(tab(page, /^All Articles/)).toContainText('3');
  expect((await api.get(`/api/articles/${second.id}`)).status()).toBe(200);
});
