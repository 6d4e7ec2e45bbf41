import { Box, Flex, Image, Spinner, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import type { CurrentUser } from '../../../shared/platform/api-types.js';
import { SideMenu } from './side-menu.js';
import { TopBar } from './top-bar.js';
import { useListMemoryScope } from './use-list-memory-scope.js';

/** The signed-in frame: side menu, top bar, content area and footer. */
export function AppShell({ user }: { user: CurrentUser }) {
  useListMemoryScope();
  return (
    <Flex minH="100vh" bg="gray.50">
      <Box
        as="aside"
        w="60"
        flexShrink={0}
        bg="teal.800"
        px="3"
        py="5"
        display={{ base: 'none', md: 'block' }}
        position="sticky"
        top="0"
        h="100vh"
        overflowY="auto"
      >
        <Flex align="center" gap="2" px="3" mb="6">
          <Image src="/logo.svg" alt="" boxSize="8" />
          <Text color="white" fontSize="xl" fontWeight="bold">
            Portón
          </Text>
        </Flex>
        <SideMenu role={user.roleKey} />
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <TopBar user={user} />
        <Box as="main" flex="1" p={{ base: '4', md: '8' }}>
          <Suspense fallback={<Spinner role="status" color="teal.600" aria-label="Cargando" />}>
            <Outlet />
          </Suspense>
        </Box>
        <Box as="footer" px="8" py="4" fontSize="xs" color="gray.500" borderTopWidth="1px" bg="white">
          Portón · Administración de fraccionamientos
        </Box>
      </Flex>
    </Flex>
  );
}
