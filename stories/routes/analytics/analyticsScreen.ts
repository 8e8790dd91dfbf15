/**
 * What the Analytics screen's story files share (Screens/Analytics/…): the meta they start from,
 * the sample's figures summed as the admin reads them, and the queries their plays make.
 */
import { expect, within } from 'storybook/test';
import { formatBytes } from '../../../src/lib/format';
import { analyticsTexts } from '../../../src/lib/texts-analytics';
import { sampleAnalytics } from '../../fixtures';
import { analyticsHandlers, authHandlers } from '../../mocks';
import { ready } from '../plays';
import { screen } from '../screen';

export const t = analyticsTexts;
export const count = (n: number) => n.toLocaleString('en-US');

/** Signed in, with the sample figures; a story puts the variant it shows in front of them. */
export const analyticsScreen = screen('/analytics', () => authHandlers.signedIn(), () => analyticsHandlers.api());

/** The figures the sample answers with, summed as the admin would read them. */
export function sampleFigures(days: number) {
  const data = sampleAnalytics(days);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const last = data.storage.at(-1)!;
  return {
    data,
    views: sum(data.views.map((d) => d.views)),
    created: sum(data.articles.map((d) => d.created)),
    published: sum(data.articles.map((d) => d.published)),
    deleted: sum(data.articles.map((d) => d.deleted)),
    images: formatBytes(last.images),
    pdfs: formatBytes(last.pdfs),
  };
}

/** The card (a region named by its title). */
export const card = (canvasElement: HTMLElement, title: string) =>
  within(within(canvasElement).getByRole('region', { name: title }));

/** A drawn chart in the card `title`: recharts' keyboard-reachable surface, named by its summary. */
export async function findChart(canvasElement: HTMLElement, title: string, name: string | RegExp) {
  const chart = await within(canvasElement).findByRole('application', { name }, ready);
  await expect(chart.closest('section')).toBe(within(canvasElement).getByRole('region', { name: title }));
  return chart;
}

/** Waits for the screen and its 30-day figures. */
export async function findScreen(canvasElement: HTMLElement, days = 30) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 1, name: t.title }, ready)).toBeVisible();
  const figures = sampleFigures(days);
  await findChart(canvasElement, t.views.title, t.chartLabel(t.views.title, days, t.views.figures(figures.views)));
  return figures;
}
