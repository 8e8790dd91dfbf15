// The article page as an author and a viewer see it: what is theirs to change, and what says who may.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { roleMessages, whoMay } from '../../../src/contract';
import { historyTexts as h } from '../../../src/lib/texts-history';
import { scheduleTexts as sched } from '../../../src/lib/texts-schedule';
import { authHandlers } from '../../mocks';
import { clickRefused, expectRefused } from '../../refused';
import { AppStory } from '../AppStory';
import { findTitle, htmlCard, ready, saveSlug, slugCard } from '../plays';
import { body, type ScreenStory as Story, using } from '../screen';
import { a, articleDetailScreen, atPublished, draft, historyCard, published, revisionRows, roles, s } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/Roles', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

/**
 * An author on a draft: they edit it (the slug saves), delete it and scrape it again; publishing
 * and scheduling are an editor's, which the switch's tooltip and the Schedule card say.
 */
export const AuthorOnDraft: Story = {
  beforeEach: using(() => authHandlers.signedInAs('author')),
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
  beforeEach: using(() => authHandlers.signedInAs('author')),
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
  beforeEach: using(() => authHandlers.signedInAs('viewer')),
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
  beforeEach: using(() => authHandlers.signedInAs('author', { published: new Set([draft.id]) })),
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
