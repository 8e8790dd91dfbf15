import { test as base, expect, request, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminEmail, adminPassword } from '../playwright.config';

export { adminEmail, adminPassword, expect };

/** What the pages of a test logged as errors, and what the test said to expect. */
interface ConsoleWatch {
  errors: string[];
  expected: RegExp[];
}
const watches = new WeakMap<BrowserContext, ConsoleWatch>();

/**
 * Playwright's test, where every page of the test fails it if it logs an error or throws one the
 * test did not say to expect (expectConsoleErrors): a request that failed (the console says
 * "Failed to load resource"), a refused script, an uncaught exception. Aborted requests (a page
 * left, a fetch cancelled) are not errors.
 */
export const test = base.extend<{ consoleWatch: ConsoleWatch }>({
  consoleWatch: [
    async ({ context }, use, testInfo) => {
      // Signed out, the console asks who is signed in and is told 401: that is the answer, not an error.
      const watch: ConsoleWatch = { errors: [], expected: [/status of 401 \(Unauthorized\) \(https?:\/\/[^/]+\/api\/auth\/me\)$/] };
      watches.set(context, watch);
      const follow = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error') watch.errors.push(`${message.text()} (${message.location().url || page.url()})`);
        });
        page.on('pageerror', (error) => watch.errors.push(`uncaught: ${error.message}`));
      };
      context.pages().forEach(follow);
      context.on('page', follow);
      await use(watch);
      const unexpected = watch.errors.filter((line) => !watch.expected.some((pattern) => pattern.test(line)));
      if (testInfo.status === testInfo.expectedStatus) {
        expect(unexpected, 'errors the pages logged that the test did not expect (expectConsoleErrors)').toEqual([]);
      }
    },
    { auto: true },
  ],
});

/** Errors a page of this test is meant to log (a refused request the test makes on purpose, a blocked script). */
export function expectConsoleErrors(page: Page, ...patterns: RegExp[]) {
  watches.get(page.context())?.expected.push(...patterns);
}

/** An API client signed in as the admin, for seeding data the way any client would. */
export async function apiAs(baseURL: string): Promise<APIRequestContext> {
  const anon = await request.newContext({ baseURL });
  const login = await anon.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  await anon.dispose();
  return request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${accessToken}` } });
}

export async function createArticle(
  api: APIRequestContext,
  fields: { title?: string; slug?: string; blogData?: string; scrapedUrl?: string; newUrl?: string; scrappedData?: string },
) {
  const res = await api.post('/api/articles', { data: fields });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string; slug: string | null; title?: string | null } }).data;
}

/** An account of `role` made by the admin (`api`), signed in in a browser of its own (its one-time password changed first). */
export async function signInAsNew(api: APIRequestContext, browser: Browser, email: string, role: string): Promise<Page> {
  const made = await api.post('/api/users', { data: { email, role } });
  expect(made.status()).toBe(201);
  const { password } = (await made.json()) as { password: string };
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByLabel('One-time password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill(`${role} chose this one`);
  await page.getByLabel('Repeat new password').fill(`${role} chose this one`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  return page;
}

export async function signIn(page: Page, next = '/') {
  await page.goto(next);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A tiny valid PNG (1x1), built from its bytes. */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal valid one-page PDF. */
export const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Searches the file manager for `term` and waits for the list to settle on its answer: the count
 * the search finds, and no request of the list still running. A menu opened on a list still
 * changing can lose its row (the grid places files by row) and close before its choice.
 */
export async function searchFiles(page: Page, term: string, count = 1) {
  await page.getByLabel('Search files').fill(term);
  await expect(page.getByRole('heading', { name: `Files (${count})` })).toBeVisible();
  await expect(page.locator('[data-spinning]')).toHaveCount(0);
}

/**
 * Opens the menu of the button named `trigger` and chooses `item`, once the menu holds the focus:
 * a menu takes it a frame or more after it shows, and on a busy machine a choice made before that
 * was lost with the menu left open.
 */
export async function chooseFromMenu(page: Page, trigger: string, item: string, within: Page | ReturnType<Page['locator']> = page) {
  await within.getByRole('button', { name: trigger }).click();
  const menu = page.getByRole('menu', { name: trigger });
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // Chosen with the keyboard, as the menu's focus takes it: the arrow moves the highlight to the
  // item, Enter takes it. (On a busy machine a pointer press on a menu still settling was lost.)
  const entry = menu.getByRole('menuitem', { name: item });
  const items = await menu.getByRole('menuitem').count();
  for (let moves = 0; moves <= items && (await entry.getAttribute('data-highlighted')) === null; moves++) {
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => menu.locator('[data-highlighted]').count()).toBe(1);
  }
  await expect(entry).toHaveAttribute('data-highlighted');
  await page.keyboard.press('Enter');
}
