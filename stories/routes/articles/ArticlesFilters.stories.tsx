// The Articles screen's filters beside the search: the articles that need attention (their last
// checks found something) and those that look like a copy of another.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { articlesScreenTexts as a } from '../../../src/lib/texts-articles';
import { checked, copied } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory, storyLocation } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { articlesScreen, cardNames, expectTabCounts, namesOf } from './articlesScreen';

export default { title: 'Screens/Articles/Filters', tags: ['!autodocs'], ...articlesScreen } satisfies Meta<typeof AppStory>;

const attentionButton = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('button', { name: new RegExp(`^${a.attention}`) }, ready);
const copiesButton = (canvasElement: HTMLElement) => within(canvasElement).findByRole('button', { name: a.copies }, ready);

/**
 * The articles that need attention: the toggle says how many, and pressed it narrows the list to
 * them (the tabs count those), with `?attention=true` holding it.
 */
export const NeedsAttention: Story = {
  beforeEach: using(() => articleHandlers.api(checked)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await attentionButton(canvasElement);
    await waitFor(() => expect(toggle).toHaveTextContent(`${a.attention} (2)`));
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    await userEvent.click(toggle);
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(checked[1]!, checked[2]!)));
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(storyLocation(canvasElement).search).toBe('?attention=true');
    await expectTabCounts(canvasElement, { all: 2, published: 1, draft: 1 });
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/**
 * The articles that look like a copy of another: pressed, the toggle narrows the list to both of
 * a pair (the tabs count those), with `?copies=true` holding it; pressed again, all come back.
 */
export const Copies: Story = {
  beforeEach: using(() => articleHandlers.api(copied)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await copiesButton(canvasElement);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    await userEvent.click(toggle);
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(namesOf(copied[2]!, copied[0]!)));
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(storyLocation(canvasElement).search).toBe('?copies=true');
    await expectTabCounts(canvasElement, { all: 2, published: 1, draft: 1 });
    await userEvent.click(toggle);
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    await expect(storyLocation(canvasElement).search).toBe('');
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** No article looks like a copy: the filter's empty list says so (not "no articles"). */
export const NoCopies: Story = {
  beforeEach: using(() => articleHandlers.api([copied[0]!, copied[1]!])),
  args: { path: '/articles?copies=true' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(a.noCopies, {}, ready)).toBeVisible();
    await expect(canvas.getByText(a.noCopiesHint)).toBeVisible();
    await expect(await copiesButton(canvasElement)).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

/** Both toggles pressed and no copy needs attention: the empty list says which filters left nothing. */
export const NoCopiesNeedAttention: Story = {
  beforeEach: using(() => articleHandlers.api(copied)),
  args: { path: '/articles?attention=true&copies=true' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(a.noCopiesNeedAttention, {}, ready)).toBeVisible();
    await expect(canvas.getByText(a.noCopiesNeedAttentionHint)).toBeVisible();
    await expect(canvas.queryByText(a.nothingNeedsAttention)).toBeNull();
    await expect(await copiesButton(canvasElement)).toHaveAttribute('aria-pressed', 'true');
    await expect(await attentionButton(canvasElement)).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

/** Nothing needs attention: the filter's empty list says so (not "no articles"). */
export const NothingNeedsAttention: Story = {
  beforeEach: using(() => articleHandlers.api([checked[0]!])),
  args: { path: '/articles?attention=true' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(a.nothingNeedsAttention, {}, ready)).toBeVisible();
    await expect(canvas.getByText(a.nothingNeedsAttentionHint)).toBeVisible();
    await expect(await attentionButton(canvasElement)).toHaveTextContent(`${a.attention} (0)`);
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};
