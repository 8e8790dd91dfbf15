// Rules per site on the Sources screen: the rules of two sites, none yet, loading, failed, read
// only; new rules tried on a page (what each selector matched, the article as they make it) and
// saved; a selector the parser refuses, a host that is not one, a page to try them on missing;
// the server's refusals; a trial under way; rules changed and removed.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SiteRulesCard } from '../../../src/components/sources';
import { serverMessages, siteRuleMessages, type SiteRuleTrial } from '../../../src/contract';
import { siteRuleTexts } from '../../../src/lib/texts-site-rules';
import { newsRules, sampleSiteRules } from '../../fixtures';
import { ready, opened } from '../../routes/plays';

const t = siteRuleTexts;
const f = t.form;

/** What the server answers for the sample page with `.newsletter-signup` and `.gone` dropped and the headline as title. */
const trial: SiteRuleTrial = {
  url: 'https://news.example.com/2026/06/harbour-wall',
  title: 'The harbour wall is finished after three winters',
  text: 'Work on the harbour wall ended on Friday, three winters after the storm that broke its northern arm.\n\nThe new wall is two metres higher and faces the sea with granite from the old quarry above the town.\n\nFishing boats will use the inner basin again from Monday, the harbour master said.',
  words: 56,
  quality: { score: 0.86, signals: { prose: 0.95, links: 0, words: 56, agreement: null } },
  matched: { drop: [1, 0], keep: [], title: true },
};

const meta = {
  title: 'Components/Sources/SiteRulesCard',
  component: SiteRulesCard,
  args: {
    rules: sampleSiteRules,
    isLoading: false,
    error: null,
    refused: null,
    onRetry: fn(),
    onSave: fn(async () => undefined),
    onDelete: fn(async () => undefined),
    onTry: fn(async () => trial),
  },
} satisfies Meta<typeof SiteRulesCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The rules of two sites, each with what it drops, keeps and reads the title from, and who saved it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const news = within(canvas.getByRole('listitem', { name: newsRules.host }));
    await expect(news.getByText(t.summary(newsRules))).toBeVisible();
    await expect(news.getByRole('button', { name: t.edit(newsRules.host) })).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.add })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { rules: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { rules: undefined, isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.loading)).toBeVisible();
  },
};

/** The list failed: the server's words, and Try Again. */
export const Failed: Story = {
  args: { rules: undefined, error: serverMessages.databaseUnavailable },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`${t.loadFailed}: ${serverMessages.databaseUnavailable}`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /try again/i }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A viewer or an author: the rules, why they cannot change them, and no button to. */
export const ReadOnly: Story = {
  args: { refused: 'Only an admin or an editor may set or remove rules per site' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.manageRefused('Only an admin or an editor may set or remove rules per site'))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.add })).toBeNull();
    await expect(canvas.queryByRole('button', { name: t.edit(newsRules.host) })).toBeNull();
  },
};

async function openNew(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('button', { name: t.add }));
  return within(await canvas.findByRole('form', { name: f.newTitle }));
}

/** New rules tried on a page: what each selector matched (one matching nothing, in orange), the title and text they make; then saved. */
export const TriedAndSaved: Story = {
  play: async ({ canvasElement, args }) => {
    const form = await openNew(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: f.host }), 'www.news.example.com');
    await userEvent.type(form.getByRole('textbox', { name: f.drop }), '.newsletter-signup{Enter}.gone');
    await userEvent.type(form.getByRole('textbox', { name: f.title }), 'h1.headline');
    await userEvent.type(form.getByRole('textbox', { name: f.page }), trial.url);
    await userEvent.click(form.getByRole('button', { name: f.tryIt }));
    const rules = { drop: ['.newsletter-signup', '.gone'], keep: [], title: 'h1.headline' };
    await expect(args.onTry).toHaveBeenCalledWith(trial.url, rules);
    await expect(await form.findByText(t.trial.title)).toBeVisible();
    await expect(form.getByText(trial.title)).toBeVisible();
    await expect(form.getByText(`${t.trial.words(56)} · ${t.trial.quality(0.86)}`)).toBeVisible();
    await expect(form.getByText(t.trial.matched(0), { exact: false })).toBeVisible();
    await expect(form.getByText(t.trial.titleFound, { exact: false })).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.click(form.getByRole('button', { name: f.save }));
    await expect(args.onSave).toHaveBeenCalledWith('www.news.example.com', rules);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(f.saved('news.example.com'))).toBeVisible();
    await expect(canvas.queryByRole('form')).toBeNull();
    await waitFor(() => expect(canvas.getByRole('button', { name: t.add })).toHaveFocus());
  },
};

/** Rules tried on a page of the site, not saved yet: the article they make and what each selector matched. */
export const Tried: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.edit(newsRules.host) }));
    const form = within(await canvas.findByRole('form', { name: f.editTitle(newsRules.host) }));
    await userEvent.click(form.getByRole('button', { name: f.tryIt }));
    await expect(args.onTry).toHaveBeenCalledWith(`https://${newsRules.host}/`, { drop: newsRules.drop, keep: [], title: newsRules.title });
    await expect(await form.findByRole('region', { name: t.trial.textLabel })).toHaveTextContent(trial.text.split('\n')[0]!);
    await expect(form.getByRole('button', { name: f.tryIt })).toHaveFocus();
  },
};

/** A selector the browser's parser refuses: said at the selectors, the focus there, nothing sent. */
export const NotASelector: Story = {
  play: async ({ canvasElement, args }) => {
    const form = await openNew(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: f.host }), 'news.example.com');
    await userEvent.type(form.getByRole('textbox', { name: f.drop }), 'aside{Enter}div[[');
    await userEvent.click(form.getByRole('button', { name: f.save }));
    await expect(form.getByText(siteRuleMessages.notASelector('div['))).toBeVisible();
    await expect(form.getByRole('textbox', { name: f.drop })).toHaveFocus();
    await userEvent.click(form.getByRole('button', { name: f.tryIt }));
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(args.onTry).not.toHaveBeenCalled();
  },
};

/** No host, then one that is not a host name; no selector at all; no page to try on: each said at its field, nothing sent. */
export const MissingAndWrong: Story = {
  play: async ({ canvasElement, args }) => {
    const form = await openNew(canvasElement);
    await userEvent.click(form.getByRole('button', { name: f.save }));
    await expect(form.getByText(f.hostRequired)).toBeVisible();
    await expect(form.getByText(siteRuleMessages.empty)).toBeVisible();
    await expect(form.getByRole('textbox', { name: f.host })).toHaveFocus();
    await userEvent.type(form.getByRole('textbox', { name: f.host }), 'news example');
    await expect(form.getByText(siteRuleMessages.notAHost)).toBeVisible();
    await userEvent.type(form.getByRole('textbox', { name: f.drop }), 'aside');
    await userEvent.click(form.getByRole('button', { name: f.tryIt }));
    await expect(form.getByText(f.pageRequired)).toBeVisible();
    await expect(form.getByRole('textbox', { name: f.page })).toHaveFocus();
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(args.onTry).not.toHaveBeenCalled();
  },
};

/** The server refused to save: its words in an alert, what was typed kept. */
export const SaveRefused: Story = {
  args: { onSave: fn(async () => Promise.reject(new Error(siteRuleMessages.notASelector('p:has-text(x)')))) },
  play: async ({ canvasElement }) => {
    const form = await openNew(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: f.host }), 'news.example.com');
    await userEvent.type(form.getByRole('textbox', { name: f.drop }), 'aside');
    await userEvent.click(form.getByRole('button', { name: f.save }));
    await expect(await form.findByRole('alert')).toHaveTextContent(siteRuleMessages.notASelector('p:has-text(x)'));
    await expect(form.getByRole('textbox', { name: f.drop })).toHaveValue('aside');
  },
};

/** The page has no article: the server's words, no result. */
export const TrialRefused: Story = {
  args: { onTry: fn(async () => Promise.reject(new Error(serverMessages.noArticle))) },
  play: async ({ canvasElement }) => {
    const form = await openNew(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: f.drop }), 'aside');
    await userEvent.type(form.getByRole('textbox', { name: f.page }), 'https://news.example.com/');
    await userEvent.click(form.getByRole('button', { name: f.tryIt }));
    await expect(await form.findByRole('alert')).toHaveTextContent(serverMessages.noArticle);
    await expect(form.queryByText(t.trial.title)).toBeNull();
  },
};

/** While the page is fetched and read, the button says so. */
export const Trying: Story = {
  args: { onTry: fn(() => new Promise<never>(() => {})) },
  play: async ({ canvasElement }) => {
    const form = await openNew(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: f.drop }), 'aside');
    await userEvent.type(form.getByRole('textbox', { name: f.page }), 'https://news.example.com/a-story');
    await userEvent.click(form.getByRole('button', { name: f.tryIt }));
    await expect(await form.findByRole('button', { name: f.trying })).toHaveAttribute('aria-busy', 'true');
  },
};

/** A site's rules changed: the form holds them, its host fixed; saved under the same host. */
export const Edited: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.edit(newsRules.host) }));
    const form = within(await canvas.findByRole('form', { name: f.editTitle(newsRules.host) }));
    await expect(form.queryByRole('textbox', { name: f.host })).toBeNull();
    await expect(form.getByRole('textbox', { name: f.drop })).toHaveValue(newsRules.drop.join('\n'));
    await userEvent.clear(form.getByRole('textbox', { name: f.title }));
    await userEvent.click(form.getByRole('button', { name: f.save }));
    await expect(args.onSave).toHaveBeenCalledWith(newsRules.host, { drop: newsRules.drop, keep: [] });
  },
};

/** Removing asks first; once removed, it says so. */
export const Removed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.remove(newsRules.host) }));
    const dialog = within(await opened(within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: t.confirmRemove.title }, ready)));
    await expect(dialog.getByText(t.confirmRemove.body(newsRules.host))).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: t.confirmRemove.confirm }));
    await expect(args.onDelete).toHaveBeenCalledWith(newsRules.host);
    await expect(await canvas.findByText(t.removed(newsRules.host))).toBeVisible();
  },
};
