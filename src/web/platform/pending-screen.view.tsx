import { Heading, Stack, Text } from '@chakra-ui/react';

/** A route of spec 1's table whose screen is not built yet: the heading and nothing more. */
export function PendingScreenView({ title }: { title: string }) {
  return (
    <Stack gap="2">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text color="gray.500">Esta sección aún no está disponible.</Text>
    </Stack>
  );
}
