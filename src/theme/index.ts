import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme (tokens, semantic tokens, global styles, text, layer and animation
 * styles) with only the recipes of the components the console uses: `defaultConfig` carries
 * all ~80 of them into the first screen's JavaScript. A component whose recipe is missing
 * renders unstyled, so a component used for the first time needs its recipe here;
 * `index.test.ts` checks every Chakra import under src/ and stories/ against this list.
 */
const chakraTheme = defineConfig({
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
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      tabs: tabsSlotRecipe,
      tooltip: tooltipSlotRecipe,
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
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        body: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
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

/** The console's one theme system. */
export const system = createSystem(defaultBaseConfig, chakraTheme, consoleConfig);
