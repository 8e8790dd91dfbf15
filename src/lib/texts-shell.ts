/**
 * The signed-in layout's texts: `texts.sidebar` and `texts.layout` (see ./texts). In a module of
 * their own so the first screens carry only their own texts, not every screen's.
 */
export const sidebarTexts = {
  title: 'Admin Panel',
  home: 'Home',
  articles: 'Articles',
  fileManager: 'File Manager',
  sources: 'Sources',
  webhooks: 'Webhooks',
  toggle: 'Toggle Sidebar',
  signOut: 'Sign out',
  account: 'Account',
  close: 'Close sidebar',
  navigation: 'Main navigation',
} as const;

export const layoutTexts = {
  /** Asks for the session again when checking it failed (server down). */
  tryAgain: 'Try Again',
} as const;

/** What a screen says when it failed to load or to render (the shell stays usable). */
export const routeErrorTexts = {
  title: 'This screen could not be shown',
  chunkFailed: 'Part of the console could not be loaded. A new version may have been installed, or the connection dropped.',
  reload: 'Reload',
} as const;
