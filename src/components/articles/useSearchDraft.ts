import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

/** How the new search is written into the history (the route maps it to the router's option). */
export type SearchHistoryMode = 'push' | 'replace';

/**
 * The search box's text and the search it settles into. `query` is the search in force (the
 * route reads it from `?q=`, so reload, Back and a shared link give the same list); the box
 * follows it whenever it changes from outside (Back, Forward, a link).
 *
 * Typing settles after `delayMs`. The first settled search after a committed one is pushed, so
 * Back returns to the list before it; later keystrokes of the same search replace that entry,
 * so Back never walks through "t", "to", "tom". Enter, Esc and Clear commit: pushed, and the
 * next keystroke starts a new entry.
 */
export function useSearchDraft(
  query: string,
  onSearch: (query: string, mode: SearchHistoryMode) => void,
  delayMs = 300,
) {
  const [draft, setDraft] = useState(query);
  const [followed, setFollowed] = useState(query);
  if (query !== followed) {
    // Adjusting state while rendering (React's pattern): the box shows the search in force.
    setFollowed(query);
    setDraft(query);
  }
  const settled = useDebouncedValue(draft, delayMs);
  const latest = useRef({ query, onSearch });
  const sent = useRef<string | null>(null);
  /** An entry for the search being typed is in the history already: replace it. */
  const typing = useRef(false);
  useEffect(() => {
    latest.current = { query, onSearch };
  });
  useEffect(() => {
    // A search that did not come from this box (Back, a link) ends the one being typed.
    if (query !== sent.current) typing.current = false;
  }, [query]);
  useEffect(() => {
    const next = settled.trim();
    if (next === latest.current.query) return;
    sent.current = next;
    latest.current.onSearch(next, typing.current ? 'replace' : 'push');
    typing.current = true;
  }, [settled]);

  const commit = useCallback((text: string) => {
    setDraft(text);
    typing.current = false;
    const next = text.trim();
    if (next === latest.current.query) return;
    sent.current = next;
    latest.current.onSearch(next, 'push');
  }, []);

  return {
    /** The text in the box. */
    draft,
    setDraft,
    /** Enter in the box (`commit(draft)`), Esc and Clear (`commit('')`). */
    commit,
  };
}
