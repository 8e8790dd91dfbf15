import { lazy, Suspense, useId, useRef, type ReactNode } from 'react';
import { Box, Flex, IconButton, Text } from '@chakra-ui/react';
import { LuPanelLeft } from 'react-icons/lu';
import type { Access } from '../../lib/access';
import { sidebarTexts } from '../../lib/texts-shell';
import { Sidebar } from './Sidebar';
import { useIsMobile } from './useMediaQuery';
import { useSidebarState } from './useSidebarState';

/** Narrow screens only: wide screens never load the sheet (nor the dialog machinery under it). */
const HeaderTools = lazy(() => import('./HeaderTools'));
const MobileSidebarSheet = lazy(() => import('./MobileSidebarSheet').then((m) => ({ default: m.MobileSidebarSheet })));

export interface AppShellProps {
  /** The page. */
  children: ReactNode;
  /** The current location, to mark the active link. */
  activePath: string;
  /** Expanded (true, the default) or icon mode (false) at first; the route reads it from the cookie. */
  defaultOpen?: boolean;
  /** Called when the user expands or collapses the sidebar (the cookie is already written). */
  onOpenChange?: (open: boolean) => void;
  userEmail?: string | null;
  /** What the signed-in role may do: the sidebar names it and leaves out the links it may not use. */
  access?: Access | null;
  onSignOut?: () => void;
  /** The top bar's light/dark switch and notifications bell (a chunk of their own, so they do not hold up the first screen). */
  colorModeToggle?: boolean;
}

/**
 * The layout around every signed-in page: the sidebar (expanded at 19rem or icons at 3rem,
 * a slide-in sheet of 18rem below 768px), a top bar with the toggle, and the page.
 */
export function AppShell({
  children,
  activePath,
  defaultOpen,
  onOpenChange,
  userEmail,
  access,
  onSignOut,
  colorModeToggle = false,
}: AppShellProps) {
  const isMobile = useIsMobile();
  const { open, openMobile, setOpenMobile, toggle } = useSidebarState({
    defaultOpen,
    onOpenChange,
    isMobile,
  });
  const sidebarId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  return (
    <Flex minH="100dvh" bg="bg.canvas">
      {isMobile ? (
        // The sheet starts closed: until its chunk is here there is nothing to show. A tap on the
        // toggle meanwhile is kept (openMobile) and the sheet opens as it arrives.
        <Suspense fallback={null}>
          <MobileSidebarSheet
            open={openMobile}
            onOpenChange={setOpenMobile}
            toggleRef={toggleRef}
            activePath={activePath}
            userEmail={userEmail}
            access={access}
            onSignOut={onSignOut}
          />
        </Suspense>
      ) : (
        <Box
          id={sidebarId}
          data-state={open ? 'expanded' : 'collapsed'}
          flexShrink={0}
          w={open ? 'sidebar.width' : 'sidebar.widthIcon'}
          transition="width 0.2s ease"
          position="sticky"
          top="0"
          h="100dvh"
          borderRightWidth="1px"
        >
          <Sidebar activePath={activePath} collapsed={!open} userEmail={userEmail} access={access} onSignOut={onSignOut} />
        </Box>
      )}

      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          align="center"
          gap="2"
          h="12"
          px="3"
          borderBottomWidth="1px"
          bg="bg.card"
          position="sticky"
          top="0"
          zIndex="docked"
        >
          <IconButton
            ref={toggleRef}
            aria-label={sidebarTexts.toggle}
            aria-expanded={isMobile ? openMobile : open}
            aria-controls={isMobile ? undefined : sidebarId}
            aria-keyshortcuts="Control+B Meta+B"
            variant="ghost"
            size="sm"
            onClick={toggle}
          >
            <LuPanelLeft aria-hidden focusable="false" />
          </IconButton>
          {isMobile && <Text fontWeight="semibold">{sidebarTexts.title}</Text>}
          {colorModeToggle && (
            <Suspense fallback={null}>
              <HeaderTools />
            </Suspense>
          )}
        </Flex>
        <Box as="main" flex="1" minW="0" p={{ base: '4', md: '6' }}>
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
