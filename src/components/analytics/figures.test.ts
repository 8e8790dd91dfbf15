import { describe, expect, it } from 'vitest';
import {
  articleName,
  articleTotals,
  formatCount,
  formatDay,
  formatDayShort,
  byteTicks,
  hasActivity,
  hasStorage,
  latestStorage,
  viewTotal,
} from './figures';

const day = (d: string, created = 0, published = 0, deleted = 0) => ({ day: d, created, published, deleted });

describe('analytics figures', () => {
  it('sums the articles and the views of the period', () => {
    expect(articleTotals([day('2026-11-01', 3, 1), day('2026-11-02', 2, 0, 1)])).toEqual({ created: 5, published: 1, deleted: 1 });
    expect(articleTotals([])).toEqual({ created: 0, published: 0, deleted: 0 });
    expect(viewTotal([{ day: '2026-11-01', views: 1200 }, { day: '2026-11-02', views: 34 }])).toBe(1234);
  });

  it('has activity when any article event or any view happened', () => {
    const views = (n: number) => [{ day: '2026-11-01', views: n }];
    expect(hasActivity({ articles: [day('2026-11-01')], views: views(0) })).toBe(false);
    expect(hasActivity({ articles: [day('2026-11-01', 0, 0, 1)], views: views(0) })).toBe(true);
    expect(hasActivity({ articles: [day('2026-11-01')], views: views(1) })).toBe(true);
  });

  it('names an article by its title, else its slug, else its short id', () => {
    expect(articleName({ id: 'art_1234567890', title: 'Tomatoes', slug: 'tomatoes' })).toBe('Tomatoes');
    expect(articleName({ id: 'art_1234567890', title: '  ', slug: 'tomatoes' })).toBe('tomatoes');
    expect(articleName({ id: 'art_1234567890', title: null, slug: null })).toBe('Article #34567890');
  });

  it('writes UTC days in US English whatever the time zone', () => {
    expect(formatDayShort('2026-03-04')).toBe('Mar 4');
    expect(formatDay('2026-03-04')).toBe('Mar 4, 2026');
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatDay('not a day')).toBe('not a day');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('reads the library at the end of the period', () => {
    const storage = [
      { day: '2026-11-01', images: 0, pdfs: 0 },
      { day: '2026-11-02', images: 2048, pdfs: 1024 },
    ];
    expect(latestStorage(storage)).toEqual({ images: 2048, pdfs: 1024 });
    expect(latestStorage([])).toEqual({ images: 0, pdfs: 0 });
    expect(hasStorage(storage)).toBe(true);
    expect(hasStorage(storage.slice(0, 1))).toBe(false);
  });

  it('puts a bytes axis on round numbers of one unit, the top tick over the largest value', () => {
    const MB = 1024 ** 2;
    expect(byteTicks(80 * MB)).toEqual([0, 20, 40, 60, 80].map((n) => n * MB));
    expect(byteTicks(95.4 * MB)).toEqual([0, 25, 50, 75, 100].map((n) => n * MB));
    expect(byteTicks(3000)).toEqual([0, 1024, 2048, 3072]);
    expect(byteTicks(700)).toEqual([0, 200, 400, 600, 800]);
    expect(byteTicks(0)).toEqual([0]);
  });
});
