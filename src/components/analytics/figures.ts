/** Pure helpers of the Analytics screen: totals, names and day labels, from the server's answer. */
import type { Analytics } from '../../contract';
import { shortId } from '../../lib/format';
import { analyticsTexts } from '../../lib/texts-analytics';

export type ArticleDay = Analytics['articles'][number];
export type ViewDay = Analytics['views'][number];
export type TopArticle = Analytics['topArticles'][number];
export type TopSite = Analytics['topSites'][number];
export type StorageDay = Analytics['storage'][number];

/** en-US digits with thousands separators: 1234 → "1,234". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** A UTC day of the answer ('2026-03-04') as days are read on an axis: "Mar 4". */
export function formatDayShort(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The same day in full, for tables and tooltips: "Mar 4, 2026". */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export interface ArticleTotals {
  created: number;
  published: number;
  deleted: number;
}

export function articleTotals(days: readonly ArticleDay[]): ArticleTotals {
  return days.reduce(
    (sum, day) => ({
      created: sum.created + day.created,
      published: sum.published + day.published,
      deleted: sum.deleted + day.deleted,
    }),
    { created: 0, published: 0, deleted: 0 },
  );
}

export function viewTotal(days: readonly ViewDay[]): number {
  return days.reduce((sum, day) => sum + day.views, 0);
}

/**
 * Whether the period has anything to chart: an article created, published or deleted, or a
 * view. Without either, the screen says 'Nothing to chart yet' instead of flat lines.
 */
export function hasActivity(data: Pick<Analytics, 'articles' | 'views'>): boolean {
  const totals = articleTotals(data.articles);
  return totals.created + totals.published + totals.deleted + viewTotal(data.views) > 0;
}

/** An article as the most-read list names it: its title, else its slug, else 'Article #<last 8 of id>'. */
export function articleName(article: Pick<TopArticle, 'id' | 'title' | 'slug'>): string {
  return article.title?.trim() || article.slug || analyticsTexts.topArticles.fallback(shortId(article.id));
}

/** The library's bytes on the period's last day (zeros for an empty period). */
export function latestStorage(days: readonly StorageDay[]): { images: number; pdfs: number } {
  const last = days.at(-1);
  return { images: last?.images ?? 0, pdfs: last?.pdfs ?? 0 };
}

export function hasStorage(days: readonly StorageDay[]): boolean {
  return days.some((day) => day.images + day.pdfs > 0);
}

const BYTE_UNITS = [1, 1024, 1024 ** 2, 1024 ** 3] as const;

/**
 * Ticks for an axis of bytes: round numbers of one unit (0, 25 MB, 50 MB, …), so that the size
 * formatter writes each in a few characters, and the top tick at or above `max`.
 */
export function byteTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0];
  const unit = [...BYTE_UNITS].reverse().find((u) => max >= u) ?? 1;
  const raw = max / unit / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const ticks = [0];
  while (ticks.at(-1)! < max / unit) ticks.push(Number((ticks.length * step).toFixed(6)));
  return ticks.map((tick) => tick * unit);
}
