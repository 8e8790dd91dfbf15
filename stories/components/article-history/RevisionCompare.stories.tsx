import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DiffPanes, RevisionCompare } from '../../../src/components/article-history';
import { historyTexts as t } from '../../../src/lib/texts-history';
import { baseSnapshot, editedSnapshot, longHtml } from '../../fixtures';

const left = { status: 'ready' as const, label: t.side.revision(1, 'Scraped'), snapshot: baseSnapshot };
const right = { status: 'ready' as const, label: t.side.current, snapshot: editedSnapshot };

const meta = {
  title: 'Components/ArticleHistory/RevisionCompare',
  component: RevisionCompare,
  // The word-by-word panes, scrolled in step, that each tab shows.
  subcomponents: { DiffPanes },
  args: { left, right, mode: 'versions' },
} satisfies Meta<typeof RevisionCompare>;
export default meta;

type Story = StoryObj<typeof meta>;

const pane = (canvasElement: HTMLElement, label: string) => within(canvasElement).getByRole('region', { name: label });

/** The blog HTML word by word: removed words struck through on the left, added ones on the right; other fields that differ marked. */
export const BlogHtml: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const before = pane(canvasElement, left.label);
    const after = pane(canvasElement, right.label);
    await expect(within(before).getAllByRole('deletion').map((d) => d.textContent).join(' ')).toContain('sunny');
    await expect(within(after).getAllByRole('insertion').map((d) => d.textContent).join(' ')).toContain('a little');
    await expect(within(before).queryByRole('insertion')).not.toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent(/words? removed, \d+ added/);
    // Title and slug differ; the status does not.
    const table = canvas.getByRole('table');
    const slugRow = within(table).getByRole('row', { name: /Slug/ });
    await expect(slugRow).toHaveAttribute('data-differs', 'true');
    await expect(within(table).getByRole('row', { name: /Status/ })).not.toHaveAttribute('data-differs');
  },
};

/** The raw text, in its tab. */
export const RawText: Story = {
  args: { right: { ...right, snapshot: { ...editedSnapshot, scrappedData: `${baseSnapshot.scrappedData}\n\nWater in the evening.` } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('tab', { name: t.tabs.scrappedData }));
    // The tab it left may still be leaving, with panes of the same names: the new tab's own.
    const panel = await within(canvasElement).findByRole('tabpanel', { name: t.tabs.scrappedData });
    const after = within(panel).getByRole('region', { name: right.label });
    await expect(await within(after).findByRole('insertion')).toHaveTextContent('Water in the evening.');
  },
};

/** Both versions rendered, each in a sandboxed frame. */
export const Previews: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('tab', { name: t.tabs.preview }));
    const frames = await within(canvasElement).findAllByTitle(/^Preview of /);
    await expect(frames).toHaveLength(2);
    for (const frame of frames) await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frames[1]).toHaveAttribute('srcdoc', editedSnapshot.blogData);
  },
};

/** The page as scraped beside the blog HTML: what the extraction dropped (the ad) and added. */
export const SourceBesideResult: Story = {
  args: { mode: 'source', left: { ...left, label: t.side.source }, right: { ...right, snapshot: baseSnapshot } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: t.sourceTabs.html })).toHaveAttribute('aria-selected', 'true');
    const source = pane(canvasElement, t.side.source);
    await expect(within(source).getAllByRole('deletion').map((d) => d.textContent).join('')).toContain('Buy seeds now!');
    await userEvent.click(canvas.getByRole('tab', { name: t.sourceTabs.text }));
    await waitFor(() => expect(pane(canvasElement, t.side.source)).toHaveTextContent('Tomatoes need sun, water and patience.'));
  },
};

/** An article never scraped since the history began has no page to set beside it. */
export const NoSource: Story = {
  args: { mode: 'source', left: { ...left, label: t.side.source, snapshot: { ...baseSnapshot, sourceHtml: null } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.noSource)).toBeVisible();
  },
};

/** Two 100 KB versions: compared in a worker (the page stays free), then shown. */
export const LongVersions: Story = {
  args: {
    left: { ...left, snapshot: { ...baseSnapshot, blogData: longHtml(100) } },
    right: { ...right, snapshot: { ...editedSnapshot, blogData: longHtml(100, 400) } },
  },
  play: async ({ canvasElement }) => {
    const status = await within(canvasElement).findByText(/word(s)? removed, \d+ added/, undefined, { timeout: 10_000 });
    await expect(status).toHaveTextContent('12 words removed, 12 added');
    const after = pane(canvasElement, right.label);
    await expect(within(after).getAllByRole('insertion').map((d) => d.textContent).join(' ')).toContain('reworded paragraph');
    // The long unchanged runs around the change show their ends only, alike on both sides, until opened.
    const folds = within(after).getAllByRole('button', { name: /^Show [\d,]+ unchanged characters$/ });
    await expect(folds).toHaveLength(2);
    await expect(within(pane(canvasElement, left.label)).getAllByRole('button', { name: /unchanged characters/ })).toHaveLength(2);
    await expect(after).not.toHaveTextContent('Paragraph 10:');
    await userEvent.click(folds[0]!);
    await waitFor(() => expect(after).toHaveTextContent('Paragraph 10:'));
    await expect(pane(canvasElement, left.label)).toHaveTextContent('Paragraph 10:');
    await expect(within(after).getAllByRole('button', { name: /unchanged characters/ })).toHaveLength(1);
  },
};

/** Two 100 KB versions with a tenth of their paragraphs rewritten: a second of diffing, in the worker, while the page stays free. */
export const LongVersionsManyChanges: Story = {
  args: {
    left: { ...left, snapshot: { ...baseSnapshot, blogData: longHtml(100) } },
    right: { ...right, snapshot: { ...editedSnapshot, blogData: longHtml(100, (i) => i % 10 === 3) } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/word(s)? removed, \d+ added/, undefined, { timeout: 20_000 })).toBeVisible();
    await expect(within(pane(canvasElement, right.label)).getAllByRole('insertion').length).toBeGreaterThan(50);
  },
};

/** One side still loading. */
export const Loading: Story = {
  args: { right: { status: 'loading', label: t.side.current } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t.loadingVersion);
  },
};

/** One side could not be read. */
export const Failed: Story = {
  args: { left: { status: 'error', label: left.label, message: 'Revision not found' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(`${t.versionError}: Revision not found`);
  },
};
