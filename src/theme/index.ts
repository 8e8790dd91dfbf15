import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme (tokens, semantic tokens, global styles, text, layer and animation
 * styles) with only the recipes of the components the first screens (sign-in, the shell, the
 * dashboard) use: `defaultConfig` carries all ~80 of them into the first screen's JavaScript.
 * The recipes of the components only other screens use are in `./full.ts`, whose system those
 * screens render with (`FullThemeProvider`, loaded with their chunks). A component whose recipe
 * is missing renders unstyled, so a component used for the first time needs its recipe here
 * (first screens) or in `./full.ts`; `index.test.ts` checks every Chakra import under src/ and
 * stories/ against both.
 */
export const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
    },
  },
});

/**
 * The console's own tokens on top of Chakra's. Components use the semantic tokens below (and
 * Chakra's own `bg`, `fg`, `border` tokens); dark mode comes from the `_dark` values, never
 * from per-component conditions.
 */
export const consoleConfig = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.canvas', color: 'fg' },
    // Whoever asks their system for less motion gets none from what opens and closes: dialogs,
    // menus, popovers and toasts (the parts with a `data-state`) appear and go at once. Busy
    // icons that spin hold still by their own `_motionReduce`.
    '[data-state], [data-state]::before, [data-state]::after': { _motionReduce: { animation: 'none !important' } },
    '*, *::before, *::after': { _motionReduce: { transition: 'none !important', scrollBehavior: 'auto !important' } },
  },
  theme: {
    tokens: {
      fonts: {
        // Served with the console (src/theme/fonts.ts); the rest only while they load.
        heading: { value: '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        body: { value: '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        mono: { value: '"JetBrains Mono Variable", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
      },
    },
    semanticTokens: {
      colors: {
        'bg.canvas': { value: { base: '{colors.gray.50}', _dark: '{colors.gray.950}' } },
        'bg.card': { value: { base: '{colors.white}', _dark: '{colors.gray.900}' } },
        'bg.sidebar': { value: { base: '{colors.white}', _dark: '{colors.gray.900}' } },
        'bg.dropzone': { value: { base: '{colors.gray.50}', _dark: '{colors.gray.900}' } },
        'bg.dropzoneActive': { value: { base: '{colors.blue.50}', _dark: '{colors.blue.950}' } },
        'border.dropzone': { value: { base: '{colors.gray.300}', _dark: '{colors.gray.600}' } },
        'border.dropzoneActive': { value: { base: '{colors.blue.500}', _dark: '{colors.blue.400}' } },
        'status.published': { value: { base: '{colors.green.700}', _dark: '{colors.green.300}' } },
        'status.draft': { value: { base: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        'status.ok': { value: { base: '{colors.green.700}', _dark: '{colors.green.300}' } },
        'status.warn': { value: { base: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        'status.down': { value: { base: '{colors.red.700}', _dark: '{colors.red.300}' } },
        'change.up': { value: { base: '{colors.green.700}', _dark: '{colors.green.300}' } },
        'change.down': { value: { base: '{colors.red.700}', _dark: '{colors.red.300}' } },
        'icon.pdf': { value: { base: '{colors.red.600}', _dark: '{colors.red.300}' } },
        'icon.image': { value: { base: '{colors.blue.600}', _dark: '{colors.blue.300}' } },
        'icon.other': { value: { base: '{colors.gray.600}', _dark: '{colors.gray.300}' } },
        'preview.frame': { value: { base: '{colors.gray.800}', _dark: '{colors.gray.700}' } },
      },
      sizes: {
        'sidebar.width': { value: '19rem' },
        'sidebar.widthMobile': { value: '18rem' },
        'sidebar.widthIcon': { value: '3rem' },
      },
    },
  },
});

/**
 * The first screens' theme system, provided at the root (src/app/providers.tsx). Screens that
 * use other components wrap their content in `FullThemeProvider` (./FullThemeProvider.tsx).
 */
export const system = createSystem(defaultBaseConfig, chakraTheme, consoleConfig);
