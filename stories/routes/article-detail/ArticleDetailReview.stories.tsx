// The review on the article page (the Review card; its states are in
// Components/ArticleDetail/ReviewCard): asked for, sent back with a note, asked again, approved.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { reviewMessages } from '../../../src/contract';
import { reviewTexts as rv } from '../../../src/lib/texts-review';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story } from '../screen';
import { articleDetailScreen } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/Review', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

/** An admin asks for the draft's review, sends it back with a note, asks again and approves it. */
export const ReviewSteps: Story = {
  play: async ({ canvasElement, step }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: rv.title }, ready));
    const said = (message: string) => waitFor(() => expect(card.getByRole('status')).toHaveTextContent(message));
    await step('asked for', async () => {
      await userEvent.click(await card.findByRole('button', { name: rv.request }, ready));
      await said(reviewMessages.requested);
      await expect(card.getByText(rv.states.in_review)).toBeVisible();
    });
    await step('sent back with a note', async () => {
      await userEvent.type(card.getByLabelText(rv.noteLabel), 'Say where the harbour is.');
      await userEvent.click(card.getByRole('button', { name: rv.requestChanges }));
      await said(reviewMessages.changesRequested);
      await expect(card.getByText('Say where the harbour is.')).toBeVisible();
    });
    await step('asked again and approved', async () => {
      await userEvent.click(card.getByRole('button', { name: rv.requestAgain }));
      await said(reviewMessages.requested);
      await userEvent.click(card.getByRole('button', { name: rv.approve }));
      await said(reviewMessages.approved);
      await expect(card.getByText(rv.states.approved)).toBeVisible();
    });
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};
