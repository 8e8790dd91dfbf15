/**
 * The colour mode, set on the root element before the first render (src/app/main.tsx); the
 * switch and its hook (useColorMode.ts) load later, with the top bar's switch.
 */

/** Light or dark, as shown. */
export type ColorMode = 'light' | 'dark';

/** Where the choice is remembered. */
export const COLOR_MODE_KEY = 'color-mode';
/** Announced when this tab's choice changed (the switch listens). */
export const COLOR_MODE_CHANGED = 'console:color-mode';
export const SYSTEM_DARK = '(prefers-color-scheme: dark)';

function chosen(): ColorMode | null {
  try {
    const value = localStorage.getItem(COLOR_MODE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/** The admin's choice, else the system's setting. */
export function currentColorMode(): ColorMode {
  return chosen() ?? (window.matchMedia?.(SYSTEM_DARK).matches ? 'dark' : 'light');
}

/** Chakra's `_dark` condition follows the `dark` class on the root element. */
export function applyColorMode(mode: ColorMode, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}
