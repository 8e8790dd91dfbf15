/** The narrowest a file card gets before the grid drops a column. */
export const MIN_CARD_WIDTH = 180;
/** Space between cards, across and down (Chakra spacing 4). */
export const GRID_GAP = 16;
export const MAX_COLUMNS = 4;

/**
 * Columns of the file grid for the width of the list (1 to 4). Measured on the list rather than
 * read from viewport breakpoints, so a collapsed sidebar gives a column more. At the console's
 * usual widths it gives what the breakpoints gave: 1 on a phone, 2 from 480px, 3 from 1024px
 * and 4 from 1280px of window.
 */
export function gridColumns(width: number): number {
  const fit = Math.floor((width + GRID_GAP) / (MIN_CARD_WIDTH + GRID_GAP));
  return Math.min(MAX_COLUMNS, Math.max(1, fit));
}
