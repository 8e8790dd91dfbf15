import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createSystem, defaultConfig, type SystemContext } from '@chakra-ui/react';
import { drawerSlotRecipe, progressSlotRecipe, tooltipSlotRecipe } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { fullSystem } from './full';
import { consoleConfig, system } from './index';

/** What the console looked like with all of Chakra's recipes: the slim systems must match it. */
const reference = createSystem(defaultConfig, consoleConfig);

/**
 * The recipes each Chakra component renders with ([] for layout and primitives). A component
 * missing here fails the coverage test below: look its recipe keys up in
 * node_modules/@chakra-ui/react/dist/esm/components/<name>/ (`key: "…"`).
 */
const recipesOf: Record<string, string[]> = {
  Alert: ['alert'],
  Badge: ['badge'],
  Avatar: ['avatar'],
  AvatarGroup: ['avatar'],
  Breadcrumb: ['breadcrumb'],
  Button: ['button', 'spinner'],
  Card: ['card'],
  Checkbox: ['checkbox', 'checkmark'],
  CloseButton: ['button'],
  Code: ['code'],
  DataList: ['dataList'],
  Dialog: ['dialog'],
  Drawer: ['drawer'],
  EmptyState: ['emptyState'],
  Field: ['field', 'icon'],
  Heading: ['heading'],
  Icon: ['icon'],
  IconButton: ['button'],
  Input: ['input'],
  Link: ['link'],
  // A button's spinner and its text while it loads (common/Button.tsx).
  Loader: ['spinner'],
  List: ['list'],
  Menu: ['menu'],
  Wrap: [],
  NativeSelect: ['nativeSelect'],
  Progress: ['progress'],
  SegmentGroup: ['segmentGroup'],
  Skeleton: ['skeleton'],
  Spinner: ['spinner'],
  Stat: ['stat'],
  Switch: ['switch'],
  Table: ['table'],
  Tabs: ['tabs'],
  Textarea: ['textarea'],
  Toast: ['toast'],
  Toaster: ['toast'],
  Tooltip: ['tooltip'],
  // No recipe of their own (InputGroup's addons would need `inputAddon`; the console uses elements).
  Box: [],
  Center: [],
  chakra: [],
  ChakraProvider: [],
  Flex: [],
  Grid: [],
  Group: [],
  HStack: [],
  Image: [],
  InputGroup: [],
  Portal: [],
  SimpleGrid: [],
  Stack: [],
  Text: [],
  VisuallyHidden: [],
  VStack: [],
  // The toasts' store (no component).
  createToaster: [],
};

/** Values imported from '@chakra-ui/react' by the console and its stories (not types, not the theme's helpers). */
function chakraImports(): Map<string, string> {
  const root = path.resolve(import.meta.dirname, '../..');
  const found = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name) && !file.startsWith(path.join(root, 'src/theme'))) {
        const source = readFileSync(file, 'utf8');
        for (const [, names] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
          for (const spec of names!.split(',').map((s) => s.trim())) {
            if (spec && !spec.startsWith('type ')) found.set(spec.split(/\s+as\s+/)[0]!, path.relative(root, file));
          }
        }
      }
    }
  };
  for (const dir of ['src', 'stories', '.storybook']) visit(path.join(root, dir));
  return found;
}

/** The recipe `key` is in neither of the console's systems: its component would render unstyled. */
function missingEverywhere(key: string, systems: SystemContext[] = [system, fullSystem]): boolean {
  return systems.every((s) => !s.isRecipe(key) && !s.isSlotRecipe(key));
}

/** Every Chakra component imported whose recipes are in none of `systems`. */
function missingRecipes(systems?: SystemContext[]): string[] {
  const missing: string[] = [];
  for (const [name, file] of chakraImports()) {
    const keys = recipesOf[name];
    if (!keys) missing.push(`${name} (${file}): not in recipesOf; add it with its recipe keys`);
    for (const key of keys ?? []) {
      if (missingEverywhere(key, systems)) missing.push(`${name} (${file}): recipe "${key}"`);
    }
  }
  return missing;
}

/** Both systems, each compared with the full default theme. */
const systems = { system, fullSystem };

describe('theme system', () => {
  it('has the recipe of every Chakra component the console and its stories import (first screens’ or full system)', () => {
    expect(missingRecipes()).toEqual([]);
  });

  it('fails for a component whose recipe is in neither system', () => {
    // The first screens' system alone lacks the other screens' recipes (dialog, tabs, …).
    expect(missingRecipes([system]).some((line) => line.includes('recipe "dialog"'))).toBe(true);
    expect(missingEverywhere('dialog')).toBe(false);
    expect(missingEverywhere('accordion')).toBe(true);
  });

  it('keeps the full system a superset of the first screens’ system', () => {
    const lean = system._config.theme!;
    const full = fullSystem._config.theme!;
    expect(Object.keys(full.recipes ?? {})).toEqual(expect.arrayContaining(Object.keys(lean.recipes ?? {})));
    expect(Object.keys(full.slotRecipes ?? {})).toEqual(expect.arrayContaining(Object.keys(lean.slotRecipes ?? {})));
  });

  it('gives the components that pass their own recipe (tooltip, drawer, progress) Chakra’s', () => {
    expect(tooltipSlotRecipe).toEqual(reference.getSlotRecipe('tooltip'));
    expect(drawerSlotRecipe).toEqual(reference.getSlotRecipe('drawer'));
    expect(progressSlotRecipe).toEqual(reference.getSlotRecipe('progress'));
  });

  describe.each(Object.entries(systems))('%s', (_name, system) => {
    it('styles each of its recipes exactly as Chakra’s full default theme does', () => {
      const config = system._config.theme!;
      const keys = [...Object.keys(config.recipes ?? {}), ...Object.keys(config.slotRecipes ?? {})];
      expect(keys.length).toBeGreaterThan(10);
      for (const key of Object.keys(config.recipes ?? {})) expect(system.getRecipe(key)).toEqual(reference.getRecipe(key));
      for (const key of Object.keys(config.slotRecipes ?? {}))
        expect(system.getSlotRecipe(key)).toEqual(reference.getSlotRecipe(key));
    });

    it('emits the same tokens (light and dark), global styles and preflight as the full default theme', () => {
      expect(system.getTokenCss()).toEqual(reference.getTokenCss());
      expect(system.getGlobalCss()).toEqual(reference.getGlobalCss());
      expect(system.getPreflightCss()).toEqual(reference.getPreflightCss());
      // The console's own semantic tokens, light and dark, are part of what is compared.
      const css = JSON.stringify(system.getTokenCss());
      expect(css).toMatch(/status\\+\.published":"var\(--chakra-colors-green-700\)/);
      expect(css).toMatch(/status\\+\.published":"var\(--chakra-colors-green-300\)/);
    });

    it('keeps the text, layer and animation styles and the conditions components rely on', () => {
      const { textStyles, layerStyles, animationStyles, keyframes, breakpoints } = system._config.theme!;
      const full = reference._config.theme!;
      expect({ textStyles, layerStyles, animationStyles, keyframes, breakpoints }).toEqual({
        textStyles: full.textStyles,
        layerStyles: full.layerStyles,
        animationStyles: full.animationStyles,
        keyframes: full.keyframes,
        breakpoints: full.breakpoints,
      });
      expect(system._config.conditions).toEqual(reference._config.conditions);
      expect(Object.keys(system._config.utilities ?? {})).toEqual(Object.keys(reference._config.utilities ?? {}));
    });
  });
});
