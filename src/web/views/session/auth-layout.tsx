import { Box, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The frame of the public screens: brand panel and a card for the form. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex minH="100vh" bg="gray.50">
      <Flex
        display={{ base: 'none', md: 'flex' }}
        w="42%"
        bgGradient="to-br"
        gradientFrom="teal.700"
        gradientTo="teal.900"
        color="white"
        direction="column"
        justify="space-between"
        p="12"
      >
        <Flex align="center" gap="3">
          <Image src="/logo.svg" alt="" boxSize="10" />
          <Text fontSize="2xl" fontWeight="bold">
            Portón
          </Text>
        </Flex>
        <Stack gap="3" maxW="sm">
          <Heading size="2xl" lineHeight="short">
            La administración de tu fraccionamiento, en un solo lugar.
          </Heading>
          <Text color="teal.100">Accesos, visitas, residentes y comunicación con tu comunidad.</Text>
        </Stack>
        <Text fontSize="sm" color="teal.200">
          © {new Date().getFullYear()} Portón
        </Text>
      </Flex>
      <Flex flex="1" align="center" justify="center" p="6">
        <Box as="main" w="full" maxW="md" bg="white" p="8" rounded="xl" shadow="md">
          <Stack gap="6">
            <Stack gap="1">
              <Heading as="h1" size="xl">
                {title}
              </Heading>
              {subtitle ? <Text color="gray.600">{subtitle}</Text> : null}
            </Stack>
            {children}
          </Stack>
        </Box>
      </Flex>
    </Flex>
  );
}
