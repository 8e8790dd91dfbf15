// The Articles screen's 'Assigned to me' toggle, and what the cards say of assignments: who, by
// when, and overdue in red.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { assignmentTexts as t } from '../../../src/lib/texts-assignment';
import { assigned } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory, storyLocation } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { articlesScreen, cardNames, namesOf } from './articlesScreen';

export default { title: 'Screens/Articles/Assigned', tags: ['!autodocs'], ...articlesScreen } satisfies Meta<typeof AppStory>;

const mineButton = (canvasElement: HTMLElement) => within(canvasElement).findByRole('button', { name: new RegExp(`^${t.mine}`) }, ready);

/**
 * Two articles are the admin's: the toggle says so, and pressed it narrows the list to them, with
 * `?assignee=me` holding it. The cards say who and by when; the one past its due day is overdue.
 */
export const AssignedToMe: Story = {
  beforeEach: using(() => articleHandlers.api(assigned)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await mineButton(canvasElement);
    await waitFor(() => expect(toggle).toHaveTextContent(`${t.mine} (2)`));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(4));
    await expect(canvas.getByText(t.assignedTo('dana@example.com'))).toBeVisible();
    await userEvent.click(toggle);
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(assigned[0]!, assigned[2]!)));
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(storyLocation(canvasElement).search).toBe('?assignee=me');
    await expect(canvas.getByText(t.overdue('2026-01-12'))).toBeVisible();
    await expect(canvas.getByText(t.dueOn('2099-01-15'))).toBeVisible();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Nothing is the admin's: the toggle, on by the address, says so (not "no articles"). */
export const NothingAssignedToMe: Story = {
  args: { path: '/articles?assignee=me' },
  beforeEach: using(() => articleHandlers.api([assigned[1]!, assigned[3]!])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.noneMine, undefined, ready)).toBeVisible();
    await expect(canvas.getByText(t.noneMineHint)).toBeVisible();
    await expect(await mineButton(canvasElement)).toHaveAttribute('aria-pressed', 'true');
  },
};
