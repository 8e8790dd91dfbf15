import type { Preview } from '@storybook/react-vite';
import { ChakraProvider } from '@chakra-ui/react';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { applyColorMode, type ColorMode } from '../src/lib/colorMode';
import { fullSystem } from '../src/theme/full';

const preview: Preview = {
  loaders: [
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
  },
};

export default preview;
