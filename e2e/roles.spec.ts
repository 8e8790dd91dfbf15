/**
 * Teams, end to end on the real server: an author signs in and cannot publish (the switch is
 * refused with its reason, and the API answers 403 `forbidden_role`); two people open one
 * article, the second sees who is editing, takes over, and the first is told, with their unsaved
 * edit kept for recovery.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, apiAs, createArticle, signIn, signInAsNew } from './support';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
});
test.afterAll(() => api.dispose());

const signInAs = (browser: Browser, email: string, role: string) => signInAsNew(api, browser, email, role);

const htmlCard = (page: Page) => page.getByRole('region', { name: 'Live HTML Editor & Preview' });
const htmlEditor = (page: Page) => htmlCard(page).getByRole('textbox', { name: 'Blog HTML' });

test('an author cannot publish: the switch says who may, and the API answers 403 forbidden_role', async ({ browser }) => {
  const article = await createArticle(api, { slug: 'authors-draft', blogData: '<p>Draft.</p>' });
  const author = await signInAs(browser, 'author@example.com', 'author');
  await author.goto(`/articles/${article.id}`);
  const toggle = author.getByRole('switch');
  await expect(toggle).toHaveAttribute('aria-disabled', 'true');
  await expect(toggle).toHaveAccessibleDescription('Only an admin or an editor may publish articles');
  await toggle.click({ force: true });
  await expect(author.getByText('Draft', { exact: true })).toBeVisible();

  const refused = await author.request.patch(`/api/articles/${article.id}/publish`);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    code: 'forbidden_role',
    message: 'Publish an article: only an admin or an editor may do this; you are an author.',
  });
  const after = (await (await api.get(`/api/articles/${article.id}`)).json()) as { data: { status: string } };
  expect(after.data.status).toBe('draft');
  // An author's drafts stay theirs to edit.
  await htmlEditor(author).click();
  await author.keyboard.press('ControlOrMeta+End');
  await author.keyboard.type(' More.');
  await htmlCard(author).getByRole('button', { name: 'Save' }).click();
  await expect(htmlCard(author).getByText('Unsaved changes')).toBeHidden();
  await author.context().close();
});

test('two people on one article: the second sees who is editing, takes over, and the first is told, its edit kept', async ({ page, browser }) => {
  const article = await createArticle(api, { slug: 'shared-article', blogData: '<p>Shared.</p>' });
  await signIn(page, `/articles/${article.id}`);
  await htmlEditor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Typed by the admin.');
  await expect(htmlCard(page).getByText('Unsaved changes')).toBeVisible();

  const dana = await signInAs(browser, 'dana@example.com', 'editor');
  await dana.goto(`/articles/${article.id}`);
  const notice = dana.getByTestId('editing-notice');
  await expect(notice).toContainText(/^admin@example\.com is editing since /);
  await expect(dana.getByRole('group', { name: '1 other person has this article open' })).toBeVisible();
  await expect(page.getByRole('group', { name: '1 other person has this article open' })).toBeVisible();
  await dana.getByRole('button', { name: 'View read-only' }).click();
  await expect(notice).toContainText('Read-only while admin@example.com is editing.');
  await dana.getByRole('button', { name: 'Take over' }).click();
  await expect(notice).toBeHidden();

  const taken = page.getByTestId('taken-over-notice');
  await expect(taken).toContainText(/^dana@example\.com took over at /);
  // The admin's unsaved edit waits for them in the draft recovery.
  page.once('dialog', (dialog) => void dialog.accept().catch(() => undefined));
  await page.reload();
  await expect(page.getByText(/^Restore your unsaved edit from .+\?$/)).toBeVisible();
  await dana.context().close();
});
