/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One Vite config for the console build, Storybook (which merges it) and vitest.

/**
 * Modules every screen needs: React, the router, TanStack Query, Emotion and Chakra's styling
 * engine, theme and layout primitives, react-icons' base, and the app's own start-up code (not
 * the entry module, src/app/main.tsx, itself: the entry chunk stays the one index.html loads).
 */
const frameworkModule = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|stylis|react-is|hoist-non-react-statics)[\\/]`,
    String.raw`node_modules[\\/](@tanstack[\\/](query-core|react-query)|@emotion[\\/][^\\/]+|@pandacss[\\/]is-valid-prop|react-icons[\\/]lib)[\\/]`,
    String.raw`node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|utils|theme|preset-base\.js|anatomy\.js|merge-props\.js|merge-refs\.js|create-context\.js)`,
    String.raw`node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](box[\\/]box|stack[\\/](stack|get-separator-style)|card[\\/]card|center[\\/]center|link[\\/]link|text[\\/](text|index)|button[\\/]button|loader[\\/]loader|absolute-center[\\/]absolute-center|icon[\\/]icon|spinner[\\/]spinner)\.js$`,
    String.raw`[\\/]src[\\/](app[\\/](providers|router|session)\.tsx?|theme[\\/]index\.ts|api[\\/](client|system)\.ts)$`,
    String.raw`[\\/]src[\\/](components[\\/]common[\\/]AppLink\.tsx|lib[\\/](preloadComponent\.tsx|colorMode\.ts)|contract[\\/]text\.ts)$`,
  ].join('|'),
);

/**
 * Chakra's recipes, except those of the first screens' theme system (src/theme/index.ts): the
 * other screens' system (src/theme/full.ts) and the lazily loaded tooltip, sheet and storage bar
 * use them. Without a group of their own, Chakra's theme module (in `framework`, which takes its
 * dependencies along) would bring every recipe any screen uses into the first screen's chunk.
 */
const otherScreensRecipeModule = new RegExp(
  String.raw`node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/]` +
    String.raw`(?!(alert|badge|button|card|field|heading|icon|input|link|skeleton|spinner)\.js$)`,
);

/**
 * Modules every signed-in screen needs: the layout (not its lazily loaded sheet and tooltips),
 * the icons, and the Chakra pieces the screens have in common.
 */
const signedInModule = new RegExp(
  [
    String.raw`[\\/]src[\\/]components[\\/]shell[\\/](AppShell|Sidebar|navItems|useMediaQuery|useSidebarState)\.tsx?$`,
    String.raw`[\\/]src[\\/]lib[\\/](texts-shell|texts-dashboard|sidebarCookie|format)\.ts$`,
    // The articles' reads and keys: the dashboard, the list, the detail and the new-article screen
    // use them (the writes, ./articleWrites, load with the screens that write).
    String.raw`[\\/]src[\\/]api[\\/]articles\.ts$`,
    String.raw`node_modules[\\/]react-icons[\\/]lu[\\/]`,
    String.raw`node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](visually-hidden|skeleton|simple-grid|grid|badge|flex|heading)[\\/]`,
    String.raw`node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]button[\\/]icon-button\.js$`,
  ].join('|'),
);

/** The groups' chunks keep their names: the preload lists leave them out by name (below). */
const KEEP_NAME = new Set(['framework', 'signed-in', 'LayoutRoute', 'index', 'rolldown-runtime']);

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 900,
    // dist/.vite/manifest.json: the chunk graph scripts/check-bundle.mjs measures the first screen from.
    manifest: true,
    // Modern evergreen browsers only (docs/limits.md): those without <link rel=modulepreload>
    // (Firefox < 115, Safari < 17) still run the console, one round trip later.
    modulePreload: {
      polyfill: false,
      // Every screen's preload list left out the chunks the console starts with (they are loaded
      // before any screen is): the lists are in the first screen's JavaScript.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !/^assets\/(framework|signed-in|LayoutRoute|index|rolldown-runtime)-/.test(dep)),
    },
    rolldownOptions: {
      treeshake: {
        // Chakra's define* helpers return their argument: calling them has no effect, so a call
        // whose result is unused can go. Without this, the default theme Chakra builds with them
        // keeps every recipe (date picker, color picker, …) in the first screen's JavaScript.
        manualPureFunctions: [
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
          'defineStyle',
          'defineTokens',
          'defineSemanticTokens',
          'defineKeyframes',
          'defineGlobalStyles',
          'defineLayerStyles',
          'defineTextStyles',
          'defineAnimationStyles',
        ],
      },
      output: {
        // Chunks shared by several screens are named after all of them ('theme-recipes~Forgot…~…'),
        // and the first screens carry every chunk's name in their preload lists: those get their
        // hash alone (0.2 KB less on the dashboard). Hashes of 7 characters (the fewest rolldown
        // allows for this many chunks; 8 by default): 0.12 KB less on the dashboard.
        // The same for the other chunks that are no screen's own (a component or a helper shared by
        // several screens: 'create-split-props', 'normalize-props', …), which each screen's list names.
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry || KEEP_NAME.has(chunk.name) ? 'assets/[name]-[hash:7].js' : 'assets/s-[hash:7].js',
        codeSplitting: {
          // What every screen runs, and what every signed-in screen runs, each in one chunk
          // rather than spread over a dozen small chunks shared by different sets of screens:
          // gzip does better on one file (~3.5 KB less on the sign-in screen, ~5 KB on the
          // dashboard, as scripts/check-bundle.mjs measures them). A module in neither group is
          // split as Vite would by default.
          groups: [
            // Grouped by the screens that load them: the tooltip's, sheet's and storage bar's
            // recipes load with those, not with the other screens' recipes.
            {
              name: 'theme-recipes',
              test: (id) => otherScreensRecipeModule.test(id),
              priority: 3,
              entriesAware: true,
              // Their helpers (anatomy, defineSlotRecipe) stay in `framework`.
              includeDependenciesRecursively: false,
            },
            { name: 'framework', test: (id) => frameworkModule.test(id), priority: 2 },
            { name: 'signed-in', test: (id) => signedInModule.test(id), priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'stories/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.mjs'],
    environment: 'node',
    restoreMocks: true,
    // A time limit, not a measurement: tests doing real work (fifty 200 KB articles, 500 ids at
    // once, every role's every operation) take 2 to 5 s on this 2-core machine when it is busy,
    // and vitest's 5 s failed two of them in a CI run while a benchmark ran beside it; with a
    // story pass beside the server suite, uploads on PostgreSQL went past 20 s.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    // A focused test (.only) fails the run on CI rather than skipping the rest.
    allowOnly: !process.env.CI,
    // Without TEST_DATABASE_URL, a PostgreSQL of the tests' own for the server tests' second half.
    globalSetup: ['server/test/postgres/globalSetup.ts'],
  },
});
