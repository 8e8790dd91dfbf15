// The Articles screen's calendar view: the month's plans and schedules, narrowed by the tabs and
// 'Assigned to me', an article opened from it.
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
    // The drafts' month, read again: the draft is there, the published article's unpublish is not.
    await waitFor(() => expect(canvas.queryByText(t.loading)).toBeNull(), ready);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Lighthouse open day' })).toBeVisible(), ready);
    await expect(canvas.queryByRole('button', { name: /Spring market/ })).toBeNull();
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
