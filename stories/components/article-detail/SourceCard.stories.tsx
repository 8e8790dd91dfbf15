import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SourceCard, type SourceChangeState } from '../../../src/components/article-detail/SourceCard';
import type { Provenance, SourceChange } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { extractionTexts as extraction } from '../../../src/lib/texts-extraction';
import { sourceChangeTexts as t } from '../../../src/lib/texts-sourceChange';
import { expectBusy } from '../../busy';
import { fixturesNow } from '../../fixtures';

const URL = 'https://news.example.com/2026/12/ferry-returns';

const provenance: Provenance = {
  sourceId: 'src_harbour',
  url: URL,
  finalUrl: `${URL}/`,
  fetchedAt: fixturesNow,
  httpStatus: 200,
  etag: '"harbour-v1"',
  lastModified: 'Wed, 02 Dec 2026 10:00:00 GMT',
  robots: 'allowed',
  extractor: '@mozilla/readability 0.6.0',
};

const OLD = 'The ferry returned to the harbour on Tuesday morning after three weeks in the dry dock.\n\nPassengers said the crossing took longer than usual because of the wind.';
const NEW = 'The ferry returned to the harbour on Tuesday morning after four weeks in the dry dock.\n\nPassengers said the crossing took longer than usual because of the wind.\n\nThe operator apologised for the delay.';

const change = (conflicts: SourceChange['merge']['conflicts'], applied = 2): SourceChange => ({
  articleId: 'art_1',
  detectedAt: fixturesNow,
  oldText: OLD,
  newText: NEW,
  diff: { granularity: 'words', parts: [] },
  newTitle: null,
  provenance: { ...provenance, etag: '"harbour-v2"' },
  merge: { applied, conflicts },
});

const conflict = {
  index: 0,
  base: '<p>Passengers said the crossing took longer than usual.</p>',
  editor: '<p>Passengers told us the crossing was slow, as the editor wrote it.</p>',
  source: '<p>Passengers said the crossing took longer than usual because of the wind.</p>',
};

const ready = (overrides: Partial<Extract<SourceChangeState, { status: 'ready' }>> = {}): SourceChangeState => ({
  status: 'ready',
  change: change([]),
  take: new Set(),
  onToggleTake: fn(),
  onMerge: fn(),
  isMerging: false,
  onDismiss: fn(),
  isDismissing: false,
  refused: null,
  error: null,
  ...overrides,
});

const meta = {
  title: 'Components/ArticleDetail/SourceCard',
  component: SourceCard,
  args: {
    scrapedUrl: URL,
    provenance,
    check: { onCheck: fn(), isChecking: false, outcome: null, error: null, refused: null },
  },
} satisfies Meta<typeof SourceCard>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('region', { name: t.title }));

/** How the article was fetched, and a check of its page on demand. */
export const HowItWasFetched: Story = {
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    const list = within(c.getByLabelText(t.provenanceLabel));
    await expect(list.getByText(URL)).toBeVisible();
    await expect(list.getByText(`${URL}/`)).toBeVisible();
    await expect(list.getByText(formatDateTime(fixturesNow))).toBeVisible();
    await expect(list.getByText('ETag "harbour-v1", Last-Modified Wed, 02 Dec 2026 10:00:00 GMT')).toBeVisible();
    await expect(list.getByText(t.robots('allowed'))).toBeVisible();
    await expect(list.getByText('@mozilla/readability 0.6.0')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: t.check }));
    await expect(args.check.onCheck).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** The extraction's quality beside how the page was fetched: no call to look when it is fine. */
export const ExtractionQuality: Story = {
  args: { provenance: { ...provenance, quality: { score: 0.91, signals: { prose: 0.97, links: 0.02, words: 812, agreement: 0.94 } } } },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    const list = within(c.getByLabelText(t.provenanceLabel));
    await expect(list.getByText(extraction.label)).toBeVisible();
    await expect(list.getByText("91% (97% prose, 2% links, 812 words, 94% like the page's own article text)")).toBeVisible();
    await expect(c.queryByText(extraction.check)).toBeNull();
  },
};

/** A low score: 'Check the extraction', why, and the source page one click away (in a new tab). */
export const CheckTheExtraction: Story = {
  args: { provenance: { ...provenance, quality: { score: 0.42, signals: { prose: 0.35, links: 0.31, words: 140, agreement: null } } } },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    const title = c.getByText(extraction.check);
    await expect(title).toBeVisible();
    // The alert's content: its title, then why, with the link.
    const alert = title.parentElement!;
    await expect(alert).toHaveTextContent(extraction.checkWhy(0.42));
    const link = within(alert).getByRole('link', { name: extraction.openSource });
    await expect(link).toHaveAttribute('href', `${URL}/`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(within(c.getByLabelText(t.provenanceLabel)).getByText('42% (35% prose, 31% links, 140 words)')).toBeVisible();
  },
};

/** Scraped before fetches were recorded: said so; the page can still be checked. */
export const NoProvenance: Story = {
  args: { provenance: null },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText(t.noProvenance)).toBeVisible();
    await expect(card(canvasElement).getByRole('button', { name: t.check })).toBeEnabled();
  },
};

/** Written by hand: nothing to check. */
export const WrittenByHand: Story = {
  args: { provenance: null, scrapedUrl: null },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText(t.noAddress)).toBeVisible();
    await expect(card(canvasElement).queryByRole('button', { name: t.check })).toBeNull();
  },
};

/** Checking: the button is busy. */
export const Checking: Story = {
  args: { check: { onCheck: fn(), isChecking: true, outcome: null, error: null } },
  play: async ({ canvasElement }) => {
    await expectBusy(card(canvasElement).getByRole('button', { name: t.checking }));
  },
};

/** Checked: the source answered "not modified". */
export const NotModified: Story = {
  args: { check: { onCheck: fn(), isChecking: false, outcome: 'notModified', error: null } },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByRole('status')).toHaveTextContent(t.outcome.notModified);
  },
};

/** Checked: the source's text is as imported. */
export const Unchanged: Story = {
  args: { check: { onCheck: fn(), isChecking: false, outcome: 'unchanged', error: null } },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByRole('status')).toHaveTextContent(t.outcome.unchanged);
  },
};

/** The check failed (robots.txt disallows the page): in the API's words. */
export const CheckFailed: Story = {
  args: { check: { onCheck: fn(), isChecking: false, outcome: null, error: "Disallowed by the site's robots.txt" } },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText("Disallowed by the site's robots.txt")).toBeVisible();
  },
};

/** A role that may not check or merge: the button disabled, saying why. */
export const CheckRefused: Story = {
  args: { check: { onCheck: fn(), isChecking: false, outcome: null, error: null, refused: 'Only an admin, an editor or an author may check sources again or merge their changes' } },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByRole('button', { name: t.check })).toBeDisabled();
  },
};

/** The source changed: its change loading. */
export const ChangeLoading: Story = {
  args: { change: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText(t.changed.loading)).toBeVisible();
  },
};

/** The change could not be loaded: Try again. */
export const ChangeFailed: Story = {
  args: { change: { status: 'error', message: 'The server could not be reached', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.changed.errorTitle)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: t.changed.retry }));
    await expect((args.change as Extract<SourceChangeState, { status: 'error' }>).onRetry).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** The source changed where the editor did not: the merge takes its changes, no conflict. */
export const ChangeWithoutConflicts: Story = {
  args: { change: ready() },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    const section = within(c.getByRole('region', { name: t.changed.title }));
    await expect(await section.findByText('four', { selector: 'ins' })).toBeVisible();
    await expect(section.getByText(t.changed.summary(2, 0))).toBeVisible();
    await expect(section.queryByRole('list', { name: t.changed.conflictsLabel })).toBeNull();
    await userEvent.click(section.getByRole('button', { name: t.changed.merge }));
    await expect((args.change as Extract<SourceChangeState, { status: 'ready' }>).onMerge).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Nothing to merge into the blog HTML (only the raw text changed). */
export const NothingToMerge: Story = {
  args: { change: ready({ change: change([], 0) }) },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText(t.changed.nothingToMerge)).toBeVisible();
  },
};

/** A merge with a conflict: yours and the source's side by side; ticking takes the source's. */
export const MergeWithConflicts: Story = {
  args: { change: ready({ change: change([conflict], 1) }) },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.changed.summary(1, 1))).toBeVisible();
    const item = within(c.getByRole('listitem', { name: t.changed.conflict(1) }));
    await expect(item.getByText(conflict.editor)).toBeVisible();
    await expect(item.getByText(conflict.source)).toBeVisible();
    await userEvent.click(item.getByRole('checkbox', { name: t.changed.take }));
    await expect((args.change as Extract<SourceChangeState, { status: 'ready' }>).onToggleTake).toHaveBeenCalledWith(0);
  },
};

/** The source's version of a conflict ticked. */
export const ConflictTaken: Story = {
  args: { change: ready({ change: change([conflict], 1), take: new Set([0]) }) },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByRole('checkbox', { name: t.changed.take })).toBeChecked();
  },
};

/** A published article: merging waits for a draft, said beside the disabled buttons. */
export const MergeRefused: Story = {
  args: { change: ready({ change: change([conflict], 1), refused: t.changed.mergeRefused.published }) },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByText(`${t.changed.mergeRefused.published}.`)).toBeVisible();
    await expect(c.getByRole('button', { name: t.changed.merge })).toBeDisabled();
    await expect(c.getByRole('button', { name: t.changed.dismiss })).toBeDisabled();
    await expect(c.getByRole('checkbox', { name: t.changed.take })).toBeDisabled();
  },
};

/** Merging: the button busy, Dismiss held. */
export const Merging: Story = {
  args: { change: ready({ isMerging: true }) },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expectBusy(c.getByRole('button', { name: t.changed.merging }));
    await expect(c.getByRole('button', { name: t.changed.dismiss })).toBeDisabled();
  },
};

/** A merge refused by the server (another admin saved meanwhile): in its words. */
export const MergeFailed: Story = {
  args: { change: ready({ error: 'The article was changed since it was loaded. Reload it and try again.' }) },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText('The article was changed since it was loaded. Reload it and try again.')).toBeVisible();
  },
};

/** Merged: said in the card's live region. */
export const Merged: Story = {
  args: { note: t.merged(1) },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByRole('status')).toHaveTextContent(t.merged(1));
  },
};
