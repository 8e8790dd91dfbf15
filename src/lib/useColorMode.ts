import { useCallback, useSyncExternalStore } from 'react';
import { applyColorMode, COLOR_MODE_CHANGED, COLOR_MODE_KEY, currentColorMode, SYSTEM_DARK, type ColorMode } from './colorMode';

function subscribe(onChange: () => void) {
  const media = window.matchMedia?.(SYSTEM_DARK);
  const changed = () => {
    applyColorMode(currentColorMode());
    onChange();
  };
  media?.addEventListener('change', changed);
  window.addEventListener('storage', changed); // another tab chose
  window.addEventListener(COLOR_MODE_CHANGED, changed);
  return () => {
    media?.removeEventListener('change', changed);
    window.removeEventListener('storage', changed);
    window.removeEventListener(COLOR_MODE_CHANGED, changed);
  };
}

/**
 * The colour mode shown and a toggle. It follows the system setting until the admin toggles;
 * the choice is then remembered in this browser (and heard by its other tabs).
 */
export function useColorMode(): { colorMode: ColorMode; toggleColorMode: () => void } {
  const colorMode = useSyncExternalStore(subscribe, currentColorMode, () => 'light' as const);
  const toggleColorMode = useCallback(() => {
    const next: ColorMode = currentColorMode() === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(COLOR_MODE_KEY, next);
    } catch {
      /* not remembered, still switched */
    }
    applyColorMode(next);
    window.dispatchEvent(new Event(COLOR_MODE_CHANGED));
  }, []);
  return { colorMode, toggleColorMode };
}
