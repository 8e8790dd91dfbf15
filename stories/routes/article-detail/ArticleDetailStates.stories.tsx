// The article page in its states: a draft, a published article, loading, an article the server
// does not know, and a failure without a message; its side panel's sections folding, and one
// reached by its link.
import type { Meta } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { articleHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { findTitle, ready, slugCard } from '../plays';
import { panelTexts as p } from '../../../src/lib/texts-article-panel';
import { historyTexts as h } from '../../../src/lib/texts-history';
import { requestsTo, type ScreenStory as Story, using } from '../screen';
import { a, articleDetailScreen, atPublished, draft, published } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/States', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

/** The unknown article's requests (NotFound's Try Again asks again). */
const unknown = requestsTo('*/api/articles/art_unknown');

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

/**
 * The side panel: History closed by its title (a button saying so), its body gone, then opened
 * again; the panel's link to it opens it and puts its anchor in the address.
 */
export const PanelSectionsFold: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, draft.title!);
    const panel = within(canvas.getByRole('complementary', { name: p.panel }));
    const toggle = await panel.findByRole('button', { name: h.title }, ready);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(panel.getByRole('list', { name: h.listLabel })).toBeVisible(), ready);
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel.queryByRole('list', { name: h.listLabel })).toBeNull();
    // The section's link opens it again.
    await userEvent.click(within(panel.getByRole('navigation', { name: p.sections })).getByRole('link', { name: p.history }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'), ready);
    await expect(panel.getByRole('list', { name: h.listLabel })).toBeVisible();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Opened at `#history` (a link shared, a notification): the History section is open and in view. */
export const AtHistoryLink: Story = {
  args: { path: `/articles/${draft.id}#history` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, draft.title!);
    const section = await canvas.findByRole('region', { name: h.title }, ready);
    await expect(within(section).getByRole('button', { name: h.title })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(section.getBoundingClientRect().top).toBeLessThan(canvasElement.ownerDocument.defaultView!.innerHeight), ready);
  },
};

export const Loading: Story = {
  beforeEach: using(() => articleHandlers.loadingArticle()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status', undefined, ready)).toHaveTextContent(a.loading);
  },
};

export const NotFound: Story = {
  args: { path: '/articles/art_unknown' },
  // Counted, then answered by the working API (404).
  beforeEach: using(unknown.handlers),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: a.notFound }, ready)).toBeVisible();
    await expect(canvas.getByText('Article not found')).toBeVisible();
    await expect(canvas.getByRole('link', { name: a.back })).toHaveAttribute('href', '/articles');
    const asked = unknown.queries.length;
    const retry = canvas.getByRole('button', { name: a.tryAgain });
    await userEvent.click(retry);
    // Asked again (not the first answer's heading still on show), the server still does not know the article.
    await waitFor(() => expect(unknown.queries).toHaveLength(asked + 1));
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
