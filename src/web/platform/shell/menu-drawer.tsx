import { Box, CloseButton, Drawer, Flex, IconButton, Image, Portal, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { menuFor } from '../../../shared/platform/menu.js';
import type { Role } from '../../../shared/platform/roles.js';
import { SideMenu } from './side-menu.js';

/** Three bars: the menu button's icon (drawn, so no icon font or library is loaded for it). */
function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Below `md` the side menu lives in a drawer opened from the top bar ('Abrir menú'): the same role
 * menu (one definition, `src/shared/platform/menu.ts`). It closes on navigation and on Escape, and keeps
 * the focus inside while open (Chakra's Drawer). Opened while the chosen screen still loads, it
 * stays open when that screen arrives.
 */
export function MenuDrawer({ role }: { role: Role }) {
  // The address the drawer was opened at (null: closed). A screen that loads lazily changes the
  // address at once and the screen on view only when it has loaded; a drawer opened meanwhile
  // belongs to the new address, so it stays open when that screen arrives.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const { pathname } = useLocation();
  // A screen other than the one the drawer was opened at (a link, the browser's Back) closes it.
  useEffect(() => {
    setOpenAt((at) => (at !== null && at !== pathname ? null : at));
  }, [pathname]);
  const setOpen = (open: boolean) => setOpenAt(open ? window.location.pathname : null);
  if (!menuFor(role).length) return null;
  return (
    <Drawer.Root open={openAt !== null} onOpenChange={(e) => setOpen(e.open)} placement="start" size="xs">
      <Drawer.Trigger asChild>
        <IconButton
          variant="ghost"
          aria-label="Abrir menú"
          display={{ base: 'inline-flex', md: 'none' }}
          minW="11"
          h="11"
        >
          <MenuIcon />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="teal.800" color="white">
            <Drawer.Header>
              <Flex align="center" gap="2">
                <Image src="/logo.svg" alt="" boxSize="8" />
                <Drawer.Title asChild>
                  <Text color="white" fontSize="xl" fontWeight="bold">
                    Portón
                  </Text>
                </Drawer.Title>
              </Flex>
            </Drawer.Header>
            <Drawer.Body px="3">
              <Box
                onClick={(e) => {
                  if ((e.target as HTMLElement).closest('a')) setOpen(false);
                }}
              >
                <SideMenu role={role} />
              </Box>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="md" color="white" _hover={{ bg: 'teal.700' }} aria-label="Cerrar menú" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
