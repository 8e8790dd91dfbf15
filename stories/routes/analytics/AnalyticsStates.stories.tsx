// The Analytics screen in its states (empty, loading, failing and retried) and its looks (a phone, dark).
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../../src/contract';
import { analyticsHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { analyticsScreen, findChart, findScreen, t } from './analyticsScreen';

export default { title: 'Screens/Analytics/States', tags: ['!autodocs'], ...analyticsScreen } satisfies Meta<typeof AppStory>;

/** A fresh library: no activity, no views, no sites, no files: said plainly, no empty charts. */
export const Empty: Story = {
  beforeEach: using(() => analyticsHandlers.empty()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.empty.title }, ready)).toBeVisible();
    await expect(canvas.getByText(t.empty.body(30))).toBeVisible();
    await expect(canvas.queryByRole('region', { name: t.views.title })).toBeNull();
    await expect(canvas.queryByRole('application')).toBeNull();
    // The period can still be changed.
    await userEvent.click(canvas.getByRole('radio', { name: t.period(90) }));
    await expect(await canvas.findByText(t.empty.body(90))).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: using(() => analyticsHandlers.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: t.title }, ready)).toBeVisible();
    for (const title of [t.articles.title, t.views.title, t.topArticles.title, t.topSites.title, t.storage.title]) {
      await expect(canvas.getByRole('region', { name: title })).toHaveAttribute('aria-busy', 'true');
    }
    await expect(canvas.queryByRole('button', { name: t.showTable })).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent(t.loading);
    await expect(canvas.getByRole('radio', { name: t.period(30) })).toBeChecked();
  },
};

/** The figures fail: the server's words and Retry, which brings them. */
export const ErrorWithRetry: Story = {
  beforeEach: using(() => analyticsHandlers.failingThenOk()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, ready);
    await expect(alert).toHaveTextContent(t.errorTitle);
    await expect(alert).toHaveTextContent(serverMessages.databaseUnavailable);
    await expect(canvas.queryByRole('region', { name: t.views.title })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: t.retry }));
    await findScreen(canvasElement);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** At 320px the cards stack and nothing is pushed past the right edge. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    await findScreen(canvasElement);
    const articles = within(canvasElement).getByRole('region', { name: t.articles.title });
    const views = within(canvasElement).getByRole('region', { name: t.views.title });
    await expect(views.getBoundingClientRect().top).toBeGreaterThanOrEqual(articles.getBoundingClientRect().bottom);
    const doc = canvasElement.ownerDocument.documentElement;
    await waitFor(() => expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth));
    const chart = await findChart(canvasElement, t.views.title, /^Views per day/);
    await expect(chart.getBoundingClientRect().right).toBeLessThanOrEqual(doc.clientWidth);
  },
};

/** Dark mode: the semantic tokens switch; the screen is checked with axe in dark too (test-runner). */
export const Dark: Story = {
  globals: { colorMode: 'dark' },
  play: async ({ canvasElement }) => {
    await findScreen(canvasElement);
    await expect(canvasElement.ownerDocument.documentElement).toHaveClass('dark');
    const cardStyle = getComputedStyle(within(canvasElement).getByRole('region', { name: t.views.title }));
    // bg.card is gray.900 in dark mode: a dark background, whatever its exact value.
    const [r = 255, g = 255, b = 255] = (cardStyle.backgroundColor.match(/\d+/g) ?? []).map(Number);
    await expect(r + g + b).toBeLessThan(150);
  },
};
