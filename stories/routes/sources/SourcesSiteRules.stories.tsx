// The Sources screen's rules per site, against the fake server: rules for a new site tried on a
// page (the fake reads its sample page with them) and saved into the list; a site's rules
// removed; none yet; and a viewer, who reads them only.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { siteRuleTexts } from '../../../src/lib/texts-site-rules';
import { blogRules, newsRules } from '../../fixtures';
import { authHandlers, siteRuleHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready, opened } from '../plays';
import { body, type ScreenStory as Story, using } from '../screen';
import { sourcesScreen } from './sourcesScreen';

const r = siteRuleTexts;
const f = r.form;

export default { title: 'Screens/Sources/SiteRules', tags: ['!autodocs'], ...sourcesScreen } satisfies Meta<typeof AppStory>;

/** The card of rules per site, once its list has come. */
async function rulesCard(canvasElement: HTMLElement) {
  const heading = await within(canvasElement).findByRole('heading', { name: r.title, level: 2 }, ready);
  return within(heading.closest('section')!);
}

/** Rules for a new site: tried on a page (the newsletter box and the related box gone, the headline the title), then saved and listed. */
export const AddTryAndSave: Story = {
  play: async ({ canvasElement }) => {
    const card = await rulesCard(canvasElement);
    await waitFor(() => expect(card.getByRole('listitem', { name: blogRules.host })).toBeVisible(), ready);
    await userEvent.click(card.getByRole('button', { name: r.add }));
    const form = within(await card.findByRole('form', { name: f.newTitle }));
    await userEvent.type(form.getByRole('textbox', { name: f.host }), 'www.harbour.example.net');
    await userEvent.type(form.getByRole('textbox', { name: f.drop }), '.newsletter-signup{Enter}aside.related');
    await userEvent.type(form.getByRole('textbox', { name: f.title }), 'h1.headline');
    await userEvent.type(form.getByRole('textbox', { name: f.page }), 'https://www.harbour.example.net/2026/06/wall');
    await userEvent.click(form.getByRole('button', { name: f.tryIt }));
    const text = await form.findByRole('region', { name: r.trial.textLabel }, ready);
    await expect(text).toHaveTextContent('Work on the harbour wall ended on Friday');
    await expect(text).not.toHaveTextContent('sign up to our newsletter');
    await expect(form.getByText('The harbour wall is finished after three winters')).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: f.save }));
    await expect(await card.findByText(f.saved('harbour.example.net'), undefined, ready)).toBeVisible();
    const saved = within(await card.findByRole('listitem', { name: 'harbour.example.net' }, ready));
    await expect(saved.getByText(r.summary({ drop: ['.newsletter-signup', 'aside.related'], keep: [], title: 'h1.headline' }))).toBeVisible();
  },
};

/** A site's rules removed after the question: gone from the list, and said. */
export const Removed: Story = {
  play: async ({ canvasElement }) => {
    const card = await rulesCard(canvasElement);
    await userEvent.click(await card.findByRole('button', { name: r.remove(newsRules.host) }, ready));
    const dialog = within(await opened(body(canvasElement).findByRole('alertdialog', { name: r.confirmRemove.title }, ready)));
    await userEvent.click(dialog.getByRole('button', { name: r.confirmRemove.confirm }));
    await expect(await card.findByText(r.removed(newsRules.host), undefined, ready)).toBeVisible();
    await waitFor(() => expect(card.queryByRole('listitem', { name: newsRules.host })).toBeNull(), ready);
    await expect(card.getByRole('listitem', { name: blogRules.host })).toBeVisible();
  },
};

export const NoneYet: Story = {
  beforeEach: using(() => siteRuleHandlers.empty()),
  play: async ({ canvasElement }) => {
    const card = await rulesCard(canvasElement);
    await expect(await card.findByText(r.empty, undefined, ready)).toBeVisible();
  },
};

/** A viewer reads the rules, and is told who may change them. */
export const AsViewer: Story = {
  beforeEach: using(() => authHandlers.signedInAs('viewer')),
  play: async ({ canvasElement }) => {
    const card = await rulesCard(canvasElement);
    await expect(await card.findByRole('listitem', { name: newsRules.host }, ready)).toBeVisible();
    await expect(card.getByText(r.manageRefused('Only an admin or an editor may set or remove rules per site'))).toBeVisible();
    await expect(card.queryByRole('button', { name: r.add })).toBeNull();
  },
};
