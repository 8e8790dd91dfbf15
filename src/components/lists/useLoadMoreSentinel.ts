import { useEffect, useRef, useState } from 'react';

/**
 * Calls `onLoadMore` when the returned ref's element comes within `rootMargin` of the visible
 * area, while `enabled`. The observer is rebuilt whenever `enabled` or `itemCount` changes, so a
 * sentinel that is still in view after a page arrived asks for the next one.
 */
export function useLoadMoreSentinel({
  enabled,
  itemCount,
  onLoadMore,
  rootMargin = '600px',
}: {
  enabled: boolean;
  itemCount: number;
  onLoadMore: (() => void) | undefined;
  rootMargin?: string;
}) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const callbackRef = useRef(onLoadMore);
  useEffect(() => {
    callbackRef.current = onLoadMore;
  });

  useEffect(() => {
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callbackRef.current?.();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, enabled, itemCount, rootMargin]);

  return setElement;
}
