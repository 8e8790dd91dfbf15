import { useCallback, useState } from 'react';
import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';

/**
 * Where a list sits: its distance from the top of the document (the virtualiser's
 * `scrollMargin`) and its width. Read when the list mounts, then only when a ResizeObserver on
 * the body or on the list reports a change (content above the list growing, the viewport or the
 * sidebar changing): after layout, so the read is cheap, and never in a scroll handler. A list
 * that is not laid out (mounted inside a hidden box, as a story is until it shows) is not read:
 * it would measure 0 wide at the top of the page, and its width stays 0 (`laidOut` false) until
 * it shows.
 */
export function useListBox() {
  const [scrollMargin, setScrollMargin] = useState(0);
  const [width, setWidth] = useState(0);
  const listRef = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const view = element.ownerDocument.defaultView;
    if (!view) return;
    const read = () => {
      if (element.getClientRects().length === 0) return;
      const rect = element.getBoundingClientRect();
      setScrollMargin(Math.round(rect.top + view.scrollY));
      setWidth(Math.round(rect.width));
    };
    read();
    if (typeof view.ResizeObserver === 'undefined') return;
    const observer = new view.ResizeObserver(read);
    observer.observe(element.ownerDocument.body);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return {
    /** Ref for the element that takes the list's whole height. */
    listRef,
    scrollMargin,
    width,
    /** Whether the list has been measured laid out (its width and place are real). */
    laidOut: width > 0,
  };
}

export interface WindowRowsOptions {
  /** Number of rows. */
  count: number;
  /** Height in px (gap included) of a row that has not been measured yet. */
  estimateSize: number;
  /** Rows rendered beyond the visible ones on each side. */
  overscan: number;
  /** A stable key per row: measured heights are remembered by key. */
  getItemKey?: (index: number) => string | number;
  /** The list's distance from the top of the document, from `useListBox`. */
  scrollMargin: number;
}

/**
 * A row that is not laid out (jsdom, a hidden tab) measures 0: keep what was known rather than
 * collapse it, which would pull every following row into the visible range.
 */
const measureLaidOut: typeof measureElement = (element, entry, instance) => {
  const size = measureElement(element, entry, instance);
  if (size > 0) return size;
  const index = instance.indexFromElement(element);
  return instance.measurementsCache[index]?.size ?? instance.options.estimateSize(index);
};

/**
 * Window virtualisation for a list in the page's flow: the console scrolls the window (AppShell
 * has no scrolling box), so rows are placed by `useWindowVirtualizer`. Rows measure themselves
 * (`ref={measureRow}` with `data-index`), so rows of different heights do not jump; while the
 * page scrolls they are measured by the virtualiser's ResizeObserver, not by layout reads.
 *
 * Render: `<div ref={listRef} style={{ position: 'relative', height: totalSize }}>` holding one
 * absolutely placed element translated by `offset`, in which the `rows` follow in normal flow.
 */
export function useWindowRows({ count, estimateSize, overscan, getItemKey, scrollMargin }: WindowRowsOptions) {
  const virtualizer = useWindowVirtualizer<HTMLElement>({
    count,
    estimateSize: () => estimateSize,
    overscan,
    getItemKey,
    scrollMargin,
    measureElement: measureLaidOut,
  });
  const rows = virtualizer.getVirtualItems();
  return {
    /** Ref for each rendered row; the row carries `data-index={row.index}`. Stable. */
    measureRow: virtualizer.measureElement,
    rows,
    totalSize: virtualizer.getTotalSize(),
    /** Where the first rendered row starts, from the top of the list. */
    offset: (rows[0]?.start ?? scrollMargin) - scrollMargin,
    /** Scrolls the window to a row, mounted or not. */
    scrollToRow: virtualizer.scrollToIndex,
  };
}
