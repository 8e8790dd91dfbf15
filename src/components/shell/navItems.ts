import type { IconType } from 'react-icons';
import { LuFileText, LuFolderOpen, LuHouse } from 'react-icons/lu';
import { texts } from '../../lib/texts';

export interface NavItem {
  href: string;
  label: string;
  icon: IconType;
}

/** The sidebar's links (SPEC.md section 2, Layout). */
export const navItems: readonly NavItem[] = [
  { href: '/', label: texts.sidebar.home, icon: LuHouse },
  { href: '/articles', label: texts.sidebar.articles, icon: LuFileText },
  { href: '/file-manager', label: texts.sidebar.fileManager, icon: LuFolderOpen },
];

/**
 * Whether a link is the current section: Home only on '/', the others on their path and
 * anything below it ('/articles/42' keeps Articles marked).
 */
export function isActivePath(href: string, activePath: string): boolean {
  if (href === '/') return activePath === '/';
  return activePath === href || activePath.startsWith(`${href}/`);
}
