import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { fullSystem } from './full';

/**
 * Gives its content the full theme system (./full.ts): the screens that use components whose
 * recipes the first screens' system leaves out wrap their content in it, so the recipes load
 * with their chunk. Portals (dialogs, menus) are inside the React tree and get it too.
 *
 * ChakraProvider injects the system's global styles (preflight, global CSS, tokens) again;
 * they are identical to the root system's (index.test.ts), so nothing changes on the page. Put
 * it at the top of a screen, where it re-renders only when the screen does.
 */
export function FullThemeProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={fullSystem}>{children}</ChakraProvider>;
}
