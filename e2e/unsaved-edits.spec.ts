/**
 * No lost work on the article page, against the real server: the unsaved HTML survives a
 * reload, leaving asks first, and two admins saving the same article meet in the conflict panel.
 */
import type { APIRequestContext, Dialog, Page } from '@playwright/test';
import { test, expect, apiAs, createArticle, signIn, expectConsoleErrors } from './support';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
});
test.afterAll(() => api.dispose());

const htmlCard = (page: Page) => page.getByRole('region', { name: 'Live HTML Editor & Preview' });
const htmlEditor = (page: Page) => htmlCard(page).getByRole('textbox', { name: 'Blog HTML' });
const restorePrompt = (page: Page) => page.getByText(/^Restore your unsaved edit from .+\?$/);

/** Types at the end of the blog HTML, as an admin would (plain text: the editor closes typed tags itself). */
async function appendHtml(page: Page, text: string) {
  await htmlEditor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
  await expect(htmlCard(page).getByText('Unsaved changes')).toBeVisible();
}

async function blogDataOf(id: string) {
  return ((await (await api.get(`/api/articles/${id}`)).json()) as { data: { blogData: string } }).data.blogData;
}

test('an unsaved HTML edit survives a reload: Restore brings it back, Save keeps it, and the notice is gone', async ({ page }) => {
  const article = await createArticle(api, { slug: 'kept-draft', blogData: '<p>Saved text.</p>' });
  await signIn(page, `/articles/${article.id}`);
  await expect(restorePrompt(page)).toBeHidden();
  await appendHtml(page, ' Typed before the reload.');

  // The tab asks before it reloads (beforeunload); the admin goes on.
  const asked: string[] = [];
  const goOn = (dialog: Dialog) => {
    asked.push(dialog.type());
    // Chromium may settle the dialog itself while the reload goes on: one already gone is fine.
    dialog.accept().catch(() => undefined);
  };
  page.on('dialog', goOn);
  // Now and then Chromium drops the reload once its question is answered (the page stays, no
  // navigation comes): reloaded again, it asks again and goes on.
  await page.reload({ timeout: 15_000 }).catch(async (error: unknown) => {
    if (!asked.length) throw error;
    await page.reload({ timeout: 15_000 });
  });
  page.off('dialog', goOn);
  expect(asked[0]).toBe('beforeunload');

  await expect(restorePrompt(page)).toBeVisible();
  await expect(page.getByText('The article was changed since.')).toBeHidden();
  await expect(htmlEditor(page)).toHaveText('<p>Saved text.</p>');
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(restorePrompt(page)).toBeHidden();
  await expect(htmlEditor(page)).toHaveText('<p>Saved text.</p> Typed before the reload.');
  await expect(htmlCard(page).getByText('Unsaved changes')).toBeVisible();

  await htmlCard(page).getByRole('button', { name: 'Save' }).click();
  await expect(htmlCard(page).getByText('Unsaved changes')).toBeHidden();
  expect(await blogDataOf(article.id)).toBe('<p>Saved text.</p> Typed before the reload.');

  // Nothing unsaved: the reload is not asked about (a dialog would be dismissed and the reload stopped).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'kept-draft' })).toBeVisible();
  await expect(htmlEditor(page)).toHaveText('<p>Saved text.</p> Typed before the reload.');
  await expect(restorePrompt(page)).toBeHidden();
});

test('leaving with an unsaved edit asks first: Stay keeps the page and the edit; the back button asks too, Leave goes', async ({ page }) => {
  const article = await createArticle(api, { slug: 'leave-guard', blogData: '<p>Start.</p>' });
  // Into the article from the dashboard's recent articles, inside the console: Back has a page to go to.
  await signIn(page, '/');
  await page.getByRole('link', { name: /leave-guard/ }).click();
  const here = new RegExp(`/articles/${article.id}$`);
  await expect(page).toHaveURL(here);

  await appendHtml(page, ' Not saved yet.');
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });

  await page.getByRole('link', { name: 'Articles', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your changes to this article are not saved. If you leave, they are lost.');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(here);
  await expect(htmlEditor(page)).toHaveText('<p>Start.</p> Not saved yet.');
  await expect(htmlCard(page).getByText('Unsaved changes')).toBeVisible();

  // The browser's Back is held before it happens: the address stays until Leave.
  const back = page.goBack();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(here);
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await back;
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  expect(await blogDataOf(article.id)).toBe('<p>Start.</p>');
});

test('someone saves the article meanwhile: the save shows the newer version, Keep mine saves over it', async ({ page }) => {
  // The save over a newer version is refused first: 409.
  expectConsoleErrors(page, /status of 409 \(Conflict\) \(.*\/api\/articles\/[^/]+\)$/);
  const article = await createArticle(api, { slug: 'two-admins', blogData: '<p>Original.</p>' });
  await signIn(page, `/articles/${article.id}`);
  await expect(htmlEditor(page)).toHaveText('<p>Original.</p>');
  await appendHtml(page, ' Mine.');
  // Another client saves meanwhile (a script, or a page that took over the editing lease): the
  // page's lease does not stop the API; the If-Match rule of the page's save is the last guard.
  const { data: current } = (await (await api.get(`/api/articles/${article.id}`)).json()) as { data: { updatedAt: string } };
  const theirs = await api.patch(`/api/articles/${article.id}`, {
    data: { blogData: '<p>Original.</p> Theirs.' },
    headers: { 'if-match': current.updatedAt },
  });
  expect(theirs.status()).toBe(200);

  await htmlCard(page).getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByRole('region', { name: 'Someone else saved this article meanwhile: Blog HTML' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('region', { name: /^Newer version, saved / })).toHaveText('<p>Original.</p> Theirs.');
  await expect(conflict.getByRole('region', { name: 'Your unsaved edit' })).toHaveText('<p>Original.</p> Mine.');
  await expect(page.getByText('The article was changed since it was loaded.')).toBeHidden();

  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toBeHidden();
  await expect(htmlCard(page).getByText('Unsaved changes')).toBeHidden();
  expect(await blogDataOf(article.id)).toBe('<p>Original.</p> Mine.');
});
