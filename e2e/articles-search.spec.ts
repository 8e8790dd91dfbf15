import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, apiAs, createArticle, signIn } from './support';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
const run = Date.now().toString(36);
/** A word only the target article has, in its raw text (not its title, slug or addresses). */
const word = `quokka${run}`;
let target: { id: string };
/** A source site of this run's own, with three titled articles (created in this order). */
const shelfSite = `shelf-${run}.example.com`;
const shelfTitles = ['Charlie goes north', 'Alpha at dawn', 'Bravo in the rain'] as const;
let shelf: { id: string }[] = [];
/** Everything this file seeds, deleted afterwards: the other files count the articles they see. */
const seeded: string[] = [];

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  target = await createArticle(api, {
    title: 'Field notes from the island',
    slug: 'search-target',
    scrapedUrl: 'https://island.example.com/post',
    scrappedData: `Field notes. On the island the ${word} smiles at every visitor who passes by.`,
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
  shelf = [];
  for (const [i, title] of shelfTitles.entries()) {
    const article = await createArticle(api, {
      title,
      slug: `shelf-${run}-${i}`,
      scrapedUrl: `https://${shelfSite}/books/${i}`,
      scrappedData: `A book on the shelf, number ${i}.`,
    });
    shelf.push(article);
    seeded.push(article.id);
  }
});
test.afterAll(async () => {
  for (const id of seeded) await api.delete(`/api/articles/${id}`);
  await api.dispose();
});

/** What a card is named: 'Article #' and the last 8 characters of the id. */
const cardName = (article: { id: string }) => `Article #${article.id.slice(-8)}`;

/** The cards' names, top to bottom. */
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

test('a word of the raw text finds its article, marked in the snippet; ?q= holds it and Back restores the list', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/articles');
  await expect(page.getByRole('article').first()).toBeVisible();
  const allTab = page.getByRole('tab', { name: /All Articles/ });
  const total = Number((await allTab.textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThanOrEqual(24);

  const box = page.getByRole('searchbox', { name: 'Search articles' });
  // `/` from outside a field focuses the box.
  await page.getByRole('heading', { name: 'Articles Management' }).click();
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await box.pressSequentially(word.toUpperCase(), { delay: 15 });

  await expect(page).toHaveURL(new RegExp(`[?&]q=${word.toUpperCase()}(&|$)`));
  await expect(page.getByRole('article')).toHaveCount(1);
  const card = page.getByRole('article');
  await expect(card).toHaveAccessibleName(cardName(target));
  await expect(card.getByText('Field notes from the island')).toBeVisible();
  // The server's snippet of the raw text, the word marked where the server says (any case typed).
  await expect(card.locator('mark')).toHaveText([word]);
  await expect(card.getByText(`the ${word} smiles`)).toBeVisible();
  await expect(allTab).toContainText('1');
  // While searching with no order chosen, the list comes by best match.
  await expect(page.getByRole('combobox', { name: 'Sort articles' })).toHaveValue('relevance');

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

test('a source site and an order live in the URL and order the list; Back undoes each', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/articles');
  await expect(page.getByRole('article').first()).toBeVisible();

  const site = page.getByRole('combobox', { name: 'Filter by source site' });
  await site.selectOption({ label: `${shelfSite} (3)` });
  await expect(page).toHaveURL(new RegExp(`[?&]site=${shelfSite.replace(/\./g, '\\.')}(&|$)`));
  // The tabs count the site's articles; newest first.
  await expect(page.getByRole('tab', { name: /All Articles/ })).toContainText('3');
  await expect(cardNames(page)).toHaveText([...shelf].reverse().map(cardName));

  const sort = page.getByRole('combobox', { name: 'Sort articles' });
  await expect(sort).toHaveValue('newest');
  await sort.selectOption({ label: 'Title A–Z' });
  await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]site=${shelfSite.replace(/\./g, '\\.')}(&|$)`));
  // Alpha, Bravo, Charlie: the second, third and first created.
  await expect(cardNames(page)).toHaveText([shelf[1]!, shelf[2]!, shelf[0]!].map(cardName));
  await expect(page.getByRole('article').first().getByText('Alpha at dawn')).toBeVisible();

  // A reload keeps both.
  await page.reload();
  await expect(sort).toHaveValue('title');
  await expect(site).toHaveValue(shelfSite);
  await expect(cardNames(page)).toHaveText([shelf[1]!, shelf[2]!, shelf[0]!].map(cardName));

  // Back: the site's list newest first again, then every site.
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(sort).toHaveValue('newest');
  await expect(cardNames(page)).toHaveText([...shelf].reverse().map(cardName));
  await page.goBack();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(site).toHaveValue('');
});

test('the table shows 15 rows and more at 1440x900, is remembered, titles its rows and opens one by keyboard', async ({
  page,
}) => {
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

  // A search finds the target: its row is titled by the article's title.
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  const rows = grid.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('gridcell').first()).toHaveText('Field notes from the island');

  // A shared link with a site and an order: the shelf by title.
  await page.goto(`/articles?site=${shelfSite}&sort=title`);
  await expect(rows).toHaveCount(4);
  await expect(grid.getByRole('row').locator('[role="gridcell"]:first-child')).toHaveText([
    'Alpha at dawn',
    'Bravo in the rain',
    'Charlie goes north',
  ]);

  // Tab reaches the grid's first row (one tab stop); the arrow keys move; Enter opens.
  for (let i = 0; i < 24; i++) {
    await page.keyboard.press('Tab');
    if (await rows.nth(1).evaluate((row) => row === document.activeElement)) break;
  }
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(3)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/articles/${shelf[2]!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bravo in the rain' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Article Slug Editor' })).toBeVisible();
});
