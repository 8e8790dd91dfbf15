import type { ReactNode } from 'react';
import { Badge, Box, Button, Flex, Link, Text } from '@chakra-ui/react';
import { LuLayoutDashboard, LuLogOut } from 'react-icons/lu';
import type { Access } from '../../lib/access';
import { preloadComponent } from '../../lib/preloadComponent';
import { sidebarTexts } from '../../lib/texts-shell';
import { AppLink } from '../common/AppLink';
import type { IconModeTooltipProps } from './IconModeTooltip';
import { accountItem, isActivePath, navItems, type NavItem } from './navItems';

/**
 * The icon-mode tooltips (the tooltip machine and its positioning, ~15 KB gzip) are a chunk of
 * their own, fetched as this module runs: the sidebar shows only once the session is checked, so
 * they are normally here by then. Until they are, an item renders without its tooltip.
 */
const IconModeTooltip = preloadComponent<IconModeTooltipProps>(
  () => import('./IconModeTooltip').then((module) => module.IconModeTooltip),
  ({ children }) => children,
);

export interface SidebarProps {
  /** The current location; the matching link gets aria-current="page". */
  activePath: string;
  /** Icon mode: only icons show; names stay available to assistive technology and as tooltips. */
  collapsed?: boolean;
  /** The signed-in user, shown at the bottom. */
  userEmail?: string | null;
  /**
   * What the signed-in role may do: its name shows under the email, and the links only some roles
   * may use (Webhooks) show once it is known and allows them.
   */
  access?: Access | null;
  onSignOut?: () => void;
  /** Called after a link is chosen (the mobile sheet closes itself with it). */
  onNavigate?: () => void;
  /** Replaces the default title row (the mobile sheet puts its dialog title and close button here). */
  header?: ReactNode;
}

function SidebarLink({
  item,
  active,
  collapsed,
  onNavigate,
}: {
  item: NavItem;
  active: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  return (
    <IconModeTooltip label={item.label} enabled={collapsed}>
      <Link
        asChild
        display="flex"
        alignItems="center"
        justifyContent={collapsed ? 'center' : 'flex-start'}
        gap="3"
        h="9"
        px={collapsed ? '0' : '3'}
        rounded="md"
        color="fg"
        fontSize="sm"
        textDecoration="none"
        _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
        _currentPage={{ bg: 'bg.emphasized', fontWeight: 'semibold' }}
        aria-current={active ? 'page' : undefined}
        aria-label={collapsed ? item.label : undefined}
      >
        <AppLink href={item.href} onClick={onNavigate}>
          <Icon aria-hidden focusable="false" size="18" />
          <Text as="span" display={collapsed ? 'none' : 'inline'} truncate>
            {item.label}
          </Text>
        </AppLink>
      </Link>
    </IconModeTooltip>
  );
}

/** The sidebar's content: title, the links the role may use, and the signed-in user (their role) with Sign out. */
export function Sidebar({
  activePath,
  collapsed = false,
  userEmail,
  access,
  onSignOut,
  onNavigate,
  header,
}: SidebarProps) {
  return (
    <Flex
      as="aside"
      aria-label={sidebarTexts.title}
      direction="column"
      h="full"
      w="full"
      bg="bg.sidebar"
      px="2"
      py="3"
      gap="4"
      overflow="hidden"
    >
      {header ?? (
        <Flex align="center" gap="2" h="9" px={collapsed ? '0' : '2'} justify={collapsed ? 'center' : 'flex-start'}>
          <Box as={LuLayoutDashboard} aria-hidden boxSize="5" flexShrink={0} />
          <Text fontWeight="semibold" truncate display={collapsed ? 'none' : 'block'}>
            {sidebarTexts.title}
          </Text>
        </Flex>
      )}

      <Box as="nav" aria-label={sidebarTexts.navigation} flex="1">
        <Flex as="ul" direction="column" gap="1" listStyleType="none" m="0" p="0">
          {navItems.filter((item) => !item.operation || access?.may(item.operation)).map((item) => (
            <li key={item.href}>
              <SidebarLink
                item={item}
                active={isActivePath(item.href, activePath)}
                collapsed={collapsed}
                onNavigate={onNavigate}
              />
            </li>
          ))}
        </Flex>
      </Box>

      {(userEmail || onSignOut) && (
        <Flex direction="column" gap="1" borderTopWidth="1px" pt="3">
          {userEmail && (
            <Text fontSize="sm" color="fg.muted" px="3" truncate display={collapsed ? 'none' : 'block'} title={userEmail}>
              {userEmail}
            </Text>
          )}
          {access && (
            <Badge alignSelf="flex-start" mx="3" display={collapsed ? 'none' : undefined}>
              {access.label}
            </Badge>
          )}
          {userEmail && (
            <SidebarLink
              item={accountItem}
              active={isActivePath(accountItem.href, activePath)}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          )}
          {onSignOut && (
            <IconModeTooltip label={sidebarTexts.signOut} enabled={collapsed}>
              <Button
                variant="ghost"
                size="sm"
                w="full"
                minW="0"
                justifyContent={collapsed ? 'center' : 'flex-start'}
                px={collapsed ? '0' : '3'}
                onClick={onSignOut}
                aria-label={collapsed ? sidebarTexts.signOut : undefined}
              >
                <LuLogOut aria-hidden focusable="false" />
                <Text as="span" display={collapsed ? 'none' : 'inline'}>
                  {sidebarTexts.signOut}
                </Text>
              </Button>
            </IconModeTooltip>
          )}
        </Flex>
      )}
    </Flex>
  );
}
