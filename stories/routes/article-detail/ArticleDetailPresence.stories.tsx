// Who else is on the article: another editor editing, a take-over, and this page taken over.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { presenceMessages } from '../../../src/contract';
import { draftTime } from '../../../src/lib/articleDraft';
import { presenceTexts as p } from '../../../src/lib/texts-presence';
import { dana } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { findTitle, htmlCard, ready, slugCard } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { a, articleDetailScreen, draft } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/Presence', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** Opening an article someone is editing: who and since when; the editors are read-only until a take-over. */
export const SomeoneIsEditing: Story = {
  beforeEach: using(() => articleHandlers.presence({ others: [dana] })),
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
  beforeEach: using(() => articleHandlers.presence({ others: [dana], lapsed: true })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('editing-notice', {}, ready);
    await userEvent.click(canvas.getByRole('button', { name: p.takeOver }));
    await expect(await canvas.findByText(presenceMessages.leaseLapsed, {}, ready)).toBeVisible();
  },
};

/** The other side: this page was editing, and Dana took over; the page is read-only and says so. */
export const TakenOver: Story = {
  beforeEach: using(() => articleHandlers.presence({ others: [dana], taken: { by: dana.email, at: minutesAgo(0) } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByTestId('taken-over-notice', {}, ready);
    await expect(notice).toHaveTextContent(p.takenOverHint);
    await expect(htmlCard(canvasElement).getByText(p.takenReadOnly(dana.email))).toBeVisible();
    await expect(canvas.queryByTestId('editing-notice')).toBeNull();
  },
};
