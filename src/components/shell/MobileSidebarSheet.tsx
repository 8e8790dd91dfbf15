import type { RefObject } from 'react';
import { Box, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-ui/react/theme';
import { LuLayoutDashboard } from 'react-icons/lu';
import { sidebarTexts } from '../../lib/texts-shell';
import { Sidebar, type SidebarProps } from './Sidebar';

export interface MobileSidebarSheetProps extends Pick<SidebarProps, 'activePath' | 'userEmail' | 'access' | 'onSignOut'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the sheet closes: the toggle in the top bar. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The sidebar below 768px: a slide-in sheet of 18rem. Its own chunk (the dialog machinery costs
 * ~15 KB gzip), loaded by the shell only on narrow screens; it starts closed, so nothing shows
 * before it arrives.
 */
export function MobileSidebarSheet({ open, onOpenChange, toggleRef, activePath, userEmail, access, onSignOut }: MobileSidebarSheetProps) {
  return (
    <Drawer.Root
      // Its recipe comes with its chunk: the first screens' theme system leaves it out (src/theme).
      recipe={drawerSlotRecipe}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
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
              access={access}
              onSignOut={onSignOut}
              onNavigate={() => onOpenChange(false)}
              header={
                <Flex align="center" gap="2" h="9" pl="2">
                  <Box as={LuLayoutDashboard} aria-hidden boxSize="5" flexShrink={0} />
                  <Drawer.Title fontSize="md" fontWeight="semibold" flex="1">
                    {sidebarTexts.title}
                  </Drawer.Title>
                  <Drawer.CloseTrigger asChild position="static">
                    <CloseButton size="sm" aria-label={sidebarTexts.close} />
                  </Drawer.CloseTrigger>
                </Flex>
              }
            />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
