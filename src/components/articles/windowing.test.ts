// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rowOffsets, scrollingAncestor, visibleRows, visibleSlice } from './windowing';

describe('rowOffsets', () => {
  it('uses measured heights by key and the estimate for the rest', () => {
    const offsets = rowOffsets(['a', 'b', 'c'], new Map([['b', 50]]), 100);
    expect(Array.from(offsets)).toEqual([0, 100, 150, 250]);
  });

  it('is a single 0 for an empty list', () => {
    expect(Array.from(rowOffsets([], new Map(), 100))).toEqual([0]);
  });
});

describe('visibleRows', () => {
  const tenRows = rowOffsets(Array.from({ length: 10 }, (_, i) => `r${i}`), new Map(), 100);

  it('returns the rows touching the visible slice', () => {
    // Rows 2..4 cover 200..500; a slice 250..450 touches rows 2, 3 and 4.
    expect(visibleRows(tenRows, 250, 200, 0)).toEqual({ start: 2, end: 5 });
  });

  it('widens the range by the overscan on both sides', () => {
    expect(visibleRows(tenRows, 250, 200, 100)).toEqual({ start: 1, end: 6 });
  });

  it('clamps at both ends of the list', () => {
    expect(visibleRows(tenRows, -500, 300, 0)).toEqual({ start: 0, end: 0 });
    expect(visibleRows(tenRows, 0, 5000, 0)).toEqual({ start: 0, end: 10 });
    expect(visibleRows(tenRows, 5000, 300, 0)).toEqual({ start: 10, end: 10 });
  });

  it('keeps a mounted window small for 10,000 rows', () => {
    const offsets = rowOffsets(Array.from({ length: 10_000 }, (_, i) => `r${i}`), new Map(), 300);
    const { start, end } = visibleRows(offsets, 1_500_000, 800, 1000);
    expect(start).toBe(Math.floor((1_500_000 - 1000) / 300));
    expect(end - start).toBeLessThan(20);
  });

  it('is empty for an empty list', () => {
    expect(visibleRows([0], 0, 800, 100)).toEqual({ start: 0, end: 0 });
  });
});

describe('scrollingAncestor and visibleSlice', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  function rect(top: number, height: number): DOMRect {
    return { top, bottom: top + height, height, left: 0, right: 0, width: 0, x: 0, y: top, toJSON: () => ({}) };
  }

  it('finds the nearest ancestor that scrolls, or none when the page scrolls', () => {
    document.body.innerHTML = '<div id="outer" style="overflow-y: auto"><div><ul id="list"></ul></div></div><ul id="plain"></ul>';
    expect(scrollingAncestor(document.getElementById('list')!)?.id).toBe('outer');
    expect(scrollingAncestor(document.getElementById('plain')!)).toBeNull();
  });

  it('measures the viewport in list coordinates when the window scrolls', () => {
    document.body.innerHTML = '<ul id="list"></ul>';
    const list = document.getElementById('list')!;
    vi.spyOn(list, 'getBoundingClientRect').mockReturnValue(rect(-1200, 50_000));
    expect(visibleSlice(list, null)).toEqual({ top: 1200, height: window.innerHeight });
  });

  it('clips the viewport by a scrolling ancestor', () => {
    document.body.innerHTML = '<div id="box"><ul id="list"></ul></div>';
    const list = document.getElementById('list')!;
    const box = document.getElementById('box')!;
    vi.spyOn(box, 'getBoundingClientRect').mockReturnValue(rect(100, 400));
    vi.spyOn(list, 'getBoundingClientRect').mockReturnValue(rect(-900, 50_000));
    expect(visibleSlice(list, box)).toEqual({ top: 1000, height: 400 });
  });
});
