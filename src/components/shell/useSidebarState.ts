import { useCallback, useEffect, useState } from 'react';
import { sidebarCookie } from '../../lib/sidebarCookie';

export interface SidebarStateOptions {
  /** Expanded (true) or icon mode (false) on first render, e.g. from the remembered cookie. */
  defaultOpen?: boolean;
  /** Called with the new desktop state each time the user expands or collapses the sidebar. */
  onOpenChange?: (open: boolean) => void;
  /** On narrow screens the toggle opens and closes the sheet instead. */
  isMobile: boolean;
}

export interface SidebarState {
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

/** True for Ctrl+B (Windows, Linux) and Cmd+B (macOS). */
export function isSidebarShortcut(event: KeyboardEvent): boolean {
  return event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey;
}

/**
 * The sidebar's open/closed state: the desktop state is remembered in the 7-day cookie,
 * the mobile sheet starts closed on every page load. Ctrl/Cmd+B toggles whichever applies.
 */
export function useSidebarState({
  defaultOpen = true,
  onOpenChange,
  isMobile,
}: SidebarStateOptions): SidebarState {
  const [open, setOpenState] = useState(defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      document.cookie = sidebarCookie(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((current) => !current);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSidebarShortcut(event)) return;
      // Ctrl+B would otherwise open the browser's bookmarks bar in some browsers.
      event.preventDefault();
      toggle();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { open, setOpen, openMobile, setOpenMobile, toggle };
}
