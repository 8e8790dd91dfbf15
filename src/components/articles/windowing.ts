/**
 * Pure geometry for the windowed article list: where each row starts, and which rows touch
 * the visible part of the page. Rows not measured yet count with an estimated height.
 */

/** Start offset of every row plus the total height at the end (length `keys.length + 1`). */
export function rowOffsets(
  keys: readonly string[],
  measured: ReadonlyMap<string, number>,
  estimatedHeight: number,
): Float64Array {
  const offsets = new Float64Array(keys.length + 1);
  let total = 0;
  keys.forEach((key, i) => {
    total += measured.get(key) ?? estimatedHeight;
    offsets[i + 1] = total;
  });
  return offsets;
}

export interface RowRange {
  /** First row to render. */
  start: number;
  /** One past the last row to render. */
  end: number;
}

/** The first index in [0, count) whose value satisfies `test`, or `count` (`test` must be monotonic). */
function firstIndex(count: number, test: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The rows that intersect [top - overscan, top + height + overscan], in list coordinates
 * (0 is the top of the list). `offsets` comes from `rowOffsets`.
 */
export function visibleRows(
  offsets: ArrayLike<number>,
  top: number,
  height: number,
  overscan: number,
): RowRange {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const from = top - overscan;
  const to = top + Math.max(height, 0) + overscan;
  // A row is visible when its bottom is below `from` and its top is above `to`.
  const at = (i: number) => offsets[i] ?? 0;
  const start = firstIndex(count, (i) => at(i + 1) > from);
  const end = Math.max(start, firstIndex(count, (i) => at(i) >= to));
  return { start: Math.min(start, count), end };
}

/** The nearest ancestor that scrolls its own content, or null when the page itself scrolls. */
export function scrollingAncestor(element: Element): HTMLElement | null {
  const root = element.ownerDocument.documentElement;
  const body = element.ownerDocument.body;
  for (let node = element.parentElement; node && node !== body && node !== root; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return node;
  }
  return null;
}

/**
 * The part of the list that can be seen right now, in list coordinates: the window's viewport,
 * clipped by the scrolling ancestor if there is one.
 */
export function visibleSlice(list: Element, scroller: Element | null): { top: number; height: number } {
  const view = list.ownerDocument.defaultView;
  const listTop = list.getBoundingClientRect().top;
  let clipTop = 0;
  let clipBottom = view?.innerHeight ?? 0;
  if (scroller) {
    const rect = scroller.getBoundingClientRect();
    clipTop = Math.max(clipTop, rect.top);
    clipBottom = Math.min(clipBottom, rect.bottom);
  }
  return { top: Math.round(clipTop - listTop), height: Math.max(0, Math.round(clipBottom - clipTop)) };
}
