import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, createArticle, signIn } from './support';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
/** A word only the target article has (in its address), unique to this run. */
const word = `quokka${Date.now().toString(36)}`;
let target: { id: string };
/** Everything this file seeds, deleted afterwards: the other files count the articles they see. */
const seeded: string[] = [];

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  target = await createArticle(api, {
    slug: 'search-target',
    scrapedUrl: `https://${word}.example.com/post`,
    scrappedData: 'The article the search finds.',
  });
  seeded.push(target.id);
  // Enough articles to fill a 1440x900 window with table rows.
  for (let i = 0; i < 20; i++) {
    const filler = await createArticle(api, {
      slug: `search-filler-${i}`,
      scrapedUrl: `https://filler.example.com/posts/${i}`,
      scrappedData: `Filler article ${i}.`,
    });
    seeded.push(filler.id);
  }
});
test.afterAll(async () => {
  for (const id of seeded) await api.delete(`/api/articles/${id}`);
  await api.dispose();
});

test('a search narrows the list, marks the word, lives in ?q= and Back restores the list', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/articles');
  await expect(page.getByRole('article').first()).toBeVisible();
  const allTab = page.getByRole('tab', { name: /All Articles/ });
  const total = Number((await allTab.textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThanOrEqual(21);

  const box = page.getByRole('searchbox', { name: 'Search articles' });
  // `/` from outside a field focuses the box.
  await page.getByRole('heading', { name: 'Articles Management' }).click();
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await box.pressSequentially(word.toUpperCase(), { delay: 15 });

  await expect(page).toHaveURL(new RegExp(`[?&]q=${word.toUpperCase()}(&|$)`));
  await expect(page.getByRole('article')).toHaveCount(1);
  const card = page.getByRole('article');
  await expect(card).toHaveAccessibleName(`Article #${target.id.slice(-8)}`);
  await expect(card.locator('mark')).toHaveText([word]);
  await expect(allTab).toContainText('1');

  // A reload (or a shared link) gives the same list.
  await page.reload();
  await expect(box).toHaveValue(word.toUpperCase());
  await expect(page.getByRole('article')).toHaveCount(1);

  // The keystrokes made one history entry: Back is the list before the search.
  await page.goBack();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(box).toHaveValue('');
  await expect(allTab).toContainText(String(total));
  await expect(page.getByRole('article').nth(1)).toBeVisible();
});

test('the table shows 15 rows and more at 1440x900, is remembered, and opens a row by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/articles');
  await page.getByRole('button', { name: 'Table' }).click();
  const grid = page.getByRole('grid', { name: 'Articles' });
  await expect(grid).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  const fullyVisible = await grid.getByRole('row').evaluateAll(
    (rows) =>
      rows.filter((row) => {
        const box = row.getBoundingClientRect();
        return row.getAttribute('aria-rowindex') !== '1' && box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
  expect(fullyVisible).toBeGreaterThanOrEqual(15);

  await page.reload();
  await expect(page.getByRole('grid', { name: 'Articles' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search articles' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  const rows = grid.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).locator('mark').first()).toHaveText(word);

  // Tab reaches the grid's row (one tab stop), Enter opens it.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    if (await rows.nth(1).evaluate((row) => row === document.activeElement)) break;
  }
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/articles/${target.id}$`));
  await expect(page.getByRole('region', { name: 'Article Slug Editor' })).toBeVisible();
});
