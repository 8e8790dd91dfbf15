/**
 * A team's workflow, end to end on the real server: an author writes a draft and asks for its
 * review; the editor is told by the bell, comments on a sentence and asks for changes; the author
 * edits around that sentence, finds the comment still on it, resolves it and asks again; the
 * editor approves and schedules it; the articles' calendar shows the publish.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, apiAs, signInAsNew } from './support';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
});
test.afterAll(() => api.dispose());

const SENTENCE = 'The boats left before the sun came up over the hill.';
// Two people through some thirty steps (a minute on a busy CI machine): more than the default test's time.
test.setTimeout(180_000);

const region = (page: Page, name: string) => page.getByRole('region', { name });
const htmlCard = (page: Page) => region(page, 'Live HTML Editor & Preview');

test('ask for review, comment on a sentence, edit around it, resolve, approve, schedule: the calendar shows it', async ({ browser }) => {
  const editor = await signInAsNew(api, browser, 'flow-editor@example.com', 'editor');
  const author = await signInAsNew(api, browser, 'flow-author@example.com', 'author');

  // The author writes a draft and asks for its review.
  const made = await author.request.post('/api/articles', {
    data: { title: 'Harbour at dawn', slug: 'harbour-at-dawn-flow', blogData: `<p>${SENTENCE}</p><p>The gulls followed them.</p>` },
  });
  expect(made.status()).toBe(201);
  const { id } = ((await made.json()) as { data: { id: string } }).data;
  await author.goto(`/articles/${id}`);
  await region(author, 'Review').getByRole('button', { name: 'Ask for review' }).click();
  await expect(region(author, 'Review').getByRole('status')).toHaveText('Review requested');

  // The editor's bell says so; the notification opens the article at its review.
  await editor.goto('/articles');
  const bell = editor.getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.click();
  await region(editor, 'Notifications').getByRole('button', { name: /asked for your review of "harbour-at-dawn-flow"/ }).click();
  await expect(editor).toHaveURL(new RegExp(`/articles/${id}#review$`));
  await expect(editor.getByRole('region', { name: 'Review', exact: true })).toBeInViewport();
  await expect(editor.getByRole('button', { name: 'Notifications' })).toBeVisible();

  // A comment on the sentence, then changes asked for.
  const comments = region(editor, 'Comments');
  await comments.getByLabel('New comment').fill('Say whose boats, @flow-author@example.com.');
  await comments.getByLabel('On the passage (optional)').fill(SENTENCE);
  await comments.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(comments.getByText(`“${SENTENCE}”`)).toBeVisible();
  await region(editor, 'Review').getByLabel('Note to the author').fill('Say whose boats they are.');
  await region(editor, 'Review').getByRole('button', { name: 'Ask for changes' }).click();
  await expect(region(editor, 'Review').getByRole('status')).toHaveText('Changes requested');

  // The author's open page hears both at once (the bell's live stream: it would otherwise ask
  // again only 20 s later).
  await expect(author.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();

  // The author edits around the sentence: the comment is still on it; resolved, review asked again.
  await author.reload();
  const editorBox = htmlCard(author).getByRole('textbox', { name: 'Blog HTML' });
  await editorBox.click();
  await author.keyboard.press('ControlOrMeta+Home');
  await author.keyboard.type('<p>Dawn, Tuesday.</p>');
  await author.keyboard.press('ControlOrMeta+End');
  await author.keyboard.type('<p>They belong to the harbour trust.</p>');
  await htmlCard(author).getByRole('button', { name: 'Save' }).click();
  await expect(htmlCard(author).getByText('Unsaved changes')).toBeHidden();
  const thread = region(author, 'Comments').getByRole('group', { name: 'Thread by flow-editor@example.com' });
  await expect(thread.getByText(`“${SENTENCE}”`)).toBeVisible();
  await expect(thread.getByText('Detached: its passage is no longer in the article')).toBeHidden();
  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect(thread.getByText('Resolved by flow-author@example.com')).toBeVisible();
  await region(author, 'Review').getByRole('button', { name: 'Ask for review again' }).click();
  await expect(region(author, 'Review').getByRole('status')).toHaveText('Review requested');

  // The editor approves and, in the same step, schedules its publish for tomorrow, 09:00 in the
  // browser's zone; the Schedule section then shows it.
  await editor.reload();
  const reviewing = region(editor, 'Review');
  await reviewing.getByRole('combobox', { name: 'Once approved' }).selectOption({ label: 'Schedule its publish' });
  const zone = await editor.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(reviewing.getByText(`Read in ${zone};`, { exact: false })).toBeVisible();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await reviewing.getByLabel('Publish at').fill(`${tomorrow}T09:00:00`);
  await reviewing.getByRole('button', { name: 'Approve and schedule' }).click();
  await expect(reviewing.getByRole('status')).toHaveText('Article approved and its publish scheduled');
  await expect(region(editor, 'Schedule').getByLabel('Publish at', { exact: true })).toHaveValue(`${tomorrow}T09:00`);

  // The calendar shows the publish, on tomorrow's day.
  await editor.goto('/articles');
  await editor.getByRole('button', { name: 'Calendar view' }).click();
  if (tomorrow.slice(0, 7) !== new Date().toISOString().slice(0, 7)) await editor.getByRole('button', { name: 'Next month' }).click();
  await expect(editor.getByRole('button', { name: /^Publish \d\d:\d\d · Harbour at dawn$/ })).toBeVisible();

  await author.context().close();
  await editor.context().close();
});
