/**
 * Accessibility audit: axe-core (WCAG 2.0/2.1 A and AA, and best practices) on every screen of
 * the console, on a desktop and a phone viewport, in light and dark colour mode, against a
 * server seeded through the API (draft and published articles with blog HTML and URLs, an
 * image and a PDF). Any violation fails the test, with its rule, impact and targets. Two phone
 * layouts are also checked by their geometry: the article's slug input keeps a usable width,
 * and the figure cards of the dashboard and the file manager sit two to a row.
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { test, expect, adminEmail, apiAs, createArticle, pdfBytes, pngBytes, signIn } from './support';

test.describe.configure({ mode: 'serial' });

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
const MODES = ['light', 'dark'] as const;

let api: APIRequestContext;
const articleIds: string[] = [];
const fileIds: string[] = [];
let draftId = '';
let publishedId = '';

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  const blog = (title: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>` +
    // Long enough that the HTML editor scrolls (its scroll area must be reachable by keyboard).
    Array.from({ length: 40 }, (_, i) => `\n<p>Paragraph ${i + 1} of the blog post, long enough to wrap on a phone.</p>`).join('') +
    `\n</body></html>`;
  const draft = await createArticle(api, {
    slug: 'audit-draft-article',
    blogData: blog('Audit draft'),
    scrapedUrl: 'https://example.com/audit/draft',
    newUrl: 'https://blog.example.com/audit-draft-article',
    scrappedData: 'Scraped text of the draft article.',
  });
  const published = await createArticle(api, {
    slug: 'audit-published-article',
    blogData: blog('Audit published'),
    scrapedUrl: 'https://example.com/audit/published',
    newUrl: 'https://blog.example.com/audit-published-article',
    scrappedData: 'Scraped text of the published article.',
  });
  const plain = await createArticle(api, { scrappedData: 'An article with no slug yet.' });
  expect((await api.patch(`/api/articles/${published.id}/publish`)).ok()).toBe(true);
  draftId = draft.id;
  publishedId = published.id;
  articleIds.push(draft.id, published.id, plain.id);

  for (const file of [
    { name: 'audit-picture.png', mimeType: 'image/png', buffer: pngBytes },
    { name: 'audit-document.pdf', mimeType: 'application/pdf', buffer: pdfBytes },
  ]) {
    const res = await api.post('/api/files', { multipart: { file } });
    expect(res.status()).toBe(201);
    fileIds.push(((await res.json()) as { file: { id: string } }).file.id);
  }
});

// The other suites count what they create: leave the data folder as it was found.
test.afterAll(async () => {
  for (const id of articleIds) await api.delete(`/api/articles/${id}`);
  // Deleted for good: a delete alone keeps them in the trash, and the same bytes uploaded later
  // would bring them back instead of being stored.
  for (const id of fileIds) {
    await api.delete(`/api/files/${id}`);
    await api.delete(`/api/files/${id}/forever`);
  }
  await api.dispose();
});

interface AxeNode {
  target: unknown[];
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe on the page as it is; returns the violations as printable lines. */
async function audit(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown }> } })
      .axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations;
  }, TAGS);
  return (violations as AxeViolation[]).map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n      ${v.nodes.map((n) => JSON.stringify(n.target)).join('\n      ')}`,
  );
}

/** Nothing is busy or loading any more and the entry transitions are over. */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], .chakra-skeleton, .chakra-spinner') &&
      // Finite animations only: a blinking caret never ends.
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
  await page.evaluate(() => document.fonts.ready);
}

interface Screen {
  path: string;
  /** What is on the screen once it has drawn its data (not a heading: axe judges those). */
  ready: (page: Page) => Promise<void>;
}

const shows = (text: string | RegExp) => (page: Page) =>
  expect(page.getByText(text, { exact: true }).first()).toBeVisible();

const PUBLIC_SCREENS: Screen[] = [
  { path: '/login', ready: (page) => expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible() },
  { path: '/forgot-password', ready: shows('Forgot your password?') },
  { path: '/signup', ready: shows('Sign up') },
];

const editorReady = async (page: Page) => {
  await expect(page.getByRole('region', { name: 'Article Slug Editor' })).toBeVisible();
  await expect(page.locator('.cm-content')).toBeVisible();
};

const screens = (): Screen[] => [
  { path: '/', ready: (page) => expect(page.getByRole('group', { name: 'Total Articles', exact: true })).toBeVisible() },
  { path: '/articles', ready: shows(/audit-draft-article/) },
  { path: '/articles/new', ready: shows('New Article') },
  { path: `/articles/${draftId}`, ready: editorReady },
  { path: `/articles/${publishedId}`, ready: editorReady },
  { path: '/file-manager', ready: shows('audit-picture.png') },
  { path: '/account', ready: shows(adminEmail) },
  { path: '/analytics', ready: (page) => expect(page.getByRole('application', { name: /^Views per day, last 30 days/ })).toBeVisible() },
  { path: '/no-such-screen', ready: shows('NotFound') },
];

/** Loads the screen at the desktop size and audits it, then at the phone size. */
async function visit(page: Page, screen: Screen, found: string[]) {
  for (const size of ['desktop', 'phone'] as const) {
    if (size === 'desktop') {
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto(screen.path);
    } else {
      await page.setViewportSize(VIEWPORTS.phone);
    }
    await screen.ready(page);
    await settled(page);
    for (const line of await audit(page)) found.push(`${screen.path} @${size}: ${line}`);
  }
}

async function openContext(browser: Browser, baseURL: string, viewport: keyof typeof VIEWPORTS, mode: string) {
  // bypassCSP: the console's CSP refuses inline script, which is how axe is put in the page.
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], bypassCSP: true });
  await context.addInitScript((m) => localStorage.setItem('color-mode', m), mode);
  const page = await context.newPage();
  return { context, page };
}

for (const mode of MODES) {
  test(`no axe violations on any screen, desktop and phone, ${mode} mode`, async ({ browser, baseURL }) => {
    // Twelve screens, two sizes: about 22 s on an idle machine, twice that on a busy one.
    test.setTimeout(90_000);
    const { context, page } = await openContext(browser, baseURL!, 'desktop', mode);
    const found: string[] = [];
    try {
      for (const screen of PUBLIC_SCREENS) await visit(page, screen, found);
      await page.setViewportSize(VIEWPORTS.desktop);
      await signIn(page, '/');
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${mode}\\b`));
      for (const screen of screens()) await visit(page, screen, found);
    } finally {
      await context.close();
    }
    expect(found, `axe violations (${mode} mode):\n  ${found.join('\n  ')}`).toEqual([]);
  });
}

/** Four cards in two rows of two: each pair side by side, the second pair below the first. */
async function expectTwoByTwo(cards: Locator[]) {
  for (const card of cards) await expect(card).toBeVisible();
  const [a, b, c, d] = await Promise.all(
    cards.map(async (card) => {
      const box = await card.boundingBox();
      if (!box) throw new Error('a figure card has no box');
      return box;
    }),
  );
  if (!a || !b || !c || !d) throw new Error('four figure cards expected');
  for (const [left, right] of [
    [a, b],
    [c, d],
  ] as const) {
    expect(Math.abs(left.y - right.y), 'two cards on one row').toBeLessThan(2);
    expect(right.x, 'the second card right of the first').toBeGreaterThanOrEqual(left.x + left.width);
  }
  expect(c.y, 'the third card on the next row').toBeGreaterThanOrEqual(a.y + a.height);
}

/** Nothing of the page is pushed past the phone's right edge. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

test('phone layout: the slug title and input keep their width, figure cards sit two to a row', async ({ browser, baseURL }) => {
  const { context, page } = await openContext(browser, baseURL!, 'phone', 'light');
  try {
    await signIn(page, `/articles/${draftId}`);
    const slug = page.getByRole('region', { name: 'Article Slug Editor' }).getByRole('textbox', { name: 'Slug' });
    await expect(slug).toBeVisible();
    expect((await slug.boundingBox())?.width, 'slug input width at 390 px').toBeGreaterThanOrEqual(250);
    // The title (the slug) gets the row to itself, not a one-word column beside the buttons.
    const title = page.getByRole('heading', { level: 1, name: 'audit-draft-article' });
    expect((await title.boundingBox())?.width, 'slug title width at 390 px').toBeGreaterThanOrEqual(250);
    await expectNoSideScroll(page);

    await page.goto('/');
    await expectTwoByTwo(
      ['Total Articles', 'Published', 'Drafts', 'Views Today'].map((name) => page.getByRole('group', { name, exact: true })),
    );
    await expectNoSideScroll(page);

    await page.goto('/file-manager');
    await expectTwoByTwo(
      ['Total Files', 'Images', 'PDFs', 'Storage Used'].map((label) =>
        page.locator('.chakra-card__root').filter({ has: page.getByText(label, { exact: true }) }),
      ),
    );
    await expectNoSideScroll(page);
  } finally {
    await context.close();
  }
});
