import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EditingNotice, PresenceAvatars, TakenOverNotice } from '../../../src/components/article-detail/ArticlePresence';
import type { Presence } from '../../../src/contract';
import { presenceMessages } from '../../../src/contract/presence';
import { draftTime } from '../../../src/lib/articleDraft';
import { presenceTexts as t } from '../../../src/lib/texts-presence';
import { expectBusy } from '../../busy';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const dana: Presence = {
  tab: 'tab-dana-0001',
  userId: 'user-dana',
  email: 'dana.scully@example.com',
  role: 'editor',
  openedAt: minutesAgo(12),
  editingSince: minutesAgo(8),
};
const fox: Presence = { tab: 'tab-fox-00001', userId: 'user-fox', email: 'fox@example.com', role: 'viewer', openedAt: minutesAgo(3), editingSince: null };
/** Fox has the article open in a second tab: still one face. */
const foxAgain: Presence = { ...fox, tab: 'tab-fox-00002', openedAt: minutesAgo(1) };

/** The notices' handlers, as the stories' args (spied on by the plays). */
interface Handlers {
  onViewReadOnly: () => void;
  onTakeOver: () => void;
  onReload: () => void;
}

const meta = {
  title: 'Components/ArticleDetail/ArticlePresence',
  args: { onViewReadOnly: fn(), onTakeOver: fn(), onReload: fn() },
} satisfies Meta<Handlers>;
export default meta;

type Story = StoryObj<Handlers>;

/** Two other people on the article, one of them editing (ringed), one with two tabs (one face). */
export const OthersHere: Story = {
  render: () => <PresenceAvatars others={[dana, fox, foxAgain]} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: t.others(2) });
    await expect(group).toBeVisible();
    await expect(within(group).getByLabelText(t.who(dana.email, 'editor', draftTime(dana.editingSince!)))).toHaveTextContent('DS');
    await expect(within(group).getByLabelText(t.who(fox.email, 'viewer', null))).toHaveTextContent('FO');
  },
};

/** Nobody else: nothing shows. */
export const Alone: Story = {
  render: () => (
    <div data-testid="alone">
      <PresenceAvatars others={[]} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('alone')).toBeEmptyDOMElement();
  },
};

/** Opening an article someone is editing: who and since when, with View read-only and Take over. */
export const SomeoneIsEditing: Story = {
  render: (args) => (
    <EditingNotice
      holder={dana}
      readOnly={false}
      onViewReadOnly={args.onViewReadOnly}
      onTakeOver={args.onTakeOver}
      takingOver={false}
      error={null}
    />
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const notice = canvas.getByTestId('editing-notice');
    await expect(notice).toHaveTextContent(t.isEditing(dana.email, draftTime(dana.editingSince!)));
    await expect(notice).toHaveTextContent(t.isEditingHint);
    await userEvent.click(canvas.getByRole('button', { name: t.viewReadOnly }));
    await expect(args.onViewReadOnly).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: t.takeOver }));
    await expect(args.onTakeOver).toHaveBeenCalledTimes(1);
  },
};

/** Viewing read-only: the notice says so and keeps Take over. */
export const ViewingReadOnly: Story = {
  render: () => <EditingNotice holder={dana} readOnly onViewReadOnly={fn()} onTakeOver={fn()} takingOver={false} error={null} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('editing-notice')).toHaveTextContent(t.readOnly(dana.email));
    await expect(canvas.queryByRole('button', { name: t.viewReadOnly })).toBeNull();
    await expect(canvas.getByRole('button', { name: t.takeOver })).toBeEnabled();
  },
};

/** Taking over, on its way: the button says so and cannot be pressed twice. */
export const TakingOver: Story = {
  render: () => <EditingNotice holder={dana} readOnly onViewReadOnly={fn()} onTakeOver={fn()} takingOver error={null} />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expectBusy(within(canvasElement).getByRole('button', { name: t.takingOver })));
  },
};

/** The lease lapsed before the take-over reached the server: its refusal shows. */
export const LeaseLapsed: Story = {
  render: () => (
    <EditingNotice holder={dana} readOnly={false} onViewReadOnly={fn()} onTakeOver={fn()} takingOver={false} error={presenceMessages.leaseLapsed} />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('editing-notice')).toHaveTextContent(presenceMessages.leaseLapsed);
  },
};

/** The other side: this page was editing, and someone took over. */
export const TakenOver: Story = {
  render: (args) => <TakenOverNotice taken={{ by: dana.email, at: minutesAgo(0) }} onReload={args.onReload} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const notice = canvas.getByRole('alert');
    await expect(notice).toHaveTextContent(t.takenOver(dana.email, draftTime(minutesAgo(0))));
    await expect(notice).toHaveTextContent(t.takenOverHint);
    await userEvent.click(canvas.getByRole('button', { name: t.reload }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
  },
};
