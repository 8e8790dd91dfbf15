import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AnalyticsHeader } from '../../../src/components/analytics';
import { ANALYTICS_PERIODS } from '../../../src/contract';
import { analyticsTexts } from '../../../src/lib/texts-analytics';

const t = analyticsTexts;

const meta = {
  title: 'Components/Analytics/AnalyticsHeader',
  component: AnalyticsHeader<(typeof ANALYTICS_PERIODS)[number]>,
  args: { periods: ANALYTICS_PERIODS, days: 30, onDaysChange: fn() },
} satisfies Meta<typeof AnalyticsHeader<(typeof ANALYTICS_PERIODS)[number]>>;
export default meta;

type Story = StoryObj<typeof meta>;

export const LastThirtyDays: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const group = canvas.getByRole('radiogroup', { name: t.periodLabel });
    await expect(within(group).getByRole('radio', { name: t.period(30) })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: t.period(90) }));
    await expect(args.onDaysChange).toHaveBeenCalledWith(90);
  },
};

/** The arrow keys move between the periods, as in any radio group. */
export const Keyboard: Story = {
  args: { days: 90 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const ninety = canvas.getByRole('radio', { name: t.period(90) });
    await expect(ninety).toBeChecked();
    ninety.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onDaysChange).toHaveBeenCalledWith(30);
  },
};
