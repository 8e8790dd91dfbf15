// The Articles screen's calendar view: the month's plans and schedules, narrowed by the tabs and
// 'Assigned to me', an article opened from it; a week, and a scheduled publish moved in it.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { calendarTexts as t } from '../../../src/lib/texts-calendar';
import { planned } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory, storyLocation } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { articlesScreen } from './articlesScreen';

export default { title: 'Screens/Articles/Calendar', tags: ['!autodocs'], ...articlesScreen } satisfies Meta<typeof AppStory>;

/** The calendar view, chosen from the toolbar: June's plans; the Draft tab leaves out the published article's unpublish. */
export const MonthOfPlans: Story = {
  beforeEach: using(() => articleHandlers.api(planned)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.view }, ready));
    await expect(await canvas.findByRole('table', { name: t.label('June 2026') }, ready)).toBeVisible();
    // Queried afresh each time: the view draws again as the tabs' counts come.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Lighthouse open day' })).toBeVisible(), ready);
    await waitFor(() => expect(canvas.getByRole('button', { name: /^Unpublish .* Spring market$/ })).toBeVisible(), ready);
    await userEvent.click(canvas.getByRole('tab', { name: /^Draft/ }));
    // The drafts' month, read again (once the tab's change has been drawn): the published
    // article's unpublish is gone, the draft is there.
    await waitFor(() => expect(canvas.queryByRole('button', { name: /Spring market/ })).toBeNull(), ready);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Lighthouse open day' })).toBeVisible(), ready);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** An entry opens its article. */
export const OpenAnArticle: Story = {
  beforeEach: using(() => articleHandlers.api(planned)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.view }, ready));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Ferry timetable, summer' })).toBeVisible(), ready);
    await userEvent.click(canvas.getByRole('button', { name: 'Ferry timetable, summer' }));
    await waitFor(() => expect(storyLocation(canvasElement).pathname).toBe('/articles/art_plan_00000000FERRY1'), ready);
  },
};

/**
 * The week view: this week's plans; the next week's scheduled publish moved a day on by keyboard
 * (Alt and Right), confirmed, and read again on its new day.
 */
export const WeekAndReschedule: Story = {
  beforeEach: using(() => articleHandlers.api(planned)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: t.view }, ready));
    await userEvent.click(await canvas.findByRole('button', { name: t.week }, ready));
    await expect(await canvas.findByRole('table', { name: t.weekLabel('Jun 15, 2026') }, ready)).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Regatta results' })).toBeVisible(), ready);
    await userEvent.click(canvas.getByRole('button', { name: t.nextWeek }));
    await expect(await canvas.findByRole('table', { name: t.weekLabel('Jun 22, 2026') }, ready)).toBeVisible();
    const publish = await canvas.findByRole('button', { name: /^Publish .* Harbour fees for 2027$/ }, ready);
    const dayOf = (chip: HTMLElement) => chip.closest('td')!.querySelector('p')!.textContent;
    await expect(dayOf(publish)).toBe('22');
    publish.focus();
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    const dialog = await body.findByRole('group', { name: t.confirmTitle }, ready);
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirmMove }));
    await waitFor(() => expect(body.queryByRole('group', { name: t.confirmTitle })).toBeNull(), ready);
    // Read again from the server: on the 23rd now.
    await waitFor(() => expect(dayOf(canvas.getByRole('button', { name: /^Publish .* Harbour fees for 2027$/ }))).toBe('23'), ready);
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/Moved the publish of "Harbour fees for 2027" to Jun 23, 2026/), ready);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};
