import { useCallback, useSyncExternalStore } from 'react';

/** Below 768px the sidebar is a slide-in sheet (docs/product.md, 'Timings and limits'). */
export const MOBILE_MEDIA_QUERY = '(max-width: 767px)';

/** Whether `query` matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY);
}
