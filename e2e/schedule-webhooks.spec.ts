/**
 * Time and the site, against the real server: a receiver registered on the Webhooks screen (its
 * secret read from the screen, shown once); an article scheduled from its page 10 s ahead shows
 * on the Scheduled tab, is published by the server's scheduler without anyone touching it (the
 * open page follows), and the receiver gets a signed `article.published` delivery that verifies
 * with that secret.
 */
import type { APIRequestContext } from '@playwright/test';
import { startReceiver, type Receiver } from '../server/test/webhook-receiver';
import { test, expect, apiAs, createArticle, signIn } from './support';

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

let api: APIRequestContext;
let receiver: Receiver;

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  receiver = await startReceiver('/hooks');
});

test.afterAll(async () => {
  await api.dispose();
  await receiver.close();
});

/** The wall clock in UTC `ms` from now, to the second, as a datetime-local input takes it. */
const utcWallClock = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19);

test('schedule a publish 10 s ahead: Scheduled, then published on time, and a signed webhook delivered', async ({ page }) => {
  await signIn(page, '/webhooks');
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

  // Register the receiver: the signing secret is shown once.
  await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
  // Chakra's checkbox: a visually hidden input under its drawn box, which takes the click (hence force).
  await page.getByRole('checkbox', { name: 'Article published' }).check({ force: true });
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = (await page.getByTestId('one-time-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_/);
  receiver.secret = secret;
  await expect(page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem', { name: receiver.url })).toBeVisible();

  const article = await createArticle(api, {
    title: 'Published by the clock',
    slug: 'published-by-the-clock',
    blogData: '<p>Nobody pressed Publish.</p>',
  });

  // Schedule it from its page, 10 s ahead, in UTC.
  await page.goto(`/articles/${article.id}`);
  const card = page.getByRole('region', { name: 'Schedule' });
  await card.getByRole('combobox', { name: 'Time zone' }).selectOption('UTC');
  const at = utcWallClock(10_000);
  await card.getByLabel('Publish at').fill(at);
  await expect(card.getByText(`= ${at.slice(0, 10)} ${at.slice(11)} UTC`)).toBeVisible();
  await card.getByRole('button', { name: 'Save schedule' }).click();
  await expect(card.getByRole('status')).toHaveText('Schedule saved.');
  await expect(card.getByText(/^Publishes /)).toBeVisible();

  // The Scheduled tab lists it with its badge.
  await page.goto('/articles?status=scheduled');
  const listed = page.getByRole('article').filter({ hasText: 'Published by the clock' });
  await expect(listed).toBeVisible();
  await expect(listed.getByTitle(/^Publishes /)).toBeVisible();

  // The open article page follows when the time comes: published, nothing left scheduled.
  await page.goto(`/articles/${article.id}`);
  await expect(page.getByRole('switch', { name: 'Published' })).toBeChecked({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Schedule' }).getByText('Nothing is scheduled for this article.')).toBeVisible();

  // The receiver got the event, signed with the secret the screen showed.
  await receiver.waitFor(1, 30_000);
  const delivery = receiver.received.find((d) => d.type === 'article.published');
  expect(delivery).toBeDefined();
  expect(delivery!.verified).toBe(true);
  expect(delivery!.data).toMatchObject({ id: article.id, slug: 'published-by-the-clock' });

  // The delivery log says it was delivered.
  await page.goto('/webhooks');
  await page.getByRole('button', { name: `Deliveries to ${receiver.url}` }).click();
  const log = page.getByRole('dialog', { name: `Deliveries to ${receiver.url}` });
  await expect(log.getByText('Article published', { exact: false }).first()).toBeVisible();
  await expect(log.getByText('Delivered', { exact: true }).first()).toBeVisible();
});
