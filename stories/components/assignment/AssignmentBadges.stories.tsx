import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AssignmentBadges } from '../../../src/components/assignment/AssignmentBadges';
import { assignmentTexts as t } from '../../../src/lib/texts-assignment';

const meta = {
  title: 'Components/Assignment/AssignmentBadges',
  component: AssignmentBadges,
  args: { article: { status: 'draft', assigneeEmail: 'dana@example.com', dueAt: '2026-11-27' }, today: '2026-11-20' },
} satisfies Meta<typeof AssignmentBadges>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Assigned and due in a week. */
export const AssignedAndDue: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(t.assignedTo('dana@example.com'))).toBeVisible();
    await expect(c.getByText(t.dueOn('2026-11-27'))).toBeVisible();
  },
};

/** A draft past its due day: red. */
export const Overdue: Story = {
  args: { article: { status: 'draft', assigneeEmail: 'dana@example.com', dueAt: '2026-11-18' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.overdue('2026-11-18'))).toBeVisible();
  },
};

/** Due, nobody assigned. */
export const DueOnly: Story = {
  args: { article: { status: 'draft', assigneeEmail: null, dueAt: '2026-11-27' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/Assigned to/)).toBeNull();
  },
};

/** In a table row: one line, a long address cut. */
export const OneLine: Story = {
  args: { article: { status: 'draft', assigneeEmail: 'a.very.long.address.for.a.narrow.row@example.com', dueAt: '2026-11-18' }, size: 'sm', nowrap: true },
  decorators: [(Story) => <div style={{ width: 260 }}><Story /></div>],
};
