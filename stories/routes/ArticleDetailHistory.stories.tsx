// The article page's stories, continued (the same title as ArticleDetailRoute.stories.tsx, in a
// file of their own so the test-runner's two workers share the screen): its history, schedule,
// SEO fields and checks, near-copies, what each role sees, and who else is editing.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { duplicatesTexts as dup } from '../../src/lib/texts-duplicates';
import { http } from 'msw';

import { historyTexts as h } from '../../src/lib/texts-history';
import { presenceMessages, roleMessages, scheduleMessages, serverMessages, whoMay, type Presence } from '../../src/contract';
import { presenceTexts as p } from '../../src/lib/texts-presence';

import { scheduleTexts as sched } from '../../src/lib/texts-schedule';
import { instantToWallClock } from '../../src/lib/zonedTime';
import { scheduledText } from '../../src/components/schedule/scheduleText';
import { draftTime } from '../../src/lib/articleDraft';

import { articles, daysFromNow, files, makeArticle, scheduledSamples } from '../fixtures';
import { articleHandlers, authHandlers, errorResponse, fileHandlers } from '../mocks';
import { seoTexts as seo } from '../../src/lib/texts-seo';
import { checksTexts as chk } from '../../src/lib/texts-checks';
import { checkTexts } from '../../src/contract';
import type { SeedRevision } from '../mocks/history';
import { ArticleDetailView } from '../../src/components/article-detail';
import { ArticleHistoryCard } from '../../src/components/article-history';
import { clickRefused, expectRefused } from '../refused';
import { AppStory } from './AppStory';
import { findCannotEditDialog, findTitle, htmlCard, ready, saveSlug, slugCard } from './plays';
import { expectBusy } from '../busy';

import { a, s, roles, forgetKeptDrafts, published, draft, atPublished, body, editHtmlUnsaved } from './articleDetailShared';

/** Signed in, with a working articles API; a story adds the variant it shows in front of it. */
const meta = {
  title: 'Screens/ArticleDetail',
  tags: ['!autodocs'],
  component: AppStory,
  // The screen the route renders, from useArticleEditor's props.
  subcomponents: { ArticleDetailView, ArticleHistoryCard },
  args: { path: `/articles/${draft.id}` },
  parameters: { layout: 'fullscreen' },
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedIn(), ...articleHandlers.api());
    // The page keeps unsaved HTML in localStorage per article: each story starts and ends without any.
    forgetKeptDrafts();
    return forgetKeptDrafts;
  },
} satisfies Meta<typeof AppStory>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The History card (a region named by its heading). */
const historyCard = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('region', { name: h.title }, ready));
/** The revisions listed in the History card, once they have come. */
async function revisionRows(canvasElement: HTMLElement) {
  const card = await historyCard(canvasElement);
  return within(await card.findByRole('list', { name: h.listLabel }, ready)).getAllByRole('listitem');
}
const versionOne = '<h1>Tomatoes</h1>\n<p>Tomatoes need sun and water.</p>';
const versionTwo = '<h1>Tomatoes</h1>\n<p>Tomatoes need sun, water and patience.</p>';
/** The draft, scraped, then edited twice by two admins: three revisions, the last one the article. */
const draftHistory = {
  [draft.id]: [
    { action: 'scrape' as const, actor: 'dana@example.com', createdAt: '2026-11-17T08:00:00.000Z', snapshot: { blogData: versionOne, sourceHtml: `<div class="post">${versionOne}<div class="ad">Buy seeds</div></div>` } },
    { action: 'edit' as const, actor: 'sam@example.com', createdAt: '2026-11-17T09:00:00.000Z', snapshot: { blogData: versionTwo } },
    { action: 'edit' as const, actor: 'dana@example.com', createdAt: draft.updatedAt, snapshot: { blogData: draft.blogData } },
  ],
};
const withHistory = (histories: Record<string, readonly SeedRevision[]>) => articleHandlers.api(articles, [], { histories });

/** A scraped article not edited since: its one revision, and what the history will hold. */
export const HistoryOneRevision: Story = {
  play: async ({ canvasElement }) => {
    const rows = await revisionRows(canvasElement);
    await expect(rows).toHaveLength(1);
    await expect(rows[0]).toHaveTextContent('Scraped');
    await expect((await historyCard(canvasElement)).getByText(h.onlyOne)).toBeVisible();
  },
};

/** 45 revisions: 20 at a time, the older ones on demand. */
export const HistoryLong: Story = {
  beforeEach({ msw }) {
    const seeds = Array.from({ length: 45 }, (_, i) => ({
      action: i === 0 ? ('scrape' as const) : i % 5 === 0 ? ('publish' as const) : i % 5 === 1 && i > 1 ? ('draft' as const) : ('edit' as const),
      actor: i % 2 ? 'sam@example.com' : 'dana@example.com',
      createdAt: new Date(Date.parse('2026-10-01T08:00:00.000Z') + i * 3_600_000).toISOString(),
      snapshot: { blogData: `<p>Version ${i + 1}</p>` },
    }));
    msw.use(...withHistory({ [draft.id]: seeds }));
  },
  play: async ({ canvasElement }) => {
    await expect(await revisionRows(canvasElement)).toHaveLength(20);
    const card = await historyCard(canvasElement);
    await expect(card.getByText(new RegExp(h.count(20, 45)))).toBeVisible();
    await userEvent.click(card.getByRole('button', { name: h.loadMore }));
    await waitFor(async () => expect(await revisionRows(canvasElement)).toHaveLength(40));
    await userEvent.click(card.getByRole('button', { name: h.loadMore }));
    await waitFor(async () => expect(await revisionRows(canvasElement)).toHaveLength(45));
    await expect(card.queryByRole('button', { name: h.loadMore })).not.toBeInTheDocument();
    await expect((await revisionRows(canvasElement)).at(-1)).toHaveAccessibleName(h.revision(1));
  },
};

export const HistoryLoading: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.loadingHistory());
  },
  play: async ({ canvasElement }) => {
    const card = await historyCard(canvasElement);
    await expect(await card.findByText(h.loading)).toBeVisible();
  },
};

export const HistoryFailing: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.failingHistory());
  },
  play: async ({ canvasElement }) => {
    const card = await historyCard(canvasElement);
    const alert = await card.findByRole('alert', undefined, ready);
    await expect(alert).toHaveTextContent(h.errorTitle);
    await expect(alert).toHaveTextContent('The database is not reachable right now.');
  },
};

/** The first revision beside the current version: the blog HTML word by word, then rendered. */
export const CompareWithCurrent: Story = {
  beforeEach({ msw }) {
    msw.use(...withHistory(draftHistory));
  },
  play: async ({ canvasElement }) => {
    const rows = await revisionRows(canvasElement);
    await expect(rows).toHaveLength(3);
    await userEvent.click(within(rows[2]!).getByRole('button', { name: h.compareWithCurrent }));
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: h.compareTitle }));
    const left = await dialog.findByRole('region', { name: h.side.revision(1, 'Scraped') });
    const right = dialog.getByRole('region', { name: h.side.current });
    await expect(within(left).getAllByRole('deletion').length).toBeGreaterThan(0);
    await expect(within(right).getAllByRole('insertion').map((d) => d.textContent).join(' ')).toContain('patience');
    await userEvent.click(dialog.getByRole('tab', { name: h.tabs.preview }));
    await expect(await dialog.findByTitle(h.previewOf(h.side.current))).toHaveAttribute('srcdoc', draft.blogData);
    await userEvent.click(dialog.getByRole('button', { name: h.close }));
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog', { name: h.compareTitle })).not.toBeInTheDocument());
  },
};

/** Two revisions ticked and compared with each other. */
export const CompareTwoRevisions: Story = {
  beforeEach({ msw }) {
    msw.use(...withHistory(draftHistory));
  },
  play: async ({ canvasElement }) => {
    await revisionRows(canvasElement);
    const card = await historyCard(canvasElement);
    await expect(card.getByRole('button', { name: h.compareSelected })).toBeDisabled();
    await userEvent.click(card.getByRole('checkbox', { name: h.select(2) }));
    await userEvent.click(card.getByRole('checkbox', { name: h.select(1) }));
    await userEvent.click(card.getByRole('button', { name: h.compareSelected }));
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: h.compareTitle }));
    // The older on the left.
    const right = await dialog.findByRole('region', { name: h.side.revision(2, 'Edited') });
    await expect(within(right).getAllByRole('insertion').map((d) => d.textContent).join(' ')).toContain('patience');
    await expect(dialog.getByRole('region', { name: h.side.revision(1, 'Scraped') })).toBeVisible();
  },
};

/** The page as scraped beside the current blog HTML: the ad the extraction dropped shows struck through. */
export const CompareWithSource: Story = {
  beforeEach({ msw }) {
    msw.use(...withHistory(draftHistory));
  },
  play: async ({ canvasElement }) => {
    await revisionRows(canvasElement);
    await userEvent.click((await historyCard(canvasElement)).getByRole('button', { name: h.compareSource }));
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: h.compareTitle }));
    const source = await dialog.findByRole('region', { name: h.side.source });
    await expect(within(source).getAllByRole('deletion').map((d) => d.textContent).join('')).toContain('Buy seeds');
  },
};

/** A version on its way: the comparison waits. */
export const CompareLoading: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.loadingRevision(), ...withHistory(draftHistory));
  },
  play: async ({ canvasElement }) => {
    const rows = await revisionRows(canvasElement);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: h.compareWithCurrent }));
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: h.compareTitle }));
    // The dialog fades in.
    const loading = await dialog.findByText(h.loadingVersion);
    await waitFor(() => expect(loading).toBeVisible());
  },
};

/** Opens 'Restore this version' for revision `number` from its row's menu. */
async function askRestore(canvasElement: HTMLElement, number: number) {
  const rows = await revisionRows(canvasElement);
  const row = rows.find((item) => item.getAttribute('aria-label') === h.revision(number))!;
  await userEvent.click(within(row).getByRole('button', { name: h.actions(number) }));
  await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: h.restore }));
}

/** Restore the first version: it is the article again, and every later one stays listed. */
export const RestoreRevision: Story = {
  beforeEach({ msw }) {
    msw.use(...withHistory(draftHistory));
  },
  play: async ({ canvasElement, step }) => {
    await step('ask, and read what it means', async () => {
      await askRestore(canvasElement, 1);
      const dialog = within(await body(canvasElement).findByRole('alertdialog', { name: h.restoreTitle(1) }));
      // It fades in.
      await waitFor(() => expect(dialog.getByText(h.restoreBody(1))).toBeVisible());
      await userEvent.click(dialog.getByRole('button', { name: h.restore }));
    });
    await step('the article is revision 1 again; the history keeps the rest', async () => {
      const card = await historyCard(canvasElement);
      await expect(await card.findByText(h.restored(1))).toBeVisible();
      await waitFor(async () => expect(await revisionRows(canvasElement)).toHaveLength(4));
      const rows = await revisionRows(canvasElement);
      await expect(rows[0]).toHaveTextContent('Restored revision 1');
      await expect(within(rows[0]!).getByText(h.current)).toBeVisible();
      // The editor shows the restored blog HTML.
      await waitFor(() =>
        expect(htmlCard(canvasElement).getByRole('textbox', { name: a.htmlEditorLabel })).toHaveTextContent('Tomatoes need sun and water.'),
      );
      await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument());
    });
  },
};

/** Restoring: the dialog waits. */
export const RestorePending: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.slowRestore(), ...withHistory(draftHistory));
  },
  play: async ({ canvasElement }) => {
    await askRestore(canvasElement, 2);
    const dialog = within(await body(canvasElement).findByRole('alertdialog', { name: h.restoreTitle(2) }));
    await userEvent.click(dialog.getByRole('button', { name: h.restore }));
    await expectBusy(await dialog.findByRole('button', { name: new RegExp(h.restoring) }));
    await expect(dialog.getByRole('button', { name: h.cancel })).toBeDisabled();
  },
};

/** Another admin saved since the page loaded: the restore is refused with the server's words, nothing changed. */
export const RestoreRefusedStale: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.restoreRefused('stale_article'), ...withHistory(draftHistory));
  },
  play: async ({ canvasElement }) => {
    await askRestore(canvasElement, 1);
    const dialog = within(await body(canvasElement).findByRole('alertdialog', { name: h.restoreTitle(1) }));
    await userEvent.click(dialog.getByRole('button', { name: h.restore }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(serverMessages.articleStale);
    await userEvent.click(dialog.getByRole('button', { name: h.cancel }));
    await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(await revisionRows(canvasElement)).toHaveLength(3);
  },
};

/** A published article: restoring is editing, refused the way an edit is (convert to draft first). */
export const RestoreOnPublished: Story = {
  args: atPublished,
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, published.title!);
    await askRestoreWhenTwo(canvasElement);
    await expect(await findCannotEditDialog(canvasElement)).toBeVisible();
  },
  beforeEach({ msw }) {
    msw.use(
      ...withHistory({
        [published.id]: [{ action: 'create' }, { action: 'publish', snapshot: { status: 'published' } }],
      }),
    );
  },
};
async function askRestoreWhenTwo(canvasElement: HTMLElement) {
  await waitFor(async () => expect(await revisionRows(canvasElement)).toHaveLength(2));
  await askRestore(canvasElement, 1);
}

/** Published meanwhile in another tab: the server refuses, the page explains as for an edit. */
export const RestorePublishedMeanwhile: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.restoreRefused('article_published'), ...withHistory(draftHistory));
  },
  play: async ({ canvasElement }) => {
    await askRestore(canvasElement, 1);
    const dialog = within(await body(canvasElement).findByRole('alertdialog', { name: h.restoreTitle(1) }));
    await userEvent.click(dialog.getByRole('button', { name: h.restore }));
    await expect(await findCannotEditDialog(canvasElement)).toBeVisible();
  },
};

/** Unsaved edits on the page: a restore would replace them, so it waits for a save or reset. */
export const RestoreWithUnsavedEdits: Story = {
  beforeEach({ msw }) {
    msw.use(...withHistory(draftHistory));
  },
  play: async ({ canvasElement }) => {
    await editHtmlUnsaved(canvasElement);
    await askRestore(canvasElement, 1);
    const card = await historyCard(canvasElement);
    await expect(await card.findByRole('alert')).toHaveTextContent(h.unsavedBlocks);
    await expect(body(canvasElement).queryByRole('alertdialog', { name: h.restoreTitle(1) })).not.toBeInTheDocument();
  },
};

/** Name a revision and pin it: the row says so. */
export const PinAndName: Story = {
  beforeEach({ msw }) {
    msw.use(...withHistory(draftHistory));
  },
  play: async ({ canvasElement }) => {
    const rows = await revisionRows(canvasElement);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: h.actions(2) }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: h.rename }));
    const form = within(await body(canvasElement).findByRole('dialog', { name: h.labelTitle(2) }));
    await userEvent.type(form.getByRole('textbox', { name: h.nameLabel }), 'Approved by legal');
    await userEvent.click(form.getByRole('checkbox', { name: h.pinLabel }));
    await userEvent.click(form.getByRole('button', { name: h.save }));
    await waitFor(async () => expect((await revisionRows(canvasElement))[1]).toHaveTextContent('“Approved by legal”'));
    await expect(within((await revisionRows(canvasElement))[1]!).getByText(h.pinned)).toBeVisible();
  },
};

// Scheduled publishing (the Schedule card; its states are in Components/ArticleDetail/ScheduleCard).
const [, unpublishLater, failedPublish] = scheduledSamples();

/** The Schedule card of a draft, whole: a time chosen in Paris, saved; the card then says when it publishes, with UTC. */
export const SchedulePublish: Story = {
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: sched.title }, ready));
    await userEvent.selectOptions(card.getByRole('combobox', { name: sched.zoneLabel }), 'Europe/Paris');
    const at = daysFromNow(4);
    fireEvent.change(card.getByLabelText(sched.publishLabel), { target: { value: instantToWallClock(at, 'Europe/Paris').slice(0, 16) } });
    await userEvent.click(card.getByRole('button', { name: sched.save }));
    await waitFor(() => expect(card.getByRole('status')).toHaveTextContent(sched.saved));
    await expect(card.getByText(scheduledText('publish', at, 'Europe/Paris'))).toBeVisible();
    await expect(card.queryByText(sched.nothingScheduled)).toBeNull();
  },
};

/** A published article with its unpublishing scheduled and a late note; Clear removes the time. */
export const ScheduledUnpublish: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api([...articles, unpublishLater!]));
  },
  args: { path: `/articles/${unpublishLater!.id}` },
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: sched.title }, ready));
    await expect(card.getByText(unpublishLater!.scheduleNote!)).toBeVisible();
    await expect(card.getByText(scheduledText('unpublish', unpublishLater!.unpublishAt!, 'America/New_York'))).toBeVisible();
    await userEvent.click(card.getByRole('button', { name: sched.clearUnpublish }));
    await waitFor(() => expect(card.getByRole('status')).toHaveTextContent(sched.cleared));
    await expect(card.getByText(sched.nothingScheduled)).toBeVisible();
  },
};

/** A published article takes no publish time: the server's refusal (here, a second tab published it meanwhile). */
export const SchedulePublishedMeanwhile: Story = {
  beforeEach({ msw }) {
    msw.use(http.patch('*/api/articles/:id', () => errorResponse('schedule_published')));
  },
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: sched.title }, ready));
    fireEvent.change(card.getByLabelText(sched.publishLabel), { target: { value: instantToWallClock(daysFromNow(2), 'UTC').slice(0, 16) } });
    await userEvent.click(card.getByRole('button', { name: sched.save }));
    await expect(await card.findByRole('alert')).toHaveTextContent(scheduleMessages.alreadyPublished);
  },
};

/** A scheduled publish failed (no slug): the reason, and Retry, which fails again while the slug is missing. */
export const ScheduleFailedRetry: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api([...articles, failedPublish!]));
  },
  args: { path: `/articles/${failedPublish!.id}` },
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: sched.title }, ready));
    const alert = within(card.getByRole('alert'));
    await expect(alert.getByText(scheduleMessages.failed('publish'))).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: sched.retry }));
    await expect(await alert.findByText(`${scheduleMessages.failed('publish')}: ${scheduleMessages.noSlug}`)).toBeVisible();
  },
};

const seoCard = (canvasElement: HTMLElement) => within(canvasElement).findByRole('region', { name: seo.title }, ready);

/** Opens the SEO and social card: the open card (its own, once the library's images are asked for). */
async function openSeoCard(canvasElement: HTMLElement) {
  await userEvent.click(within(await seoCard(canvasElement)).getByRole('button', { name: seo.show }));
  await within(canvasElement).findByRole('form', { name: seo.title }, ready);
  return within(await seoCard(canvasElement));
}

/** The SEO and social card, closed until asked for: it opens on the meta title, and its fields save (PATCH `{ seo }`). */
export const SeoFields: Story = {
  beforeEach({ msw }) {
    msw.use(...fileHandlers.api());
  },
  play: async ({ canvasElement }) => {
    await expect(within(await seoCard(canvasElement)).getByText(seo.closedNone)).toBeVisible();
    const card = await openSeoCard(canvasElement);
    const title = card.getByLabelText(seo.metaTitleLabel);
    await waitFor(() => expect(title).toHaveFocus());
    const image = files.find((file) => file.type === 'image')!;
    // The library's images are read once the card is open.
    await waitFor(() => expect(card.getByRole('option', { name: image.name })).toBeInTheDocument());
    await userEvent.type(title, 'Balcony tomatoes');
    await userEvent.selectOptions(card.getByLabelText(seo.socialImageLabel), image.name);
    await userEvent.click(card.getByRole('button', { name: seo.save }));
    await waitFor(() => expect(card.getByRole('status')).toHaveTextContent(seo.saved));
    // Saved: the page's article (read again) carries it.
    await expect(card.getByLabelText(seo.metaTitleLabel)).toHaveValue('Balcony tomatoes');
    await expect(card.getByLabelText(seo.socialImageLabel)).toHaveValue(image.id);
  },
};

/** On a published article the fields are read-only, saying why, as the other editors do. */
export const SeoOnPublished: Story = {
  args: atPublished,
  beforeEach({ msw }) {
    msw.use(...fileHandlers.api());
  },
  play: async ({ canvasElement }) => {
    const card = await openSeoCard(canvasElement);
    await expect(card.getByText(a.publishedLocked)).toBeVisible();
    // Its fields take no focus: the card's heading has it.
    await waitFor(() => expect(card.getByRole('heading', { name: seo.title })).toHaveFocus());
    await expect(card.getByLabelText(seo.metaTitleLabel)).toBeDisabled();
    await expect(card.queryByRole('button', { name: seo.save })).toBeNull();
  },
};

/** A draft whose HTML skips a heading level, has an image without alt text and a link that answers 404. */
const toCheck = makeArticle({
  id: 'article_checks',
  slug: 'harbour-at-dawn',
  title: 'The harbour at dawn',
  blogData:
    '<h2>Morning</h2><p>The boats come in early. <a href="https://harbour.example.com/broken-page">More</a></p><h4>Prices</h4><img src="/api/files/file_02/content">',
});

/**
 * The checks before publishing: the result the server kept from its own run after the last
 * change (the items to fix, the words and reading time), run again on demand; an item to fix
 * puts its place in the HTML editor in view, selected.
 */
export const ChecksRun: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api([...articles, toCheck]));
  },
  args: { path: `/articles/${toCheck.id}` },
  play: async ({ canvasElement, step }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: chk.title }, ready));
    await step('the kept result is there on opening', async () => {
      // Eight words (the headings' and the link's too) and 12 s for the image: a minute.
      await expect(await card.findByText(`${chk.outcome(3)} ${chk.reading(8, 1)}`, {}, ready)).toBeVisible();
      await expect(card.getByText('https://harbour.example.com/broken-page')).toBeVisible();
      // Said to a screen reader too: the outcome is in a live region.
      await expect(card.getByRole('status')).toHaveTextContent(chk.outcome(3));
      await expect(card.getByText(new RegExp(checkTexts.altMissing.slice(0, 20)))).toBeVisible();
      await expect(card.getByText('/api/files/file_02/content')).toBeVisible();
      await expect(card.getByText('Prices')).toBeVisible();
    });
    await step('run again on demand', async () => {
      await userEvent.click(card.getByRole('button', { name: chk.runAgain }));
      await expect(await card.findByRole('button', { name: chk.runAgain }, ready)).toBeEnabled();
      await expect(card.getByRole('status')).toHaveTextContent(chk.outcome(3));
    });
    await step('an item to fix shows its place in the HTML editor', async () => {
      const editor = await within(canvasElement).findByRole('textbox', { name: a.htmlEditorLabel }, ready);
      await userEvent.click(card.getByRole('button', { name: chk.showLabel(chk.kinds.alt, '/api/files/file_02/content') }));
      await waitFor(() => expect(editor).toHaveFocus());
      await waitFor(() => expect(canvasElement.ownerDocument.getSelection()?.toString()).toBe('<img src="/api/files/file_02/content">'));
      await userEvent.click(card.getByRole('button', { name: chk.showLabel(chk.kinds.headings, 'Prices') }));
      await waitFor(() => expect(canvasElement.ownerDocument.getSelection()?.toString()).toBe('<h4>Prices</h4>'));
    });
    // Whether a clicked button's focus ring is drawn follows Chromium's guess: let go for the look.
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

const harbourText = Array.from(
  { length: 6 },
  (_, i) => `Part ${i + 1}. The fishing boats came into the old harbour at dawn, the market opened early, and the buyers from the town argued over the price of herring until noon.`,
).join(' ');
const original = makeArticle({ id: 'art_copies_00000ORIGINAL', slug: 'harbour-original', title: 'The harbour at dawn', scrapedUrl: 'https://news.example.com/2026/harbour', scrappedData: harbourText });
const ampCopy = makeArticle({ id: 'art_copies_000000AMPCOPY', slug: 'harbour-amp', title: 'The harbour at dawn (AMP)', scrapedUrl: 'https://amp.news.example.com/2026/harbour/amp', scrappedData: `${harbourText} Read more on our site.` });
const wireCopy = makeArticle({ id: 'art_copies_00000WIRECOPY', slug: 'harbour-wire', title: 'Dawn at the harbour, from the wire', scrapedUrl: 'https://wire.example.org/harbour-dawn', scrappedData: harbourText.replace('herring', 'mackerel') });

/** Scraped again from its AMP address, and carried by a wire service: the page says what it looks like a copy of, with links. */
export const LooksLikeACopy: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api([...articles, original, ampCopy, wireCopy]));
  },
  args: { path: `/articles/${ampCopy.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(dup.title(2, ''), {}, ready)).toBeVisible();
    const items = within(canvas.getByRole('list', { name: dup.listLabel })).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    // The same address once normalised, then the text alike.
    await expect(within(items[0]!).getByRole('link', { name: original.title! })).toHaveAttribute('href', `/articles/${original.id}`);
    await expect(items[0]).toHaveTextContent(/the same address once normalised/);
    await expect(within(items[1]!).getByRole('link', { name: wireCopy.title! })).toBeVisible();
  },
};

/**
 * An author on a draft: they edit it (the slug saves), delete it and scrape it again; publishing
 * and scheduling are an editor's, which the switch's tooltip and the Schedule card say.
 */
export const AuthorOnDraft: Story = {
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedInAs('author'));
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, draft.title!);
    await step('the switch shows the status; publishing is refused, with who may', async () => {
      const toggle = canvas.getByRole('switch', { name: a.draft });
      await expect(toggle).toHaveAccessibleDescription(roles.author.whyNot('publishArticle')!);
      const trigger = toggle.closest('[data-part="trigger"]') as HTMLElement;
      await expectRefused(toggle, roles.author.whyNot('publishArticle')!, trigger);
      await clickRefused(toggle, trigger);
      await expect(toggle).not.toBeChecked();
      await expect(canvas.queryByText(a.publishedOk)).toBeNull();
    });
    await step('scheduling is refused: the card shows the schedule and who may change it', async () => {
      const schedule = within(canvas.getByRole('region', { name: sched.title }));
      await expect(schedule.getByText(roles.author.whyNot('scheduleArticle')!)).toBeVisible();
      await expect(schedule.queryByRole('button', { name: sched.save })).toBeNull();
    });
    await step('Delete and Re-scrape are theirs on a draft', async () => {
      await expect(canvas.getByRole('button', { name: a.delete })).not.toHaveAttribute('aria-disabled');
      await expect(canvas.getByRole('button', { name: s.rescrape })).not.toHaveAttribute('aria-disabled');
    });
    await step('the slug is theirs to edit', async () => {
      const field = slugCard(canvasElement).getByRole('textbox', { name: a.slugLabel });
      await userEvent.clear(field);
      await userEvent.type(field, 'an-authors-draft');
      await saveSlug(canvasElement, 'an-authors-draft');
    });
  },
};

/**
 * An author on a published article: nothing is theirs to change. The fields are read-only and say
 * who may (no Convert to Draft is offered: that is an editor's too); Delete and Re-scrape are
 * refused with the reason; the history offers comparisons only.
 */
export const AuthorOnPublished: Story = {
  args: atPublished,
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedInAs('author'));
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const reason = roles.author.whyNot('updateArticle', { published: true })!;
    await findTitle(canvasElement, published.title!);
    await step('the editors are read-only, and say who may change a published article', async () => {
      await expect(slugCard(canvasElement).getByText(reason)).toBeVisible();
      await expect(htmlCard(canvasElement).getByText(reason)).toBeVisible();
      await expect(canvas.queryByText(a.publishedLocked)).toBeNull();
      const field = slugCard(canvasElement).getByRole('textbox', { name: a.slugLabel });
      await expect(field).toHaveAttribute('readonly');
      await userEvent.type(field, 'x');
      await expect(field).toHaveValue(published.slug);
      // Typing offers no Convert to Draft: that is not theirs either.
      await expect(body(canvasElement).queryByRole('alertdialog')).toBeNull();
    });
    await step('Delete and Re-scrape are refused, with who may', async () => {
      await expectRefused(canvas.getByRole('button', { name: a.delete }), reason);
      await expectRefused(canvas.getByRole('button', { name: s.rescrape }), reason);
    });
    await step('unpublishing is refused too', async () => {
      await expect(canvas.getByRole('switch', { name: a.published })).toHaveAccessibleDescription(
        roles.author.whyNot('convertArticleToDraft')!,
      );
    });
    await step('the history offers comparisons only', async () => {
      await revisionRows(canvasElement);
      const history = await historyCard(canvasElement);
      await expect(history.getByText(reason)).toBeVisible();
      await expect(history.queryByRole('button', { name: h.actions(1) })).toBeNull();
    });
  },
};

/**
 * A viewer reads an article and changes nothing: every change says who may make it, and the
 * history has no restore, pin or name.
 */
export const Viewer: Story = {
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedInAs('viewer'));
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const viewer = roles.viewer;
    await findTitle(canvasElement, draft.title!);
    await step('the editors are read-only and say who may edit', async () => {
      await expect(slugCard(canvasElement).getByText(viewer.whyNot('updateArticle')!)).toBeVisible();
      await expect(slugCard(canvasElement).getByRole('button', { name: a.verify })).toBeDisabled();
      await expect(slugCard(canvasElement).getByRole('textbox', { name: a.slugLabel })).toHaveAttribute('readonly');
    });
    await step('publish, delete, re-scrape and schedule are refused, each saying who may', async () => {
      await expect(canvas.getByRole('switch', { name: a.draft })).toHaveAccessibleDescription(viewer.whyNot('publishArticle')!);
      await expectRefused(canvas.getByRole('button', { name: a.delete }), viewer.whyNot('deleteArticle')!);
      await expectRefused(canvas.getByRole('button', { name: s.rescrape }), viewer.whyNot('rescrapeArticle')!);
      await expect(within(canvas.getByRole('region', { name: sched.title })).getByText(viewer.whyNot('scheduleArticle')!)).toBeVisible();
    });
    await step('the history can be read, not changed', async () => {
      await revisionRows(canvasElement);
      const history = await historyCard(canvasElement);
      await expect(history.getByText(viewer.whyNot('restoreArticleRevision')!)).toBeVisible();
      await expect(history.queryByRole('button', { name: h.actions(1) })).toBeNull();
    });
  },
};

/**
 * The article was published by an editor after the author opened it: the server refuses the
 * author's save (403 `forbidden_role`), the page says so in its words, and the edit stays.
 */
export const AuthorSaveRefused: Story = {
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedInAs('author', { published: new Set([draft.id]) }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, draft.title!);
    const field = slugCard(canvasElement).getByRole('textbox', { name: a.slugLabel });
    await userEvent.clear(field);
    await userEvent.type(field, 'too-late');
    await userEvent.click(slugCard(canvasElement).getByRole('button', { name: a.save }));
    await expect(await canvas.findByRole('alert', undefined, ready)).toHaveTextContent(
      roleMessages.forbidden(roleMessages.changePublished, whoMay('updateArticle', true), 'author'),
    );
    await expect(field).toHaveValue('too-late');
    await expect(slugCard(canvasElement).getByText(a.unsaved)).toBeVisible();
  },
};

// Who else is on the article -------------------------------------------------------------------

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
/** Another editor, editing the draft for 8 minutes. */
const dana: Presence = {
  tab: 'tab-dana-0001',
  userId: 'user-dana',
  email: 'dana@example.com',
  role: 'editor',
  openedAt: minutesAgo(10),
  editingSince: minutesAgo(8),
};

/** Opening an article someone is editing: who and since when; the editors are read-only until a take-over. */
export const SomeoneIsEditing: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.presence({ others: [dana] }));
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, draft.title!);
    const notice = await canvas.findByTestId('editing-notice', {}, ready);
    await expect(notice).toHaveTextContent(p.isEditing(dana.email, draftTime(dana.editingSince!)));
    await expect(canvas.getByRole('group', { name: p.others(1) })).toBeVisible();
    await step('the editors are read-only, saying who is editing', async () => {
      await expect(htmlCard(canvasElement).getByText(p.readOnly(dana.email))).toBeVisible();
      await expect(slugCard(canvasElement).getByRole('textbox', { name: a.slugLabel })).toHaveAttribute('readonly');
    });
    await step('View read-only keeps them so, and says it', async () => {
      await userEvent.click(canvas.getByRole('button', { name: p.viewReadOnly }));
      await expect(notice).toHaveTextContent(p.readOnly(dana.email));
    });
    await step('Take over: the notice goes and the editors are editable', async () => {
      await userEvent.click(canvas.getByRole('button', { name: p.takeOver }));
      await waitFor(() => expect(canvas.queryByTestId('editing-notice')).toBeNull(), ready);
      await expect(slugCard(canvasElement).getByRole('textbox', { name: a.slugLabel })).not.toHaveAttribute('readonly');
    });
  },
};

/** The lease lapsed before the take-over reached the server: the refusal shows, nothing else changes. */
export const TakeOverOfLapsedLease: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.presence({ others: [dana], lapsed: true }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('editing-notice', {}, ready);
    await userEvent.click(canvas.getByRole('button', { name: p.takeOver }));
    await expect(await canvas.findByText(presenceMessages.leaseLapsed, {}, ready)).toBeVisible();
  },
};

/** The other side: this page was editing, and Dana took over; the page is read-only and says so. */
export const TakenOver: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.presence({ others: [dana], taken: { by: dana.email, at: minutesAgo(0) } }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByTestId('taken-over-notice', {}, ready);
    await expect(notice).toHaveTextContent(p.takenOverHint);
    await expect(htmlCard(canvasElement).getByText(p.takenReadOnly(dana.email))).toBeVisible();
    await expect(canvas.queryByTestId('editing-notice')).toBeNull();
  },
};
