// The Articles screen's bulk actions: select cards (or rows), then publish, convert to draft or
// delete them at once.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../../src/contract';
import { bulkTexts as b } from '../../../src/lib/texts-articles';
import { expectBusy } from '../../busy';
import { articles } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { expectNoSidewaysScroll, findToast, type ScreenStory as Story, using } from '../screen';
import { articlesScreen, bar, cardCheckbox, cards, pressBulk, selectCards, tab, waitForCards } from './articlesScreen';

export default { title: 'Screens/Articles/Bulk', tags: ['!autodocs'], ...articlesScreen } satisfies Meta<typeof AppStory>;

/** Each card's checkbox is named after it; the bar counts the selection and offers the actions. */
export const BulkSelectCards: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    await expect(canvas.queryByText(b.selected(1))).toBeNull();
    await step('a checkbox per card, named for screen readers', async () => {
      await expect(cardCheckbox(cards(canvasElement)[0]!)).toHaveAccessibleName(b.select(articles[0]!.title!));
    });
    await step('selecting three shows the bar with the count', async () => {
      await selectCards(canvasElement, 0, 1, 2);
      await expect(within(bar(canvasElement)).getByText(b.selected(3))).toBeVisible();
      for (const name of [b.publish, b.draft, b.delete, b.clear]) {
        await expect(within(bar(canvasElement)).getByRole('button', { name })).toBeEnabled();
      }
      await expect(cardCheckbox(cards(canvasElement)[1]!)).toBeChecked();
    });
    await step('Clear selection empties it', async () => {
      await userEvent.click(within(bar(canvasElement)).getByRole('button', { name: b.clear }));
      await expect(canvas.queryByText(b.selected(3))).toBeNull();
      await expect(cardCheckbox(cards(canvasElement)[1]!)).not.toBeChecked();
    });
  },
};

/** 'Select all on this page' selects every card shown; it is mixed when only some are. */
export const BulkSelectAll: Story = {
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    const all = within(bar(canvasElement)).getByRole('checkbox', { name: b.selectAll });
    await userEvent.click(all);
    await expect(within(bar(canvasElement)).getByText(b.selected(articles.length))).toBeVisible();
    await expect(all).toBeChecked();
    await userEvent.click(cardCheckbox(cards(canvasElement)[0]!));
    await expect(within(bar(canvasElement)).getByText(b.selected(articles.length - 1))).toBeVisible();
    await expect(all).toBePartiallyChecked();
    await userEvent.click(all);
    await expect(within(bar(canvasElement)).getByText(b.selected(articles.length))).toBeVisible();
    await userEvent.click(all);
    await expect(within(canvasElement).queryByText(b.selected(articles.length))).toBeNull();
  },
};

/** A shift-click selects every card from the last one clicked to this one. */
export const BulkShiftClickRange: Story = {
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await selectCards(canvasElement, 1);
    // One user-event session, so the click sees Shift held.
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(cardCheckbox(cards(canvasElement)[4]!));
    await user.keyboard('{/Shift}');
    await expect(within(bar(canvasElement)).getByText(b.selected(4))).toBeVisible();
    const checked = cards(canvasElement).map((card) => (cardCheckbox(card) as HTMLInputElement).checked);
    await expect(checked.slice(0, 6)).toEqual([false, true, true, true, true, false]);
  },
};

/** Space on a focused card toggles it (not on a button inside it); Escape clears the selection. */
export const BulkKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    const second = cards(canvasElement)[1]!;
    second.focus();
    await userEvent.keyboard(' ');
    await expect(within(bar(canvasElement)).getByText(b.selected(1))).toBeVisible();
    await expect(cardCheckbox(second)).toBeChecked();
    cards(canvasElement)[2]!.focus();
    await userEvent.keyboard(' ');
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
    await userEvent.keyboard(' ');
    await expect(within(bar(canvasElement)).getByText(b.selected(1))).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByText(b.selected(1))).toBeNull();
    await expect(cardCheckbox(second)).not.toBeChecked();
  },
};

/** Another tab (or search, order, site) starts with nothing selected; the trash has no selection. */
export const BulkSelectionClearsOnTabChange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    await selectCards(canvasElement, 0, 1);
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
    await userEvent.click(tab(canvasElement, /^Draft/));
    await waitFor(() => expect(tab(canvasElement, /^Draft/)).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(cards(canvasElement).every((card) => within(card).queryByText('Draft'))).toBe(true));
    await expect(canvas.queryByText(b.selected(2))).toBeNull();
    await expect(cardCheckbox(cards(canvasElement)[0]!)).not.toBeChecked();
    await userEvent.click(tab(canvasElement, /^Trash/));
    await waitFor(() => expect(canvas.queryByRole('region', { name: b.barLabel })).toBeNull());
    await expect(canvas.queryAllByRole('checkbox')).toHaveLength(0);
  },
};

/** Three drafts published at once: the tabs' counts move, a toast says so, the selection clears. */
export const BulkPublish: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    await expect(tab(canvasElement, /^Published/)).toHaveTextContent('4');
    // Cards 1, 2 and 4 are drafts; 3 is already published.
    await pressBulk(canvasElement, b.publish, 1, 2, 3, 4);
    const toast = await findToast(canvasElement, b.changed.publish(3));
    await expect(toast).toHaveAccessibleDescription(b.unchanged.publish(1));
    await waitFor(() => expect(tab(canvasElement, /^Published/)).toHaveTextContent('7'));
    await expect(tab(canvasElement, /^Draft/)).toHaveTextContent('5');
    await expect(canvas.queryByText(b.selected(4))).toBeNull();
  },
};

/** While the request is pending every action is disabled. */
export const BulkPending: Story = {
  beforeEach: using(() => articleHandlers.slowBulk()),
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await pressBulk(canvasElement, b.draft, 1, 2);
    for (const name of [b.publish, b.delete, b.clear]) {
      await waitFor(() => expect(within(bar(canvasElement)).getByRole('button', { name })).toBeDisabled());
    }
    // The clicked one waits with the keyboard's focus.
    await expectBusy(within(bar(canvasElement)).getByRole('button', { name: b.draft }));
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
  },
};

/** A failed request says why (the server's message) and keeps the selection. */
export const BulkFailing: Story = {
  beforeEach: using(() => articleHandlers.failingBulk()),
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await pressBulk(canvasElement, b.publish, 1, 2);
    const toast = await findToast(canvasElement, b.failed);
    await expect(toast).toHaveAccessibleDescription(serverMessages.databaseUnavailable);
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
    await expect(within(bar(canvasElement)).getByRole('button', { name: b.publish })).toBeEnabled();
  },
};

/** An article deleted by someone else meanwhile is refused, with the server's reason. */
export const BulkWithARefusal: Story = {
  beforeEach: using(() => articleHandlers.api(articles, [], { goneForBulk: [articles[2]!.id] })),
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await pressBulk(canvasElement, b.publish, 1, 2);
    const toast = await findToast(canvasElement, b.changed.publish(1));
    await expect(toast).toHaveAccessibleDescription(b.refused(1, serverMessages.articleNotFound));
    await waitFor(() => expect(tab(canvasElement, /^Published/)).toHaveTextContent('5'));
  },
};

/**
 * A bulk delete moves the articles to the trash (published ones too): the toast offers Undo,
 * which brings every one back.
 */
export const BulkDeleteThenUndo: Story = {
  parameters: { visual: { skip: "the list's scroll after the undo depends on when each card brought back is measured" } },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    const names = [0, 1].map((place) => within(cards(canvasElement)[place]!).getAllByRole('heading')[0]!.textContent!);
    await step('Delete moves both to the trash', async () => {
      await pressBulk(canvasElement, b.delete, 0, 1);
      await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 2'));
      // The list (its cards and the status tabs' counts) is another answer than the trash's count.
      await waitFor(() => expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(String(articles.length - 2)));
      for (const name of names) await expect(canvas.queryByRole('article', { name })).toBeNull();
    });
    await step('Undo brings them back', async () => {
      const toast = await findToast(canvasElement, b.changed.delete(2));
      await userEvent.click(within(toast).getByRole('button', { name: b.undo }));
      await findToast(canvasElement, b.restored(2));
      for (const name of names) await expect(await canvas.findByRole('article', { name })).toBeVisible();
      await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 0'));
      await expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(String(articles.length));
    });
  },
};

/** The table view: a checkbox per row, and Space on the focused row toggles it. */
export const BulkInTheTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Table' }, ready));
    const grid = await canvas.findByRole('grid');
    // One per row, and 'Select all on this page' in the header.
    await waitFor(() => expect(within(grid).getAllByRole('checkbox').length).toBe(articles.length + 1));
    await userEvent.click(within(grid).getByRole('checkbox', { name: b.select(articles[1]!.title!) }));
    await expect(within(bar(canvasElement)).getByText(b.selected(1))).toBeVisible();
    // The click selected, it did not open the article.
    await expect(canvas.getByRole('grid')).toBeVisible();
    const row = within(grid).getAllByRole('row')[3]!;
    row.focus();
    await userEvent.keyboard(' ');
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    // 'Select all on this page' is in the checkbox column's header (the bar has none here).
    await expect(within(bar(canvasElement)).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(grid).getByRole('checkbox', { name: b.selectAll }));
    await expect(within(bar(canvasElement)).getByText(b.selected(articles.length))).toBeVisible();
  },
};

/** A phone: the bar wraps its buttons, nothing sticks out sideways. */
export const BulkPhoneWidth: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await selectCards(canvasElement, 0, 1);
    for (const name of [b.publish, b.draft, b.delete, b.clear]) {
      await expect(within(bar(canvasElement)).getByRole('button', { name })).toBeVisible();
    }
    await expectNoSidewaysScroll(canvasElement);
  },
};
