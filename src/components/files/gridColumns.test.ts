import { describe, expect, it } from 'vitest';
import { gridColumns } from './gridColumns';

describe('gridColumns', () => {
  it('gives one column before the list is measured and on a phone', () => {
    expect(gridColumns(0)).toBe(1);
    expect(gridColumns(318)).toBe(1);
  });

  it('adds a column each time a 180px card and its gap fit, up to four', () => {
    expect(gridColumns(376)).toBe(2);
    expect(gridColumns(397)).toBe(2); // 800px window, sidebar open
    expect(gridColumns(572)).toBe(3);
    expect(gridColumns(621)).toBe(3); // 1024px window
    expect(gridColumns(768)).toBe(4);
    expect(gridColumns(877)).toBe(4); // 1280px window
    expect(gridColumns(4000)).toBe(4);
  });
});
