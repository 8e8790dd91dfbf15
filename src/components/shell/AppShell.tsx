import { useId, useRef, type ReactNode } from 'react';
import { Box, CloseButton, Drawer, Flex, IconButton, Portal, Text } from '@chakra-ui/react';
import { LuLayoutDashboard, LuPanelLeft } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { Sidebar } from './Sidebar';
import { useIsMobile } from './useMediaQuery';
import { useSidebarState } from './useSidebarState';

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
  onSignOut?: () => void;
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
  onSignOut,
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
        <Drawer.Root
          open={openMobile}
          onOpenChange={(details) => setOpenMobile(details.open)}
          placement="start"
          finalFocusEl={() => toggleRef.current}
        >
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content w="sidebar.widthMobile" maxW="sidebar.widthMobile">
                <Sidebar
                  activePath={activePath}
                  userEmail={userEmail}
                  onSignOut={onSignOut}
                  onNavigate={() => setOpenMobile(false)}
                  header={
                    <Flex align="center" gap="2" h="9" pl="2">
                      <Box as={LuLayoutDashboard} aria-hidden boxSize="5" flexShrink={0} />
                      <Drawer.Title fontSize="md" fontWeight="semibold" flex="1">
                        {texts.sidebar.title}
                      </Drawer.Title>
                      <Drawer.CloseTrigger asChild position="static">
                        <CloseButton size="sm" aria-label={texts.sidebar.close} />
                      </Drawer.CloseTrigger>
                    </Flex>
                  }
                />
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
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
          <Sidebar activePath={activePath} collapsed={!open} userEmail={userEmail} onSignOut={onSignOut} />
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
            aria-label={texts.sidebar.toggle}
            aria-expanded={isMobile ? openMobile : open}
            aria-controls={isMobile ? undefined : sidebarId}
            aria-keyshortcuts="Control+B Meta+B"
            variant="ghost"
            size="sm"
            onClick={toggle}
          >
            <LuPanelLeft aria-hidden focusable="false" />
          </IconButton>
          {isMobile && <Text fontWeight="semibold">{texts.sidebar.title}</Text>}
        </Flex>
        <Box as="main" flex="1" minW="0" p={{ base: '4', md: '6' }}>
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
