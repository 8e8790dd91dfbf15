import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { rowOffsets, scrollingAncestor, visibleRows, visibleSlice } from './windowing';

export interface WindowedListOptions {
  /** One stable key per row, in order (measured heights are remembered by key). */
  keys: readonly string[];
  /** Height used for rows that have not been on screen yet. */
  estimatedHeight: number;
  /** Extra pixels rendered above and below what is visible. */
  overscan: number;
}

/**
 * Renders only the rows near the visible part of the page. Works whether the window or an
 * ancestor scrolls: the visible slice is the viewport clipped by the nearest scrolling ancestor.
 * Rows are in normal flow; the space of the rows left out is the list's top/bottom padding.
 * Each rendered row is measured (ResizeObserver) and its real height replaces the estimate.
 */
export function useWindowedList({ keys, estimatedHeight, overscan }: WindowedListOptions) {
  const [listElement, setListElement] = useState<HTMLElement | null>(null);
  const [measured, setMeasured] = useState<ReadonlyMap<string, number>>(() => new Map());
  const scroller = useMemo(() => (listElement ? scrollingAncestor(listElement) : null), [listElement]);

  const subscribe = useCallback(
    (notify: () => void) => {
      const doc = listElement?.ownerDocument ?? document;
      const view = doc.defaultView ?? window;
      // Scroll events do not bubble; capturing on the document sees the window and any ancestor.
      doc.addEventListener('scroll', notify, { capture: true, passive: true });
      view.addEventListener('resize', notify);
      return () => {
        doc.removeEventListener('scroll', notify, { capture: true });
        view.removeEventListener('resize', notify);
      };
    },
    [listElement],
  );
  const top = useSyncExternalStore(subscribe, () =>
    listElement ? visibleSlice(listElement, scroller).top : 0,
  );
  const height = useSyncExternalStore(subscribe, () =>
    listElement ? visibleSlice(listElement, scroller).height : window.innerHeight,
  );

  const offsets = useMemo(() => rowOffsets(keys, measured, estimatedHeight), [keys, measured, estimatedHeight]);
  const { start, end } = visibleRows(offsets, top, height, overscan);

  const observerRef = useRef<ResizeObserver | null>(null);
  /**
   * Ref for each rendered row; the row element must carry `data-row-key`. Rows stop being
   * observed when they unmount (ref cleanup), so the observer needs no teardown of its own.
   */
  const measureRow = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    observerRef.current ??= new ResizeObserver((entries) => {
      setMeasured((previous) => {
        let next: Map<string, number> | null = null;
        for (const entry of entries) {
          const key = (entry.target as HTMLElement).dataset.rowKey;
          const rowHeight = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
          // A hidden row (for example in an inactive tab) measures 0: keep what we knew.
          if (!key || rowHeight <= 0 || previous.get(key) === rowHeight) continue;
          next ??= new Map(previous);
          next.set(key, rowHeight);
        }
        return next ?? previous;
      });
    });
    const observer = observerRef.current;
    observer.observe(element);
    return () => observer.unobserve(element);
  }, []);

  return {
    /** Ref for the list element itself. */
    listRef: setListElement,
    measureRow,
    start,
    end,
    paddingTop: offsets[start] ?? 0,
    paddingBottom: (offsets[keys.length] ?? 0) - (offsets[end] ?? 0),
  };
}
