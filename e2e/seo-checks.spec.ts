import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, createArticle, signIn } from './support';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
const run = Date.now().toString(36);
let article: { id: string };

// Within the site (relative): the checks ask no other site for it.
const image = '/images/boats.png';

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  article = await createArticle(api, {
    title: `Boats at dawn ${run}`,
    slug: `boats-at-dawn-${run}`,
    scrapedUrl: `https://harbour-${run}.example.com/boats`,
    scrappedData: 'The boats come in at dawn.',
    blogData: `<h2>Harbour</h2><p>The boats come in at dawn.</p><img src="${image}">`,
  });
});

test.afterAll(async () => {
  await api.delete(`/api/articles/${article.id}`);
  await api.delete(`/api/articles/${article.id}/forever`);
  await api.dispose();
});

const seoCard = (page: Page) => page.getByRole('region', { name: 'SEO and social' });
const checks = (page: Page) => page.getByRole('region', { name: 'Checks before publishing' });
const htmlCard = (page: Page) => page.getByRole('region', { name: 'Live HTML Editor & Preview' });

test('set the meta title and the canonical address from the source; both previews show them and the API keeps them', async ({ page }) => {
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

test('run the checks: the image without alt text is to fix; give it alt text in the editor, save, run again: nothing to fix', async ({ page }) => {
  await signIn(page, `/articles/${article.id}`);
  await checks(page).getByRole('button', { name: 'Run the checks' }).click();
  await expect(checks(page)).toContainText('1 to fix.');
  await expect(checks(page).getByRole('listitem').filter({ hasText: 'This image has no alt text' })).toContainText(image);

  await htmlCard(page).getByRole('textbox', { name: 'Blog HTML' }).click();
  await page.keyboard.press('ControlOrMeta+A');
  // Inserted as a paste would be: the editor closes no tag of its own.
  await page.keyboard.insertText(`<h2>Harbour</h2><p>The boats come in at dawn.</p><img src="${image}" alt="Fishing boats at the quay">`);
  await htmlCard(page).getByRole('button', { name: 'Save' }).click();
  await expect(htmlCard(page).getByText('Unsaved changes')).toBeHidden();

  await checks(page).getByRole('button', { name: 'Run them again' }).click();
  await expect(checks(page)).toContainText('Nothing to fix.');
  await expect(checks(page)).toContainText('The image has alt text.');
});
