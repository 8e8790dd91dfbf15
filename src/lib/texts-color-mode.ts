/** The top bar's light/dark switch (a module of its own: it loads with the switch, after the first screen). */
export const colorModeTexts = {
  toDark: 'Switch to dark mode',
  toLight: 'Switch to light mode',
} as const;
