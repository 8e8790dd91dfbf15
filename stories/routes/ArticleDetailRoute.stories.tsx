import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { http, HttpResponse } from 'msw';
import { shortId } from '../../src/lib/format';
import { texts } from '../../src/lib/texts';
import { trashTexts } from '../../src/lib/texts-articles';
import { articleEditTexts as e } from '../../src/lib/texts-article-edits';

import { draftKey, draftTime, type ArticleDraft } from '../../src/lib/articleDraft';
import { toaster } from '../../src/components/common/Toaster';
import { articles, articleWithoutUrls, makeArticle } from '../fixtures';
import { articleHandlers, authHandlers } from '../mocks';

import { ArticleDetailView } from '../../src/components/article-detail';
import { ArticleHistoryCard } from '../../src/components/article-history';
import { AppStory, storyLocation } from './AppStory';
import { askForTakenSlug, convertToDraft, findCannotEditDialog, findTitle, htmlCard, pressUntilGone, publish, ready, saveSlug, slugCard, takeSuggestion, tryToEditPublished } from './plays';
import { expectBusy } from '../busy';

import { a, s, forgetKeptDrafts, published, draft, takenSlug, atPublished, body, expectArticlesList, editHtmlUnsaved } from './articleDetailShared';

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

export const Draft: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Titled by the article's title, with its slug under it.
    await expect(await findTitle(canvasElement, draft.title!)).toHaveAccessibleDescription(draft.slug!);
    await expect(canvas.getByRole('switch', { name: a.draft })).not.toBeChecked();
    const slug = slugCard(canvasElement);
    await expect(slug.getByRole('textbox', { name: a.slugLabel })).toHaveValue(draft.slug);
    await expect(slug.getByRole('button', { name: a.save })).toBeDisabled();
    await expect(slug.getByRole('button', { name: a.verify })).toBeEnabled();
    await expect(canvas.queryByText(a.publishedLocked)).not.toBeInTheDocument();
    await expect(canvas.getByText(draft.scrappedData)).toBeVisible();
  },
};

export const Published: Story = {
  args: atPublished,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await findTitle(canvasElement, published.title!)).toBeVisible();
    await expect(canvas.getByRole('switch', { name: a.published })).toBeChecked();
    const slug = slugCard(canvasElement);
    await expect(slug.getByText(a.publishedLocked)).toBeVisible();
    await expect(slug.getByRole('button', { name: a.verify })).toBeDisabled();
    await expect(slug.getByRole('button', { name: a.save })).toBeDisabled();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.loadingArticle());
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status', undefined, ready)).toHaveTextContent(a.loading);
  },
};

/** How many times the unknown article was asked for (NotFound's Try Again asks again). */
let unknownAsked = 0;

export const NotFound: Story = {
  args: { path: '/articles/art_unknown' },
  beforeEach({ msw }) {
    unknownAsked = 0;
    // Counted, then answered by the working API (404).
    msw.use(
      http.get('*/api/articles/art_unknown', () => {
        unknownAsked++;
        return undefined;
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: a.notFound }, ready)).toBeVisible();
    await expect(canvas.getByText('Article not found')).toBeVisible();
    await expect(canvas.getByRole('link', { name: a.back })).toHaveAttribute('href', '/articles');
    const asked = unknownAsked;
    const retry = canvas.getByRole('button', { name: a.tryAgain });
    await userEvent.click(retry);
    // Asked again (not the first answer's heading still on show), the server still does not know the article.
    await waitFor(() => expect(unknownAsked).toBe(asked + 1));
    await expect(await canvas.findByRole('heading', { name: a.notFound })).toBeVisible();
  },
};

/** The server failed without saying why: the fallback text shows. */
export const FailedWithoutMessage: Story = {
  beforeEach({ msw }) {
    // Not our server (it always says what failed): a proxy or another API answering an empty message.
    msw.use(http.get('*/api/articles/:id', () => HttpResponse.json({ message: '' }, { status: 500 })));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: a.notFound }, ready)).toBeVisible();
    await expect(canvas.getByText(a.errorFallback)).toBeVisible();
    await expect(canvas.getByRole('button', { name: a.tryAgain })).toBeEnabled();
  },
};

export const PublishFlow: Story = {
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, draft.title!);
    await publish(canvasElement);
  },
};

export const PublishFails: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.failingPublish());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, draft.title!);
    await userEvent.click(canvas.getByRole('switch', { name: a.draft }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(a.publishFailed);
    await expect(canvas.getByRole('switch', { name: a.draft })).not.toBeChecked();
  },
};

export const ConvertFails: Story = {
  args: atPublished,
  beforeEach({ msw }) {
    msw.use(...articleHandlers.failingDraft());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, published.title!);
    await userEvent.click(canvas.getByRole('switch', { name: a.published }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(a.draftFailed);
    await expect(canvas.getByRole('switch', { name: a.published })).toBeChecked();
  },
};

/** At rest: a taken slug, its message and the server's suggestion with 'Use this'. */
export const SlugTaken: Story = {
  name: 'Slug taken, suggestion shown',
  play: async ({ canvasElement, step }) => {
    await findTitle(canvasElement, draft.title!);
    await step('a taken slug cannot be saved', () => askForTakenSlug(canvasElement, takenSlug, `${takenSlug}-2`));
  },
};

export const SlugUnavailableThenUseThis: Story = {
  play: async (context) => {
    await SlugTaken.play?.(context);
    const { canvasElement, step } = context;
    const suggestion = `${takenSlug}-2`;
    await step('Use this takes the suggestion, which can be saved', async () => {
      await takeSuggestion(canvasElement, suggestion);
      await saveSlug(canvasElement, suggestion);
    });
  },
};

export const SlugCheckError: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.failingSlugCheck());
  },
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, draft.title!);
    const card = slugCard(canvasElement);
    const field = card.getByRole('textbox', { name: a.slugLabel });
    await userEvent.clear(field);
    await userEvent.type(field, 'a-fresh-slug');
    await userEvent.click(card.getByRole('button', { name: a.verify }));
    await expect(await card.findByText(a.checking)).toBeVisible();
    // The check is retried twice (about 3 s) before it reports the error.
    await expect(await card.findByText(a.slugCheckError, undefined, { timeout: 10_000 })).toBeVisible();
  },
};

/** At rest: typing into a published article opened 'Cannot Edit Published Article'. */
export const BlockedEdit: Story = {
  name: 'Blocked edit: Cannot Edit Published Article',
  args: atPublished,
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, published.title!);
    const dialog = await tryToEditPublished(canvasElement, published.slug!);
    await expect(within(dialog).getByRole('button', { name: a.convertToDraft })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: a.cancel })).toBeEnabled();
  },
};

export const BlockedEditThenConvert: Story = {
  args: atPublished,
  play: async (context) => {
    await BlockedEdit.play?.(context);
    const { canvasElement } = context;
    const dialog = body(canvasElement).getByRole('alertdialog', { name: a.cannotEditTitle });
    await convertToDraft(canvasElement, dialog);
    await expect(within(canvasElement).getByRole('switch', { name: a.draft })).not.toBeChecked();
  },
};

/** At rest: the HTML edited and not yet saved; the preview already shows the edit. */
export const HtmlUnsaved: Story = {
  name: 'HTML edited, unsaved',
  play: ({ canvasElement }) => editHtmlUnsaved(canvasElement),
};

export const HtmlEditAndSave: Story = {
  play: async (context) => {
    await HtmlUnsaved.play?.(context);
    const { canvasElement } = context;
    const card = htmlCard(canvasElement);
    const save = card.getByRole('button', { name: a.save });
    await userEvent.click(save);
    await waitFor(() => expect(card.queryByText(a.unsaved)).not.toBeInTheDocument());
    await expect(save).toBeDisabled();
    // The saved HTML is the article's now: the Blog Data card shows it.
    await expect(within(canvasElement).getByText(`${draft.blogData}Fresh basil helps.`)).toBeVisible();
  },
};

export const DeleteNavigates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, draft.title!);
    await userEvent.click(canvas.getByRole('button', { name: a.delete }));
    await expectArticlesList(canvasElement);
    const allTab = canvas.getByRole('tab', { name: /All Articles/ });
    await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length - 1)));
    await expect(canvas.queryByRole('article', { name: texts.articles.cardTitle(shortId(draft.id)) })).not.toBeInTheDocument();
  },
};

/**
 * Delete goes to the list, which offers Undo for the deleted article ('Article deleted'); Undo
 * brings it back, into the list and the counts.
 */
export const DeleteThenUndo: Story = {
  beforeEach() {
    // The toasts live in a store shared by the stories of a page: this one starts without any.
    toaster.remove();
    return () => toaster.remove();
  },
  play: async (context) => {
    await DeleteNavigates.play?.(context);
    const { canvasElement } = context;
    const toast = await body(canvasElement).findByRole('status', { name: trashTexts.deleted }, ready);
    await waitFor(() => expect(toast).toBeVisible());
    await userEvent.click(within(toast).getByRole('button', { name: trashTexts.undo }));
    const restored = await body(canvasElement).findByRole('status', { name: trashTexts.restored }, ready);
    // It fades in.
    await waitFor(() => expect(restored).toBeVisible());
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('article', { name: texts.articles.cardTitle(shortId(draft.id)) }, ready),
    ).toBeVisible();
    await expect(canvas.getByRole('tab', { name: /All Articles/ })).toHaveTextContent(String(articles.length));
    // Its look has the toast: still there at the end (a slow machine can outlast its 5 s: run again).
    await expect(restored).toBeVisible();
  },
};

/** A draft scraped from a page with images the server could not store (the mocks warn for 'images'). */
const withImages = makeArticle({
  id: 'art_01JD8W4G7Q2Z9K3M5N6PIMAGES',
  title: 'Photo gallery',
  slug: 'photo-gallery',
  scrapedUrl: 'https://photos.example.com/images/gallery',
  blogData: '<h1>Gallery</h1><p>Edited by hand.</p>',
  scrappedData: 'Gallery, as first scraped.',
});

async function openRescrape(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: s.rescrape }));
  const dialog = await body(canvasElement).findByRole('dialog', { name: s.rescrapeTitle });
  // It fades in.
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/**
 * Re-scrape with 'Also replace the blog HTML': the result and its warnings show, and the page
 * shows the article the server answered (raw text and blog HTML both fresh).
 */
export const RescrapeWithWarnings: Story = {
  args: { path: `/articles/${withImages.id}` },
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api([...articles, withImages]));
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, withImages.title!);
    await expect(canvas.getByText(withImages.scrappedData)).toBeVisible();
    await step('the dialog says what happens and asks about the blog HTML', async () => {
      const dialog = await openRescrape(canvasElement);
      await expect(dialog).toHaveTextContent(`${s.rescrapeBody} ${withImages.scrapedUrl}`);
      await userEvent.click(within(dialog).getByRole('checkbox', { name: s.replaceBlogData }));
      await userEvent.click(within(dialog).getByRole('button', { name: s.rescrape }));
    });
    await step('the result, with the images kept at their original address', async () => {
      const dialog = body(canvasElement).getByRole('dialog', { name: s.rescrapeTitle });
      await expect(await within(dialog).findByRole('status')).toHaveTextContent(s.rescraped);
      await expect(dialog).toHaveTextContent('3 images imported');
      await expect(within(dialog).getByText(s.warningsTitle(2))).toBeVisible();
      await expect(dialog).toHaveTextContent('https://photos.example.com/media/poster.png — The image could not be fetched (HTTP 404).');
      await userEvent.click(within(dialog).getByRole('button', { name: s.close }));
      await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).not.toBeInTheDocument());
    });
    await step('the page shows the article as the server answered it', async () => {
      await expect(canvas.getByText('Scraped from https://photos.example.com/images/gallery, again.')).toBeVisible();
      await expect(canvas.queryByText(withImages.scrappedData)).not.toBeInTheDocument();
      // The page's blog HTML opens with its heading, the page's title ('Gallery'), as scraped pages do.
      await expect(
        canvas.getByText('<h1>Gallery</h1><p>Scraped from https://photos.example.com/images/gallery</p><p>Scraped again.</p>'),
      ).toBeVisible();
      // Taking the page's blog HTML again takes its title too: 'Gallery' (a text-only refresh keeps the admin's).
      await expect(canvas.getByRole('heading', { level: 1 })).toHaveAccessibleName('Gallery');
    });
  },
};

/** Without the box ticked, the blog HTML stays as edited. */
export const RescrapeKeepsBlogHtml: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, draft.title!);
    const dialog = await openRescrape(canvasElement);
    await expect(within(dialog).getByRole('checkbox', { name: s.replaceBlogData })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: s.rescrape }));
    await expect(await within(dialog).findByRole('status')).toHaveTextContent(s.rescraped);
    await expect(within(dialog).queryByText(/original address/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: s.close }));
    await expect(await canvas.findByText(`Scraped from ${draft.scrapedUrl}, again.`)).toBeVisible();
    await expect(canvas.getByText(draft.blogData!)).toBeVisible();
    // A text-only refresh keeps the admin's title.
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveAccessibleName(draft.title!);
  },
};

export const RescrapePending: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.slowRescrape());
  },
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, draft.title!);
    const dialog = await openRescrape(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: s.rescrape }));
    await expectBusy(await within(dialog).findByRole('button', { name: s.rescraping }));
    await expect(within(dialog).getByRole('button', { name: s.cancel })).toBeDisabled();
  },
};

/** The source page could not be fetched: the server's message in the dialog; the article is unchanged. */
export const RescrapeFails: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.failingRescrape());
  },
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, draft.title!);
    const dialog = await openRescrape(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: s.rescrape }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('The page could not be fetched (HTTP 503).');
    await expect(within(dialog).getByRole('button', { name: s.rescrape })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: s.cancel }));
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).not.toBeInTheDocument());
    await expect(within(canvasElement).getByText(draft.scrappedData)).toBeVisible();
  },
};

/**
 * On a published article Re-scrape is refused the way edits are: 'Cannot Edit Published
 * Article'; after Convert to Draft it opens.
 */
export const RescrapeRefusedOnPublished: Story = {
  args: atPublished,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, published.title!);
    await userEvent.click(canvas.getByRole('button', { name: s.rescrape }));
    const blocked = await findCannotEditDialog(canvasElement);
    await expect(body(canvasElement).queryByRole('dialog', { name: s.rescrapeTitle })).not.toBeInTheDocument();
    await convertToDraft(canvasElement, blocked);
    await expect(await openRescrape(canvasElement)).toBeVisible();
  },
};

/** Published meanwhile: the server refuses and the page shows the same dialog as for an edit. */
export const RescrapePublishedMeanwhile: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.rescrapeRefusedPublished());
  },
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, draft.title!);
    const dialog = await openRescrape(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: s.rescrape }));
    await findCannotEditDialog(canvasElement);
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog', { name: s.rescrapeTitle })).not.toBeInTheDocument());
  },
};

/** An article with no source address has nothing to scrape again. */
export const NoRescrapeWithoutSource: Story = {
  args: { path: `/articles/${articleWithoutUrls.id}` },
  beforeEach({ msw }) {
    msw.use(...articleHandlers.api([...articles, articleWithoutUrls]));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, articleWithoutUrls.title!);
    await expect(canvas.getByRole('switch', { name: a.draft })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: s.rescrape })).not.toBeInTheDocument();
  },
};

// No lost work: leaving asks first, the browser keeps the unsaved HTML, two admins' saves meet.

/** What the HTML edit of `HtmlUnsaved` makes of the draft's blog HTML. */
const edited = `${draft.blogData}Fresh basil helps.`;

/** The leave dialog, once it has faded in. */
async function findLeaveDialog(canvasElement: HTMLElement) {
  const dialog = await body(canvasElement).findByRole('alertdialog', { name: e.leaveTitle });
  await waitFor(() => expect(within(dialog).getByText(e.leaveBody)).toBeVisible());
  return dialog;
}

/** At rest: an unsaved HTML edit, and a sidebar link clicked; the page asks first and stays where it is. */
export const LeaveAsksFirst: Story = {
  name: 'Leave with unsaved edits: asked first',
  play: async (context) => {
    await HtmlUnsaved.play?.(context);
    const { canvasElement } = context;
    await userEvent.click(within(canvasElement).getByRole('link', { name: texts.sidebar.articles }));
    const dialog = await findLeaveDialog(canvasElement);
    await expect(within(dialog).getByRole('button', { name: e.stay })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: e.leave })).toBeEnabled();
    await expect(storyLocation(canvasElement).pathname).toBe(`/articles/${draft.id}`);
  },
};

/** Stay: the dialog closes, the page and the edit are still there. */
export const LeaveThenStay: Story = {
  play: async (context) => {
    await LeaveAsksFirst.play?.(context);
    const { canvasElement } = context;
    const dialog = body(canvasElement).getByRole('alertdialog', { name: e.leaveTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: e.stay }));
    await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(storyLocation(canvasElement).pathname).toBe(`/articles/${draft.id}`);
    const card = htmlCard(canvasElement);
    await expect(card.getByText(a.unsaved)).toBeVisible();
    await expect(card.getByRole('textbox', { name: a.htmlEditorLabel })).toHaveTextContent(edited);
  },
};

/** The back button asks too; Leave goes to the list, and the dropped edit is not kept for later. */
export const LeaveThenLeave: Story = {
  play: async (context) => {
    await HtmlUnsaved.play?.(context);
    const { canvasElement } = context;
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: a.back }));
    const dialog = await findLeaveDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: e.leave }));
    await expectArticlesList(canvasElement);
    await expect(storyLocation(canvasElement).pathname).toBe('/articles');
    await expect(body(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument();
    await expect(localStorage.getItem(draftKey(draft.id))).toBeNull();
  },
};

/** Once saved, nothing is unsaved: a link leaves without asking. */
export const SavedThenLeaveWithoutAsking: Story = {
  play: async (context) => {
    await HtmlEditAndSave.play?.(context);
    const { canvasElement } = context;
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: texts.sidebar.articles }));
    await expectArticlesList(canvasElement);
    await expect(body(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};

/** Delete goes to the list (docs/product.md, 'Article detail') even with an unsaved edit: the page's own flow is not held. */
export const DeleteWithUnsavedEdit: Story = {
  play: async (context) => {
    await HtmlUnsaved.play?.(context);
    const { canvasElement } = context;
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: a.delete }));
    await expectArticlesList(canvasElement);
    await expect(body(canvasElement).queryByRole('alertdialog', { name: e.leaveTitle })).not.toBeInTheDocument();
    await expect(localStorage.getItem(draftKey(draft.id))).toBeNull();
  },
};

/** An edit the browser kept a few minutes ago, of the article as it still is. */
const kept: ArticleDraft = {
  html: `${draft.blogData}<p>Kept from last time.</p>`,
  basedOn: draft.updatedAt,
  savedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
};

function keepDraft(value: ArticleDraft) {
  localStorage.setItem(draftKey(draft.id), JSON.stringify(value));
}

/** The browser kept `kept` for the draft. */
const withKeptDraft = {
  beforeEach() {
    keepDraft(kept);
  },
};

/** The notice the page opens with when the browser kept an unsaved edit (a polite status). */
async function findRestoreNotice(canvasElement: HTMLElement, savedAt: string) {
  await findTitle(canvasElement, draft.title!);
  const prompt = await within(canvasElement).findByText(e.restorePrompt(draftTime(savedAt)), undefined, ready);
  const notice = prompt.closest<HTMLElement>('[role="status"]');
  await expect(notice).not.toBeNull();
  return notice!;
}

/** At rest: the page opens with the kept edit on offer. */
export const RestoreOffered: Story = {
  name: 'Kept edit: Restore your unsaved edit?',
  ...withKeptDraft,
  play: async ({ canvasElement }) => {
    const notice = await findRestoreNotice(canvasElement, kept.savedAt);
    await expect(notice).not.toHaveTextContent(e.changedSince);
    // Not restored by itself: the editor shows the saved HTML until the admin chooses.
    const card = htmlCard(canvasElement);
    await expect(card.queryByText(a.unsaved)).not.toBeInTheDocument();
  },
};

/** Restore puts the kept edit in the editor, unsaved. */
export const RestoreThenRestored: Story = {
  ...withKeptDraft,
  play: async (context) => {
    await RestoreOffered.play?.(context);
    const { canvasElement } = context;
    await pressUntilGone(canvasElement, e.restore);
    const card = htmlCard(canvasElement);
    const editor = await card.findByRole('textbox', { name: a.htmlEditorLabel }, ready);
    await waitFor(() => expect(editor).toHaveTextContent(kept.html));
    await expect(card.getByText(a.unsaved)).toBeVisible();
    await expect(card.getByRole('button', { name: a.save })).toBeEnabled();
  },
};

/** Discard forgets the kept edit: the notice goes, the editor keeps the saved HTML, the browser keeps nothing. */
export const RestoreThenDiscarded: Story = {
  ...withKeptDraft,
  play: async (context) => {
    await RestoreOffered.play?.(context);
    const { canvasElement } = context;
    await pressUntilGone(canvasElement, e.discard);
    await expect(localStorage.getItem(draftKey(draft.id))).toBeNull();
    const card = htmlCard(canvasElement);
    const editor = await card.findByRole('textbox', { name: a.htmlEditorLabel }, ready);
    await expect(editor).toHaveTextContent(draft.blogData!);
    await expect(card.queryByText(a.unsaved)).not.toBeInTheDocument();
  },
};

/**
 * The article was saved since the kept edit began: the notice says so; restored and saved, the
 * edit meets the newer version in the conflict panel.
 */
export const RestoreChangedSince: Story = {
  beforeEach() {
    keepDraft({ ...kept, basedOn: '2025-12-01T09:00:00.000Z' });
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const notice = await findRestoreNotice(canvasElement, kept.savedAt);
    await expect(notice).toHaveTextContent(e.changedSince);
    await step('Restore and Save: the server has a newer version', async () => {
      await userEvent.click(canvas.getByRole('button', { name: e.restore }));
      const card = htmlCard(canvasElement);
      await waitFor(() => expect(card.getByRole('textbox', { name: a.htmlEditorLabel })).toHaveTextContent(kept.html));
      await userEvent.click(card.getByRole('button', { name: a.save }));
      const conflict = await findConflict(canvasElement);
      await expect(conflict.getByRole('region', { name: e.mine })).toHaveTextContent(kept.html);
    });
  },
};

/** The conflict panel, once the newer version is there. */
async function findConflict(canvasElement: HTMLElement) {
  return within(
    await within(canvasElement).findByRole('region', { name: `${e.conflictTitle}: ${e.conflictField.blogData}` }, ready),
  );
}

/** Another admin saves the article, through the API, while this page has it open. */
async function saveAsAnotherAdmin(id: string, blogData: string) {
  const response = await fetch(`/api/articles/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ blogData }),
  });
  await expect(response.status).toBe(200);
}

const theirs = `${draft.blogData}<p>Edited by another admin.</p>`;

/** At rest: another admin saved while this one edited; Save shows their version beside the edit. */
export const ConflictOnSave: Story = {
  name: 'Two admins: conflict on save',
  play: async (context) => {
    await HtmlUnsaved.play?.(context);
    const { canvasElement } = context;
    await saveAsAnotherAdmin(draft.id, theirs);
    await userEvent.click(htmlCard(canvasElement).getByRole('button', { name: a.save }));
    const conflict = await findConflict(canvasElement);
    await expect(conflict.getByRole('region', { name: /^Newer version, saved / })).toHaveTextContent(theirs);
    await expect(conflict.getByRole('region', { name: e.mine })).toHaveTextContent(edited);
    // Not a bare error: the panel says what happened.
    await expect(conflict.getByRole('alert')).toHaveTextContent(e.conflictBody);
    await expect(within(canvasElement).queryByText(/changed since it was loaded/)).not.toBeInTheDocument();
    await expect(htmlCard(canvasElement).getByText(a.unsaved)).toBeVisible();
  },
};

/** Keep mine saves the edit over the newer version: the panel goes and the article has this admin's HTML. */
export const ConflictKeepMine: Story = {
  play: async (context) => {
    await ConflictOnSave.play?.(context);
    const { canvasElement } = context;
    await pressUntilGone(canvasElement, e.keepMine, await findConflict(canvasElement));
    const card = htmlCard(canvasElement);
    await waitFor(() => expect(card.queryByText(a.unsaved)).not.toBeInTheDocument());
    // The Blog Data card shows the article as saved.
    await expect(within(canvasElement).getByText(edited)).toBeVisible();
    await expect(within(canvasElement).queryByText(theirs)).not.toBeInTheDocument();
  },
};

/** Take theirs drops the edit: the editor shows the other admin's HTML, nothing is unsaved. */
export const ConflictTakeTheirs: Story = {
  play: async (context) => {
    await ConflictOnSave.play?.(context);
    const { canvasElement } = context;
    await pressUntilGone(canvasElement, e.takeTheirs, await findConflict(canvasElement));
    const card = htmlCard(canvasElement);
    await waitFor(() => expect(card.getByRole('textbox', { name: a.htmlEditorLabel })).toHaveTextContent(theirs));
    await expect(card.queryByText(a.unsaved)).not.toBeInTheDocument();
    await expect(card.getByRole('button', { name: a.save })).toBeDisabled();
  },
};

// History: every write is a revision, compared and restored from the article page.
