// The Sources screen: the sources in their states (following, failing and backing off, paused),
// none yet, loading, failed; one added (and refused), a poll now (and one under way), a source
// paused, its articles watched, its entries (one refused by robots.txt), one deleted; and a viewer, who sees them only.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages, sourceMessages } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { failingSource, healthySource, pausedSource, sampleSourceEntries } from '../../fixtures';
import { authHandlers, sourceHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready, opened } from '../plays';
import { body, type ScreenStory as Story, using } from '../screen';
import { card, openEntries, sourcesScreen, t } from './sourcesScreen';

export default { title: 'Screens/Sources', tags: ['!autodocs'], ...sourcesScreen } satisfies Meta<typeof AppStory>;

/** A feed followed and healthy, a sitemap failing and backing off (why, and when it is tried again), a paused feed. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.title, level: 1 }, ready)).toBeVisible();
    await expect(await canvas.findByRole('list', { name: t.list.label }, ready)).toBeVisible();
    await expect(canvas.getByRole('list', { name: t.list.label }).children).toHaveLength(3);
    const healthy = await card(canvasElement, healthySource.title!);
    await expect(healthy.getByText(t.source.following)).toBeVisible();
    await expect(healthy.getByText(t.source.counts(healthySource.counts), { exact: false })).toBeVisible();
    const failing = await card(canvasElement, failingSource.feedUrl);
    await expect(failing.getByText(t.source.failingTitle(3))).toBeVisible();
    await expect(failing.getByText(failingSource.lastError!)).toBeVisible();
    await expect(failing.getByText(t.source.retryAt(formatDateTime(failingSource.nextPollAt!)))).toBeVisible();
    await expect(failing.getByText(t.source.include('/posts/'))).toBeVisible();
    const paused = await card(canvasElement, pausedSource.title!);
    await expect(paused.getByRole('button', { name: t.source.resumeLabel(pausedSource.feedUrl) })).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach: using(() => sourceHandlers.empty()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.list.emptyTitle }, ready)).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.form.submit })).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: using(() => sourceHandlers.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.list.loading, undefined, ready)).toBeVisible();
    await expect(canvas.queryByRole('list', { name: t.list.label })).toBeNull();
  },
};

/** The database is down: the server's words, and Try Again. */
export const Failed: Story = {
  beforeEach: using(() => sourceHandlers.failing()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', undefined, ready)).toHaveTextContent(serverMessages.databaseUnavailable);
    await expect(canvas.getByRole('heading', { name: t.list.errorTitle })).toBeVisible();
  },
};

/** A site's page added: the server found two feeds on it, follows the first, and says so. */
export const AddFromPage: Story = {
  beforeEach: using(() => sourceHandlers.empty()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: t.form.url }, ready), 'https://www.example.com/');
    await userEvent.type(canvas.getByRole('spinbutton', { name: t.form.interval }), '30');
    await userEvent.click(canvas.getByRole('button', { name: t.form.submit }));
    const added = t.form.added('https://www.example.com/feed.xml', ['https://www.example.com/feed.xml', 'https://www.example.com/atom.xml']);
    await expect(await canvas.findByText(added, undefined, ready)).toBeVisible();
    const source = await card(canvasElement, 'https://www.example.com/feed.xml');
    await expect(source.getByText(t.source.every(30), { exact: false })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: t.form.url })).toHaveValue('');
  },
};

/** A page that names no feed, then a private address: the server's words under the form, what was typed kept, nothing added. */
export const AddRefused: Story = {
  beforeEach: using(() => sourceHandlers.empty()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const url = await canvas.findByRole('textbox', { name: t.form.url }, ready);
    await userEvent.type(url, 'https://www.example.com/nofeed');
    await userEvent.click(canvas.getByRole('button', { name: t.form.submit }));
    await expect(await canvas.findByText(sourceMessages.noFeedFound, undefined, ready)).toBeVisible();
    await userEvent.clear(url);
    await userEvent.type(url, 'http://192.168.1.20/feed.xml');
    await userEvent.click(canvas.getByRole('button', { name: t.form.submit }));
    await expect(
      await canvas.findByText('This address is not allowed: private, loopback and link-local addresses cannot be scraped', undefined, ready),
    ).toBeVisible();
    await expect(url).toHaveValue('http://192.168.1.20/feed.xml');
    await expect(canvas.getByRole('heading', { name: t.list.emptyTitle })).toBeVisible();
  },
};

/** Nothing typed, and an interval under 5 minutes: said at the fields, nothing sent. */
export const AddIncomplete: Story = {
  beforeEach: using(() => sourceHandlers.empty()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.form.submit }, ready));
    await expect(canvas.getByText(t.form.urlRequired)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: t.form.url })).toHaveFocus();
    await userEvent.type(canvas.getByRole('textbox', { name: t.form.url }), 'https://www.example.com/feed.xml');
    await userEvent.type(canvas.getByRole('spinbutton', { name: t.form.interval }), '2');
    await userEvent.click(canvas.getByRole('button', { name: t.form.submit }));
    await expect(canvas.getByText(t.form.intervalInvalid)).toBeVisible();
    await expect(canvas.getByRole('spinbutton', { name: t.form.interval })).toHaveFocus();
  },
};

/** Poll now: the source answers one new entry, made a draft; the card says so and its counts grow. */
export const PollNow: Story = {
  play: async ({ canvasElement }) => {
    const healthy = await card(canvasElement, healthySource.title!);
    await userEvent.click(healthy.getByRole('button', { name: t.source.pollNowLabel(healthySource.feedUrl) }));
    const polled = t.source.polled({ found: 1, created: 1, skipped: 0, refused: 0, failed: 0, notModified: 0, error: null });
    await expect(await healthy.findByText(polled, undefined, ready)).toBeVisible();
    const counts = { ...healthySource.counts, found: 49, created: 42 };
    await waitFor(() => expect(healthy.getByText(t.source.counts(counts), { exact: false })).toBeVisible(), ready);
    // Its drafts a day: today's one more.
    const drafts = healthySource.draftsPerDay!.reduce((sum, d) => sum + d.drafts, 0);
    await expect(healthy.getByText(t.source.drafts(30, drafts + 1, 3))).toBeVisible();
  },
};

/** Watching a source's articles turned on: the server keeps it, and the card says what it means. */
export const WatchTurnedOn: Story = {
  play: async ({ canvasElement }) => {
    const failing = await card(canvasElement, failingSource.feedUrl);
    const watch = failing.getByRole('checkbox', { name: t.source.watch });
    await expect(watch).not.toBeChecked();
    await userEvent.click(watch);
    await expect(await failing.findByText(t.source.watchOn, undefined, ready)).toBeVisible();
    await waitFor(() => expect(watch).toBeChecked(), ready);
  },
};

/** A poll under way: its button says so until the poll ends (a feed of many new pages takes a while: one page a second). */
export const Polling: Story = {
  beforeEach: using(() => sourceHandlers.api(), () => sourceHandlers.pollRunning()),
  play: async ({ canvasElement }) => {
    const healthy = await card(canvasElement, healthySource.title!);
    const button = healthy.getByRole('button', { name: t.source.pollNowLabel(healthySource.feedUrl) });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'), ready);
    await expect(button).toHaveTextContent(t.source.polling);
    await expect(button).toHaveAccessibleName(`${t.source.polling} ${healthySource.feedUrl}`);
  },
};

/** A poll that could not read the source: its reason, as a refusal. */
export const PollFailed: Story = {
  beforeEach: using(() =>
    sourceHandlers.api({ poll: { found: 0, created: 0, skipped: 0, refused: 0, failed: 0, notModified: 0, error: 'The address answered with status 503' } }),
  ),
  play: async ({ canvasElement }) => {
    const failing = await card(canvasElement, failingSource.feedUrl);
    await userEvent.click(failing.getByRole('button', { name: t.source.pollNowLabel(failingSource.feedUrl) }));
    await expect(await failing.findByRole('alert', undefined, ready)).toHaveTextContent('The poll failed: The address answered with status 503');
  },
};

/** Pause, then Resume: each says what it did, and the other button takes the focus. */
export const PauseAndResume: Story = {
  play: async ({ canvasElement }) => {
    const healthy = await card(canvasElement, healthySource.title!);
    await userEvent.click(healthy.getByRole('button', { name: t.source.pauseLabel(healthySource.feedUrl) }));
    await expect(await healthy.findByText(t.source.pausedDone, undefined, ready)).toBeVisible();
    const resume = await healthy.findByRole('button', { name: t.source.resumeLabel(healthySource.feedUrl) }, ready);
    await waitFor(() => expect(resume).toHaveFocus(), ready);
    await expect(healthy.getByText(t.source.paused)).toBeVisible();
    await userEvent.click(resume);
    await expect(await healthy.findByText(t.source.resumedDone, undefined, ready)).toBeVisible();
    await expect(healthy.getByText(t.source.following)).toBeVisible();
  },
};

/** The entries of a source: a draft made (with its link), one skipped as scraped before, one refused by robots.txt, one failed. */
export const Entries: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEntries(canvasElement, healthySource.title!, healthySource.feedUrl);
    const list = await dialog.findByRole('list', { name: t.log.listLabel }, ready);
    await expect(list.children).toHaveLength(4);
    const [created, skipped, refused, failed] = sampleSourceEntries()[healthySource.id]!;
    const refusedRow = within(dialog.getByRole('listitem', { name: refused!.title! }));
    await expect(refusedRow.getByText(t.log.state.refused)).toBeVisible();
    await expect(refusedRow.getByText(sourceMessages.disallowed)).toBeVisible();
    const createdRow = within(dialog.getByRole('listitem', { name: created!.title! }));
    await expect(createdRow.getByRole('link', { name: t.log.article })).toHaveAttribute('href', `/articles/${created!.articleId}`);
    await expect(within(dialog.getByRole('listitem', { name: skipped!.title! })).getByRole('link', { name: t.log.matched })).toBeVisible();
    await expect(within(dialog.getByRole('listitem', { name: failed!.url })).getByText(failed!.reason!)).toBeVisible();
  },
};

/** A source with no entry yet (added, not polled). */
export const EntriesEmpty: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEntries(canvasElement, pausedSource.title!, pausedSource.feedUrl);
    await expect(await dialog.findByText(t.log.empty, undefined, ready)).toBeVisible();
  },
};

/** Delete asks first; confirmed, the source goes and the screen says so. */
export const Delete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const paused = await card(canvasElement, pausedSource.title!);
    await userEvent.click(paused.getByRole('button', { name: t.source.deleteLabel(pausedSource.feedUrl) }));
    const dialog = await opened(body(canvasElement).findByRole('alertdialog', { name: t.remove.title }, ready));
    await expect(within(dialog).getByText(t.remove.body(pausedSource.feedUrl))).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: t.remove.confirm }));
    await expect(await canvas.findByText(t.remove.done(pausedSource.feedUrl), undefined, ready)).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('list', { name: t.list.label }).children).toHaveLength(2), ready);
  },
};

/** A viewer sees the sources and their entries, and is told who may manage them: no Add, no Poll, no Delete. */
export const AsViewer: Story = {
  beforeEach: using(() => authHandlers.signedInAs('viewer')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('list', { name: t.list.label }, ready)).toBeVisible();
    await expect(canvas.getByText(t.manageRefused('Only an admin or an editor may add, poll, pause or remove sources'))).toBeVisible();
    const healthy = await card(canvasElement, healthySource.title!);
    await expect(healthy.getByRole('button', { name: t.source.entriesLabel(healthySource.feedUrl) })).toBeVisible();
    await expect(healthy.queryByRole('button', { name: t.source.pollNowLabel(healthySource.feedUrl) })).toBeNull();
    await expect(canvas.queryByRole('button', { name: t.form.submit })).toBeNull();
  },
};
