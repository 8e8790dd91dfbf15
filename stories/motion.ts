/**
 * Whether the browser asks for less motion (the console honours it: dialogs and menus appear
 * at once, and spinning icons hold still), for plays that check either way.
 */
export const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
