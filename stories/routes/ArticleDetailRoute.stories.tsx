import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { duplicatesTexts as dup } from '../../src/lib/texts-duplicates';
import { http, HttpResponse } from 'msw';
import { shortId } from '../../src/lib/format';
import { texts } from '../../src/lib/texts';
import { trashTexts } from '../../src/lib/texts-articles';
import { articleEditTexts as e } from '../../src/lib/texts-article-edits';
import { historyTexts as h } from '../../src/lib/texts-history';
import { presenceMessages, roleMessages, scheduleMessages, serverMessages, whoMay, type Presence } from '../../src/contract';
import { presenceTexts as p } from '../../src/lib/texts-presence';
import { accessFor } from '../../src/lib/access';
import { scheduleTexts as sched } from '../../src/lib/texts-schedule';
import { instantToWallClock } from '../../src/lib/zonedTime';
import { scheduledText } from '../../src/components/schedule/scheduleText';
import { draftKey, draftTime, type ArticleDraft } from '../../src/lib/articleDraft';
import { toaster } from '../../src/components/common/Toaster';
import { articles, articleWithoutUrls, daysFromNow, files, makeArticle, scheduledSamples } from '../fixtures';
import { articleHandlers, authHandlers, errorResponse, fileHandlers } from '../mocks';
import { seoTexts as seo } from '../../src/lib/texts-seo';
import { checksTexts as chk } from '../../src/lib/texts-checks';
import { checkTexts } from '../../src/contract';
import type { SeedRevision } from '../mocks/history';
import { ArticleDetailView } from '../../src/components/article-detail';
import { ArticleHistoryCard } from '../../src/components/article-history';
import { clickRefused, expectRefused } from '../refused';
import { AppStory, storyLocation } from './AppStory';
import {
  askForTakenSlug,
  convertToDraft,
  findCannotEditDialog,
  findTitle,
  htmlCard,
  pressUntilGone,
  publish,
  ready,
  saveSlug,
  slugCard,
  takeSuggestion,
  tryToEditPublished,
} from './plays';
import { expectBusy } from '../busy';

const a = texts.article;
const s = texts.scrape;
/** What each role may do, and why not, in the console's words. */
const roles = { author: accessFor('author'), viewer: accessFor('viewer') };

/** Every article's HTML the browser kept (src/lib/articleDraft), forgotten. */
function forgetKeptDrafts() {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  for (const key of keys) if (key?.startsWith('article-draft:')) localStorage.removeItem(key);
}

// In the sample list, even-numbered multiples of 3 are published: [0] is, [1] is a draft.
const published = articles[0]!;
const draft = articles[1]!;
/** Another article's slug: taken, so the check suggests `${takenSlug}-2`. */
const takenSlug = articles[2]!.slug!;

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

const atPublished = { path: `/articles/${published.id}` };
/** Dialogs and toasts are portalled to the page's body. */
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The articles list is the page now (after a Delete, or leaving). */
async function expectArticlesList(canvasElement: HTMLElement) {
  await expect(await within(canvasElement).findByRole('heading', { name: texts.articles.title }, ready)).toBeVisible();
}

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
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, draft.title!);
    const card = htmlCard(canvasElement);
    const editor = await card.findByRole('textbox', { name: a.htmlEditorLabel }, ready);
    await expect(card.getByRole('button', { name: a.save })).toBeDisabled();
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}{End}{/Control}Fresh basil helps.');
    await expect(card.getByText(a.unsaved)).toBeVisible();
    await expect(card.getByRole('button', { name: a.save })).toBeEnabled();
    await expect(card.getByRole('button', { name: a.reset })).toBeEnabled();
  },
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

/** Delete goes to the list (SPEC.md) even with an unsaved edit: the page's own flow is not held. */
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
  play: async (context) => {
    await HtmlUnsaved.play?.(context);
    const { canvasElement } = context;
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
