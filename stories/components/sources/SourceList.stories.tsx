import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Sparkline } from '../../../src/components/common/Sparkline';
import { SourceCard, SourceList } from '../../../src/components/sources';
import { serverMessages, type SourcePoll } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { sourceTexts } from '../../../src/lib/texts-sources';
import { failingSource, healthySource, pausedSource, sampleSources } from '../../fixtures';
import { opened } from '../../routes/plays';

const t = sourceTexts;

const nothingNew: SourcePoll = { found: 0, created: 0, skipped: 0, refused: 0, failed: 0, notModified: 1, error: null };

const meta = {
  title: 'Components/Sources/SourceList',
  component: SourceList,
  // Sparkline: the line of each source's drafts a day (the article page's views use it too).
  subcomponents: { SourceCard, Sparkline },
  args: {
    sources: sampleSources,
    isLoading: false,
    error: null,
    onRetry: fn(),
    canManage: true,
    onShowEntries: fn(),
    onPoll: fn(async () => nothingNew),
    onSetPaused: fn(async () => {}),
    onSetWatch: fn(async () => {}),
    onDelete: fn(async () => {}),
  },
} satisfies Meta<typeof SourceList>;
export default meta;

type Story = StoryObj<typeof meta>;

/** One source's card, by its name. */
const card = (canvasElement: HTMLElement, name: string) => within(within(canvasElement).getByRole('listitem', { name }));

/** Following, failing and backing off, paused: each says how it is doing. */
export const ThreeSources: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: t.list.label }).children).toHaveLength(3);
    const healthy = card(canvasElement, healthySource.title!);
    await expect(healthy.getByText(t.source.kind.feed)).toBeVisible();
    await expect(healthy.getByText(`${t.source.every(60)} · ${t.source.lastPolled(formatDateTime(healthySource.lastPolledAt!))} · ${t.source.nextPoll(formatDateTime(healthySource.nextPollAt!))}`)).toBeVisible();
    await expect(healthy.getByText(`${t.source.counts(healthySource.counts)} · ${t.source.notModified(12)}`)).toBeVisible();
    const healthyDrafts = healthySource.draftsPerDay!.reduce((sum, d) => sum + d.drafts, 0);
    await expect(healthy.getByText(t.source.drafts(30, healthyDrafts, 2))).toBeVisible();
    await expect(healthy.getByRole('checkbox', { name: t.source.watch })).toBeChecked();
    const failing = card(canvasElement, failingSource.feedUrl);
    await expect(failing.getByRole('checkbox', { name: t.source.watch })).not.toBeChecked();
    await expect(failing.getByText(t.source.drafts(30, 9, 0))).toBeVisible();
    await expect(failing.getByText(t.source.failing)).toBeVisible();
    await expect(failing.getByText(t.source.kind.sitemap)).toBeVisible();
    const paused = card(canvasElement, pausedSource.title!);
    await expect(paused.getByText(t.source.paused)).toBeVisible();
    await expect(paused.getByText(`${t.source.every(1440)} · ${t.source.lastPolled(formatDateTime(pausedSource.lastPolledAt!))}`)).toBeVisible();
  },
};

/** Poll now with nothing new: the source answered 'not modified', and the card says so. */
export const PollNothingNew: Story = {
  args: { sources: [healthySource] },
  play: async ({ canvasElement, args }) => {
    const healthy = card(canvasElement, healthySource.title!);
    await userEvent.click(healthy.getByRole('button', { name: t.source.pollNowLabel(healthySource.feedUrl) }));
    await expect(await healthy.findByText(t.source.polled(nothingNew))).toBeVisible();
    await expect(args.onPoll).toHaveBeenCalledWith(healthySource.id);
  },
};

/** Watching its articles turned off: the call made, and the card says what it means. */
export const WatchTurnedOff: Story = {
  args: { sources: [healthySource] },
  play: async ({ canvasElement, args }) => {
    const healthy = card(canvasElement, healthySource.title!);
    const watch = healthy.getByRole('checkbox', { name: t.source.watch });
    await expect(watch).toHaveAccessibleDescription(t.source.watchHint);
    await userEvent.click(watch);
    await expect(await healthy.findByText(t.source.watchOff)).toBeVisible();
    await expect(args.onSetWatch).toHaveBeenCalledWith(healthySource.id, false);
  },
};

/** A refusal of the server (the source deleted meanwhile) is said as an alert on the card. */
export const PauseRefused: Story = {
  args: { sources: [healthySource], onSetPaused: fn(async () => Promise.reject(new Error('Source not found'))) },
  play: async ({ canvasElement }) => {
    const healthy = card(canvasElement, healthySource.title!);
    await userEvent.click(healthy.getByRole('button', { name: t.source.pauseLabel(healthySource.feedUrl) }));
    await expect(await healthy.findByRole('alert')).toHaveTextContent('Source not found');
  },
};

/** Delete asks first; Cancel keeps the source. */
export const DeleteCancelled: Story = {
  play: async ({ canvasElement, args }) => {
    const paused = card(canvasElement, pausedSource.title!);
    await userEvent.click(paused.getByRole('button', { name: t.source.deleteLabel(pausedSource.feedUrl) }));
    const dialog = await opened(within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: t.remove.title }));
    await userEvent.click(within(dialog).getByRole('button', { name: t.remove.cancel }));
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('alertdialog')).toBeNull());
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

/** Who may not manage sources sees Entries only. */
export const ReadOnly: Story = {
  args: { sources: [healthySource], canManage: false },
  play: async ({ canvasElement }) => {
    const healthy = card(canvasElement, healthySource.title!);
    await expect(healthy.getAllByRole('button')).toHaveLength(1);
    await expect(healthy.queryByRole('checkbox')).toBeNull();
    await expect(healthy.getByText(t.source.watched)).toBeVisible();
    await expect(healthy.getByRole('button', { name: t.source.entriesLabel(healthySource.feedUrl) })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { sources: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: t.list.emptyTitle })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { sources: undefined, isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.list.loading)).toBeVisible();
  },
};

export const Failed: Story = {
  args: { sources: undefined, error: serverMessages.databaseUnavailable },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(serverMessages.databaseUnavailable);
    await userEvent.click(canvas.getByRole('button', { name: /try again/i }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
