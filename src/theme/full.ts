import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  avatarSlotRecipe,
  breadcrumbSlotRecipe,
  checkboxSlotRecipe,
  codeRecipe,
  checkmarkRecipe,
  colorSwatchRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  segmentGroupSlotRecipe,
  separatorRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';
import { chakraTheme, consoleConfig } from './index';

/**
 * The recipes of the components only the other screens use (articles, article detail, new
 * article, file manager, analytics; the articles screen's toasts), kept out of the first screens'
 * JavaScript: this module loads with those screens' chunks. The sidebar's tooltip, the mobile
 * sheet and the storage bar load in chunks of their own on the first screens and pass their
 * recipe themselves (`recipe` prop).
 */
const otherScreensRecipes = defineConfig({
  theme: {
    recipes: {
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      // The Analytics screen's chart legends and tooltips (@chakra-ui/charts).
      colorSwatch: colorSwatchRecipe,
      separator: separatorRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      // The article page's presence avatars.
      avatar: avatarSlotRecipe,
      // The file manager's path of folders.
      breadcrumb: breadcrumbSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/**
 * The first screens' system (same tokens, global styles and recipes) plus the other screens'
 * recipes: what those screens render with (`FullThemeProvider`) and what Storybook renders
 * every story with.
 */
export const fullSystem = createSystem(defaultBaseConfig, chakraTheme, otherScreensRecipes, consoleConfig);
