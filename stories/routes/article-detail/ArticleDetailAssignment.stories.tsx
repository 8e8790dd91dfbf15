// The assignment on the article page (the Assignment card; its states are in
// Components/ArticleDetail/AssignmentCard): assigned, given a due day, saved; read-only for a viewer.
import type { Meta } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { assignmentTexts as t } from '../../../src/lib/texts-assignment';
import { authHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { articleDetailScreen, roles } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/Assignment', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

const assignmentCard = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('region', { name: t.title }, ready));

/** An admin assigns the draft to Dana, due on a day; the card says so once the server has it, and the draft's content is untouched. */
export const AssignAndSave: Story = {
  play: async ({ canvasElement }) => {
    const card = await assignmentCard(canvasElement);
    await expect(card.getByText(t.none)).toBeVisible();
    const assignee = card.getByRole('combobox', { name: t.assignee });
    await waitFor(() => expect(within(assignee).getByRole('option', { name: 'dana@example.com' })).toBeInTheDocument());
    await userEvent.selectOptions(assignee, 'user-dana');
    fireEvent.change(card.getByLabelText(t.due), { target: { value: '2099-01-10' } });
    await userEvent.click(card.getByRole('button', { name: t.save }));
    await waitFor(() => expect(card.getByRole('status')).toHaveTextContent(t.saved));
    await expect(card.getByText(t.assignedTo('dana@example.com'))).toBeVisible();
    await expect(card.getByText(t.dueOn('2099-01-10'))).toBeVisible();
    await expect(card.getByRole('button', { name: t.save })).toBeDisabled();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** A viewer reads the assignment and changes nothing: the card says who may. */
export const Viewer: Story = {
  beforeEach: using(() => authHandlers.signedInAs('viewer')),
  play: async ({ canvasElement }) => {
    const card = await assignmentCard(canvasElement);
    await expect(card.getByText(roles.viewer.whyNot('updateArticle')!)).toBeVisible();
    await expect(card.queryByRole('button', { name: t.save })).toBeNull();
  },
};
