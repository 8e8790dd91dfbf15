import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChecksCard } from '../../../src/components/article-detail/ChecksCard';
import { checkTexts, type ArticleChecks } from '../../../src/contract';
import { checksTexts as t } from '../../../src/lib/texts-checks';
import { expectBusy } from '../../busy';
import { fixturesNow } from '../../fixtures';

const passing: ArticleChecks = {
  checkedAt: fixturesNow,
  wordCount: 1240,
  readingMinutes: 5,
  items: [
    { kind: 'title', ok: true, target: '', detail: checkTexts.titleOk },
    { kind: 'alt', ok: true, target: '', detail: checkTexts.altOk(3) },
    { kind: 'headings', ok: true, target: '', detail: checkTexts.headingsOk },
    { kind: 'link', ok: true, target: '', detail: checkTexts.linksOk(12) },
    { kind: 'image', ok: true, target: '', detail: checkTexts.imagesOk(0) },
  ],
};

const failing: ArticleChecks = {
  checkedAt: fixturesNow,
  wordCount: 1,
  readingMinutes: 1,
  items: [
    { kind: 'title', ok: false, target: '', detail: checkTexts.titleMissing },
    { kind: 'alt', ok: false, target: 'https://cdn.news.example.com/2026/06/15/images/a-very-long-path/to-a-photograph-of-the-harbour-at-dawn-1600x900.jpg', detail: checkTexts.altMissing },
    { kind: 'alt', ok: false, target: '/api/files/file_02/content', detail: checkTexts.altMissing },
    { kind: 'headings', ok: false, target: 'What the harbour master said', detail: checkTexts.headingSkipped(2, 4) },
    { kind: 'link', ok: false, target: 'https://news.example.com/2019/harbour-plans', detail: checkTexts.status(404) },
    { kind: 'link', ok: false, target: 'https://archive.example.org/harbour', detail: 'The page took too long to answer (more than 5 s)' },
    { kind: 'link', ok: false, target: 'http://10.0.0.12/intranet/harbour', detail: checkTexts.notChecked },
    { kind: 'image', ok: false, target: 'https://cdn.news.example.com/missing.jpg', detail: checkTexts.status(404) },
  ],
};

const meta = {
  title: 'Components/ArticleDetail/ChecksCard',
  component: ChecksCard,
  args: { checks: null, running: false, error: null, onRun: fn() },
} satisfies Meta<typeof ChecksCard>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('region', { name: t.title }));

/** Not run yet: says so, and Run asks for them. */
export const NotRun: Story = {
  play: async ({ canvasElement, args }) => {
    await expect(card(canvasElement).getByText(t.notRun)).toBeVisible();
    await expect(card(canvasElement).queryByRole('list')).toBeNull();
    await userEvent.click(card(canvasElement).getByRole('button', { name: t.run }));
    await expect(args.onRun).toHaveBeenCalledOnce();
    // Whether a clicked button's focus ring is drawn follows Chromium's guess: let go for the look.
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Running: the button is busy. */
export const Running: Story = {
  args: { running: true },
  play: async ({ canvasElement }) => {
    await expectBusy(card(canvasElement).getByRole('button', { name: t.running }));
  },
};

/** Every check passing, with the words and reading time. */
export const AllPassing: Story = {
  args: { checks: passing },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByText(`${t.outcome(0)} ${t.reading(1240, 5)}`)).toBeVisible();
    await expect(c.getAllByText(`${t.passed}:`)).toHaveLength(5);
    await expect(c.queryByText(`${t.failed}:`)).toBeNull();
    await expect(c.getByRole('button', { name: t.runAgain })).toBeEnabled();
  },
};

/** Each kind failing: one line per place, with what it is about (a long address cut to one line); a private address is not checked. */
export const Failing: Story = {
  args: { checks: failing },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByText(`${t.outcome(8)} ${t.reading(1, 1)}`)).toBeVisible();
    await expect(c.getAllByText(`${t.failed}:`)).toHaveLength(8);
    await expect(c.getByText('What the harbour master said')).toBeVisible();
    await expect(c.getByText('/api/files/file_02/content')).toBeVisible();
    await expect(c.getByText('http://10.0.0.12/intranet/harbour')).toBeVisible();
  },
};

/** The HTML has unsaved edits: the result says it read the saved version. */
export const WithUnsavedEdits: Story = {
  args: { checks: passing, unsaved: true },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText(new RegExp(t.unsaved.replace('.', '\\.')))).toBeVisible();
  },
};

/** The run failed: the server's words, and the last result (none here) unchanged. */
export const RunFailed: Story = {
  args: { error: 'The page took too long to process.' },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByRole('alert')).toHaveTextContent('The page took too long to process.');
    await expect(card(canvasElement).getByRole('button', { name: t.run })).toBeEnabled();
  },
};

/** The kept result is being read: said so, and Run waits for it. */
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.loading)).toBeVisible();
    await expect(c.getByRole('button', { name: t.run })).toBeDisabled();
  },
};

/** Saved after the result shown: the server's own run of the new version is not done yet. */
export const SavedSince: Story = {
  args: { checks: failing, stale: true },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText(new RegExp(t.stale.replace('.', '\\.')))).toBeVisible();
  },
};

/**
 * Items to fix whose place the HTML being edited still holds: each has a way to it (here every
 * item but the private link, as if it had been removed meanwhile); passing items have none.
 */
export const ShowInTheHtml: Story = {
  args: {
    checks: failing,
    onShow: fn(),
    canShow: (item) => item.target !== '' && !item.target.startsWith('http://10.'),
  },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    // Six of the eight: not the title (no place) nor the private link (gone from the HTML).
    await expect(c.getAllByRole('button', { name: new RegExp(`^${t.show}:`) })).toHaveLength(6);
    await userEvent.click(c.getByRole('button', { name: t.showLabel(t.kinds.headings, 'What the harbour master said') }));
    await expect(args.onShow).toHaveBeenCalledWith(failing.items[3]);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/**
 * An image of the file library without alt text here, whose file has some: the card says it and
 * offers to write it into the image's tag (the other image, of another site, has nothing to offer).
 */
export const FileAltOffered: Story = {
  args: {
    checks: { ...failing, items: failing.items.map((item, i) => (i === 2 ? { ...item, fileAlt: 'The harbour at dawn, boats at anchor' } : item)) },
    onShow: fn(),
    canShow: (item) => item.target !== '',
    onUseFileAlt: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.fileAlt('The harbour at dawn, boats at anchor'))).toBeVisible();
    await expect(c.getAllByRole('button', { name: new RegExp(`^${t.useFileAlt}:`) })).toHaveLength(1);
    await userEvent.click(c.getByRole('button', { name: t.useFileAltLabel('/api/files/file_02/content') }));
    await expect(args.onUseFileAlt).toHaveBeenCalledWith(args.checks!.items[2]);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** No result yet, and the server's own run of the article waits or is under way (a new article). */
export const RunningByThemselves: Story = {
  args: { stale: true },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText(t.pending)).toBeVisible();
    await expect(card(canvasElement).getByRole('button', { name: t.run })).toBeEnabled();
  },
};

/** A scraped page's 28 links: two to fix first, the first three of the kind shown, the rest on asking. */
export const ManyOfAKind: Story = {
  args: {
    checks: {
      ...passing,
      items: [
        passing.items[0]!,
        ...Array.from({ length: 26 }, (_, i) => ({ kind: 'link' as const, ok: true, target: `https://news.example.com/harbour/${i + 1}`, detail: checkTexts.status(200) })),
        { kind: 'link', ok: false, target: 'https://news.example.com/2019/harbour-plans', detail: checkTexts.status(404) },
        { kind: 'link', ok: false, target: 'https://archive.example.org/harbour', detail: checkTexts.status(410) },
        passing.items[4]!,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    const list = within(c.getByRole('list', { name: t.title }));
    // The title, three links (the two to fix first), the rest asked for, the images.
    await expect(list.getAllByRole('listitem')).toHaveLength(6);
    await expect(list.getAllByRole('listitem')[1]).toHaveTextContent('https://news.example.com/2019/harbour-plans');
    await expect(list.getAllByRole('listitem')[2]).toHaveTextContent('https://archive.example.org/harbour');
    await userEvent.click(list.getByRole('button', { name: t.showMore(25, t.kinds.link) }));
    await expect(list.getAllByRole('listitem')).toHaveLength(30);
    await expect(list.queryByRole('button', { name: /^Show \d+ more/ })).toBeNull();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};
