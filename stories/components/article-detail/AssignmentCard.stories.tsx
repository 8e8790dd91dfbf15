import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { AssignmentCard } from '../../../src/components/article-detail/AssignmentCard';
import { assignmentMessages, roleMessages, whoMay } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { assignmentTexts as t } from '../../../src/lib/texts-assignment';
import { sampleMembers } from '../../fixtures';

/** The sample data's today (fixturesNow's day): due days before it are overdue. */
const today = '2026-11-20';
const draft = { status: 'draft', assigneeId: null, assigneeEmail: null, dueAt: null, plannedAt: null };
const dana = sampleMembers.find((m) => m.email === 'dana@example.com')!;
const assigned = { ...draft, assigneeId: dana.id, assigneeEmail: dana.email, dueAt: '2026-11-27', plannedAt: '2026-11-30' };

const meta = {
  title: 'Components/ArticleDetail/AssignmentCard',
  component: AssignmentCard,
  args: {
    article: draft,
    members: sampleMembers,
    membersError: null,
    onRetryMembers: fn(),
    currentUserId: 'u1',
    onSave: fn(async () => undefined),
    today,
  },
} satisfies Meta<typeof AssignmentCard>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('region', { name: t.title }));
const blur = (canvasElement: HTMLElement) => (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();

/**
 * Nobody assigned: an editor chooses Dana and a due day and saves; only what changed is sent.
 * A viewer is never offered, and the signed-in account says '(you)'.
 */
export const Unassigned: Story = {
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.none)).toBeVisible();
    const save = c.getByRole('button', { name: t.save });
    await expect(save).toBeDisabled();
    const assignee = c.getByRole('combobox', { name: t.assignee });
    await expect(within(assignee).queryByRole('option', { name: 'reader@example.com' })).toBeNull();
    await expect(within(assignee).getByRole('option', { name: t.you('admin@example.com') })).toBeInTheDocument();
    await userEvent.selectOptions(assignee, dana.id);
    fireEvent.change(c.getByLabelText(t.due), { target: { value: '2026-11-27' } });
    await userEvent.click(save);
    await expect(args.onSave).toHaveBeenCalledWith({ assigneeId: dana.id, dueAt: '2026-11-27' });
    await waitFor(() => expect(c.getByRole('status')).toHaveTextContent(t.saved));
    blur(canvasElement);
  },
};

/** Assigned, due in a week and planned: the badges say who and by when; clearing the due day sends null. */
export const Assigned: Story = {
  args: { article: assigned },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.assignedTo(dana.email))).toBeVisible();
    await expect(c.getByText(t.dueOn('2026-11-27'))).toBeVisible();
    await expect(c.getByText(t.plannedFor('2026-11-30'))).toBeVisible();
    await expect(c.getByRole('combobox', { name: t.assignee })).toHaveValue(dana.id);
    fireEvent.change(c.getByLabelText(t.due), { target: { value: '' } });
    await userEvent.click(c.getByRole('button', { name: t.save }));
    await expect(args.onSave).toHaveBeenCalledWith({ dueAt: null });
    blur(canvasElement);
  },
};

/** Its due day has passed and it is still a draft: red, 'Overdue'. */
export const Overdue: Story = {
  args: { article: { ...assigned, dueAt: '2026-11-18' } },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText(t.overdue('2026-11-18'))).toBeVisible();
  },
};

/** Published past its due day: done, not overdue. */
export const PublishedPastItsDueDay: Story = {
  args: { article: { ...assigned, status: 'published', dueAt: '2026-11-18' } },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText(t.dueOn('2026-11-18'))).toBeVisible();
  },
};

/** A role that may not change it (an author on a published article) reads it, with who may. */
export const ReadOnly: Story = {
  args: { article: { ...assigned, status: 'published' }, refused: roleMessages.forbidden(roleMessages.changePublished, whoMay('updateArticle', true), 'author') },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.assignedTo(dana.email))).toBeVisible();
    await expect(c.queryByRole('button', { name: t.save })).toBeNull();
    await expect(c.queryByRole('combobox')).toBeNull();
  },
};

/** The team is being read: the saved assignee shows, the choice waits. */
export const LoadingTheTeam: Story = {
  args: { article: assigned, members: undefined },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.loadingMembers)).toBeVisible();
    await expect(c.getByRole('combobox', { name: t.assignee })).toHaveValue(dana.id);
    await expect(c.getByRole('combobox', { name: t.assignee })).toBeDisabled();
  },
};

/** The team could not be read: said in the server's words, with Try again; the days still save. */
export const TeamFailed: Story = {
  args: { members: undefined, membersError: 'The database is unavailable. Try again in a moment.' },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await expect(c.getByText(`${t.membersFailed}: The database is unavailable. Try again in a moment.`)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: texts.articles.tryAgain }));
    await expect(args.onRetryMembers).toHaveBeenCalledTimes(1);
    blur(canvasElement);
  },
};

/** The server refuses (an assignee who became a viewer meanwhile): said in its words, the choice kept. */
export const Refused: Story = {
  args: { onSave: fn(async () => Promise.reject(new Error(assignmentMessages.viewer('new.hire@example.com')))) },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await userEvent.selectOptions(c.getByRole('combobox', { name: t.assignee }), 'u3');
    await userEvent.click(c.getByRole('button', { name: t.save }));
    await expect(await c.findByText(assignmentMessages.viewer('new.hire@example.com'))).toBeVisible();
    await expect(c.getByRole('combobox', { name: t.assignee })).toHaveValue('u3');
    blur(canvasElement);
  },
};
