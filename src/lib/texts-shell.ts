/**
 * The signed-in layout's texts: `texts.sidebar` and `texts.layout` (see ./texts). In a module of
 * their own so the first screens carry only their own texts, not every screen's.
 */
export const sidebarTexts = {
  title: 'Admin Panel',
  home: 'Home',
  articles: 'Articles',
  fileManager: 'File Manager',
  toggle: 'Toggle Sidebar',
  signOut: 'Sign out',
  close: 'Close sidebar',
  navigation: 'Main navigation',
} as const;

export const layoutTexts = {
  /** Asks for the session again when checking it failed (server down). */
  tryAgain: 'Try Again',
} as const;
