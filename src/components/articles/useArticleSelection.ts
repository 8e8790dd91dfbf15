import { useCallback, useMemo, useState } from 'react';

interface SelectionState {
  /** The list the selection belongs to (tab, search, sort, site): another one starts empty. */
  scope: string;
  ids: ReadonlySet<string>;
  /** The last article clicked: a shift-click selects from it to the one clicked. */
  anchor: string | null;
}

const EMPTY: ReadonlySet<string> = new Set();

/** The ids from `from` to `to` (either order) in `order`; just `to` when `from` is not there. */
export function rangeBetween(order: readonly string[], from: string | null, to: string): string[] {
  const end = order.indexOf(to);
  const start = from === null ? -1 : order.indexOf(from);
  if (end < 0) return [];
  if (start < 0) return [to];
  return order.slice(Math.min(start, end), Math.max(start, end) + 1);
}

export interface ArticleSelection {
  selected: ReadonlySet<string>;
  count: number;
  /** Toggles one article; with `range`, sets every one from the last clicked to it as it sets this one. */
  toggle: (id: string, range?: boolean) => void;
  /** Selects every article shown, or clears them when all are already selected. */
  toggleAll: () => void;
  allSelected: boolean;
  someSelected: boolean;
  clear: () => void;
}

/**
 * Which articles of the list are selected for a bulk action. `order` is the ids as shown;
 * `scope` names the list (tab, search, sort, site): when it changes the selection is cleared.
 */
export function useArticleSelection(order: readonly string[], scope: string): ArticleSelection {
  const [state, setState] = useState<SelectionState>({ scope, ids: EMPTY, anchor: null });
  // Another list: its selection starts empty (set while rendering, so no stale frame shows).
  if (state.scope !== scope) setState({ scope, ids: EMPTY, anchor: null });
  const selected = state.scope === scope ? state.ids : EMPTY;

  const toggle = useCallback(
    (id: string, range = false) =>
      setState((previous) => {
        const base = previous.scope === scope ? previous : { scope, ids: EMPTY, anchor: null };
        const select = !base.ids.has(id);
        const ids = new Set(base.ids);
        for (const each of range ? rangeBetween(order, base.anchor, id) : [id]) {
          if (select) ids.add(each);
          else ids.delete(each);
        }
        return { scope, ids, anchor: id };
      }),
    [order, scope],
  );

  const shown = useMemo(() => order.filter((id) => selected.has(id)).length, [order, selected]);
  const allSelected = order.length > 0 && shown === order.length;
  const toggleAll = useCallback(
    () =>
      setState((previous) => {
        const base = previous.scope === scope ? previous : { scope, ids: EMPTY, anchor: null };
        const everyOne = order.length > 0 && order.every((id) => base.ids.has(id));
        const ids = new Set(base.ids);
        for (const id of order) {
          if (everyOne) ids.delete(id);
          else ids.add(id);
        }
        return { scope, ids, anchor: base.anchor };
      }),
    [order, scope],
  );
  const clear = useCallback(() => setState({ scope, ids: EMPTY, anchor: null }), [scope]);

  return {
    selected,
    count: selected.size,
    toggle,
    toggleAll,
    allSelected,
    someSelected: shown > 0 && !allSelected,
    clear,
  };
}
