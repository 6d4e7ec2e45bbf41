import { Avatar, Box, Button, Flex, Image, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import type { CurrentUser } from '../../../shared/platform/api-types.js';
import { SessionContext } from '../../views/session/session-context.js';
import { MenuDrawer } from './menu-drawer.js';

/** Top bar: active community, username, logo and initials; switcher and 'Cerrar Sesión'. */
export function TopBar({ user }: { user: CurrentUser }) {
  const session = SessionContext.useActorRef();
  const switching = SessionContext.useSelector((s) => s.matches('switching'));
  const others = user.product.filter((p) => p.uuid !== user.testFrac?.uuid);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return (
    <Flex
      as="header"
      h="16"
      px={{ base: '2', md: '6' }}
      align="center"
      justify="space-between"
      bg="white"
      borderBottomWidth="1px"
      gap="2"
    >
      <Flex align="center" gap={{ base: '1', md: '3' }} minW="0">
        <MenuDrawer role={user.roleKey} />
        {user.logoURL ? <Image src={user.logoURL} alt="" boxSize="9" rounded="md" objectFit="cover" /> : null}
        <Text fontWeight="semibold" truncate data-testid="active-community">
          {user.frac ?? user.role}
        </Text>
      </Flex>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button variant="ghost" gap="3" px="2" minH="11" flexShrink={0} loading={switching}>
            {/* The accessible name starts with what the button is, and holds the text it shows (WCAG 2.5.3). */}
            <VisuallyHidden>Menú de usuario</VisuallyHidden>
            <Box textAlign="right" display={{ base: 'none', sm: 'block' }}>
              <Text fontSize="sm" fontWeight="medium" data-testid="username">
                {user.username}
              </Text>
              <Text fontSize="xs" color="gray.500">
                {user.role}
              </Text>
            </Box>
            <Avatar.Root size="sm" colorPalette="teal">
              <Avatar.Fallback name={fullName} />
            </Avatar.Root>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="56">
              {others.length > 0 ? (
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>Cambiar de fraccionamiento</Menu.ItemGroupLabel>
                  {others.map((p) => (
                    <Menu.Item
                      key={p.uuid}
                      value={p.uuid}
                      onClick={() => session.send({ type: 'session.switchCommunity', uuid: p.uuid })}
                    >
                      {p.name}
                    </Menu.Item>
                  ))}
                </Menu.ItemGroup>
              ) : null}
              {others.length > 0 ? <Menu.Separator /> : null}
              <Menu.Item value="logout" color="red.600" onClick={() => session.send({ type: 'session.signOut' })}>
                Cerrar Sesión
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Flex>
  );
}
