import type { ReactNode } from 'react';
import { useAccess } from '../api/system';
import type { Access } from '../lib/access';
import { FullThemeProvider } from '../theme/FullThemeProvider';

/**
 * A screen that needs what the signed-in role may do (known with the session, which the layout
 * waits for), rendered with the full theme system: its components' recipes load with its chunk.
 */
export function AccessScreen({ children }: { children: (access: Access) => ReactNode }) {
  const access = useAccess();
  if (!access) return null;
  return <FullThemeProvider>{children(access)}</FullThemeProvider>;
}
