import type { Preview } from '@storybook/react-vite';
import { ChakraProvider } from '@chakra-ui/react';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { toaster } from '../src/components/common/Toaster';
import { applyColorMode, type ColorMode } from '../src/lib/colorMode';
import { fullSystem } from '../src/theme/full';
import '../src/theme/fonts';

// A play waits for a state (findBy…, waitFor) up to 10 s, not testing-library's 1 s: on a busy
// 2-core machine an answer, a menu or a toast can take longer to come, and a story that failed
// for that was a race with the clock, not a finding. It still ends as soon as the state is there.
configure({ asyncUtilTimeout: 10_000 });

/**
 * The console's typefaces loaded before any story renders: what measures text as it draws (the
 * charts' axes) measures it in them, not in the machine's font it shows meanwhile.
 */
let fontsLoaded: Promise<unknown> | undefined;
const loadFonts = async () => {
  fontsLoaded ??= Promise.all(
    ['400 1em "Inter Variable"', '600 1em "Inter Variable"', '700 1em "Inter Variable"', '400 1em "JetBrains Mono Variable"'].map((font) =>
      document.fonts.load(font),
    ),
  );
  await fontsLoaded;
  return {};
};

// Toasts time themselves by animation frames, which holdTimers.ts cannot hold: held, they pause
// (a toast the play left is in both shots however long they take), and go on after.
(window as unknown as { __alsoHold?: (fn: (on: boolean) => void) => void }).__alsoHold?.((on) =>
  on ? toaster.pause() : toaster.resume(),
);

const preview: Preview = {
  // A docs page for every component (its props, what it is for, each of its states); the
  // screens and flows, which draw whole pages from mocked calls, opt out.
  tags: ['autodocs'],
  loaders: [
    loadFonts,
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({
        quiet: true,
        // A call to the API that no handler answers fails (the story then shows its error
        // state and its play fails) instead of silently reaching nothing.
        onUnhandledFrame({ frame, defaults }) {
          if (frame.protocol !== 'http') return;
          const { request } = frame.data as { request: Request };
          if (new URL(request.url).pathname.startsWith('/api/')) defaults.error();
        },
      });
      return worker;
    }),
  ],
  // Under the test-runner, timeouts of a second or more wait from the play's end to the end of
  // the story's shots (holdTimers.ts): the shots show what the play left, a banner that hides
  // after 3 s included. Elsewhere (a designer's Storybook) there is nothing to hold.
  afterEach() {
    (window as unknown as { __holdTimers?: (on: boolean) => void }).__holdTimers?.(true);
  },
  // A toolbar switch between light and dark: the class Chakra's `_dark` condition follows.
  globalTypes: {
    colorMode: {
      description: 'Colour mode',
      toolbar: {
        title: 'Colour mode',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { colorMode: 'light' },
  decorators: [
    (Story, { globals }) => {
      applyColorMode((globals.colorMode as ColorMode | undefined) ?? 'light');
      return (
        <ChakraProvider value={fullSystem}>
          <Story />
        </ChakraProvider>
      );
    },
  ],
  parameters: {
    layout: 'padded',
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Pieces first, then whole screens, then the paths through several.
    options: { storySort: { order: ['Components', 'Screens', 'Flows'] } },
  },
};

export default preview;
