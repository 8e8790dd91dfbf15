import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** As react-router's `Blocker`: a held navigation goes on with `proceed`, or is dropped with `reset`. */
export type Blocker =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

/** The few parts of the Navigation API used here (not yet in TypeScript's DOM types). */
interface TraverseEvent extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  destination: { url: string; key: string };
}
interface NavigationHistory extends EventTarget {
  traverseTo: (key: string) => { committed: Promise<unknown>; finished: Promise<unknown> };
}

/**
 * Holds back the admin's own ways of leaving the page while `when`: a click on a link to another
 * path, and the browser's back and forward buttons.
 *
 * react-router's `useBlocker` does this only under a data router (`createBrowserRouter`), and the
 * console runs the declarative one (src/app/main.tsx): a data router adds about 18 KB gzip to the
 * first screen, which already fills its 150 KB budget to within a few hundred bytes. So this
 * hook, loaded only with the screens that block, does it in the page:
 * - a click on an `<a>` to another path of the console has its default prevented in the capture
 *   phase, before React sees it: react-router's Link does not navigate a prevented click, and
 *   the link's other handlers (closing the mobile sidebar) still run;
 * - back and forward are held with the Navigation API: its `navigate` event comes before the
 *   traversal happens (before the URL changes and before react-router hears of it) and may be
 *   cancelled; Leave traverses to the same entry. A `popstate` cannot be used for this: it comes
 *   after the fact, and Chromium calls the window's listeners in the order they were added,
 *   capture or not, so react-router's (added first) has already moved the page. Where the
 *   browser has no Navigation API (older Firefox and Safari), back and forward are not held.
 * The app's own navigations (`navigate()` after a delete, to /login on a 401) are not held, and
 * closing or reloading the tab is for a `beforeunload` listener. Same answer as react-router's
 * hook, so moving to a data router would change the import only.
 */
export function useBlocker(when: boolean): Blocker {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [held, setHeld] = useState<{ proceed: () => void } | null>(null);
  // One traversal let through (Leave), shared by every run of the effect below.
  const passing = useRef(false);

  useEffect(() => {
    if (!when) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return; // a new tab or window
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin || url.pathname === pathname) return;
      event.preventDefault();
      setHeld({ proceed: () => void navigate(url.pathname + url.search + url.hash) });
    };
    const navigation = (window as { navigation?: NavigationHistory }).navigation;
    const onNavigate = (event: Event) => {
      const { navigationType, destination, cancelable } = event as TraverseEvent;
      if (navigationType !== 'traverse') return;
      if (passing.current) {
        passing.current = false;
        return;
      }
      const url = new URL(destination.url);
      if (!cancelable || url.origin !== window.location.origin || url.pathname === pathname) return;
      event.preventDefault();
      setHeld({
        proceed: () => {
          passing.current = true;
          const going = navigation?.traverseTo(destination.key);
          // Not made after all (interrupted by another navigation): the next back or forward is held again.
          going?.committed.catch(() => void (passing.current = false));
          going?.finished.catch(() => {});
        },
      });
    };
    document.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      document.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [when, pathname, navigate]);

  // Nothing to hold any more (saved meanwhile): the held navigation is dropped, not kept for later.
  if (!when && held) setHeld(null);
  if (!when || !held) return { state: 'unblocked' };
  return {
    state: 'blocked',
    proceed: () => {
      setHeld(null);
      held.proceed();
    },
    reset: () => setHeld(null),
  };
}
