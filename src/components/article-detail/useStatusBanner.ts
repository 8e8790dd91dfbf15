import { useCallback, useEffect, useRef, useState } from 'react';

/** What the banner of the article detail screen reports (docs/product.md, 'Publishing and editing'). */
export type StatusBannerKind = 'published' | 'draft' | 'publishFailed' | 'draftFailed';

/** Success banners hide after 3 s, error banners after 5 s (docs/product.md, 'Timings and limits'). */
export const SUCCESS_BANNER_MS = 3000;
export const ERROR_BANNER_MS = 5000;

export function isSuccessBanner(kind: StatusBannerKind): boolean {
  return kind === 'published' || kind === 'draft';
}

export function bannerDuration(kind: StatusBannerKind): number {
  return isSuccessBanner(kind) ? SUCCESS_BANNER_MS : ERROR_BANNER_MS;
}

/**
 * The banner currently shown, if any. `show` replaces the banner and restarts its timer, so a
 * quick second action never has its message cut short by the first one's timer.
 */
export function useStatusBanner() {
  const [banner, setBanner] = useState<StatusBannerKind | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearTimer = useCallback(() => {
    if (timer.current !== undefined) {
      clearTimeout(timer.current);
      timer.current = undefined;
    }
  }, []);

  const dismiss = useCallback(() => {
    clearTimer();
    setBanner(null);
  }, [clearTimer]);

  const show = useCallback(
    (kind: StatusBannerKind) => {
      clearTimer();
      setBanner(kind);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        setBanner(null);
      }, bannerDuration(kind));
    },
    [clearTimer],
  );

  useEffect(() => clearTimer, [clearTimer]);

  return { banner, show, dismiss };
}
