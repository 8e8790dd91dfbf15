import type { IconType } from 'react-icons';
import { LuFileText, LuFolderOpen, LuHouse, LuLink, LuRss, LuUser } from 'react-icons/lu';
import type { OperationId } from '../../contract/roles';
import { sidebarTexts } from '../../lib/texts-shell';

export interface NavItem {
  href: string;
  label: string;
  icon: IconType;
  /** Shown only to a role that may call this operation (the screen's first read). */
  operation?: OperationId;
}

/** The sidebar's links (docs/product.md, 'Layout'). */
export const navItems: readonly NavItem[] = [
  { href: '/', label: sidebarTexts.home, icon: LuHouse },
  { href: '/articles', label: sidebarTexts.articles, icon: LuFileText },
  { href: '/file-manager', label: sidebarTexts.fileManager, icon: LuFolderOpen },
  { href: '/sources', label: sidebarTexts.sources, icon: LuRss, operation: 'listSources' },
  // LuLink: an icon the dashboard already loads (a new one would add to the first screen's JavaScript).
  { href: '/webhooks', label: sidebarTexts.webhooks, icon: LuLink, operation: 'listWebhooks' },
];

/**
 * Whether a link is the current section: Home only on '/', the others on their path and
 * anything below it ('/articles/42' keeps Articles marked).
 */
export function isActivePath(href: string, activePath: string): boolean {
  if (href === '/') return activePath === '/';
  return activePath === href || activePath.startsWith(`${href}/`);
}

/** The signed-in admin's page (password, sessions, admins, invitations), at the sidebar's foot. */
export const accountItem: NavItem = { href: '/account', label: sidebarTexts.account, icon: LuUser };
