import { Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';

export function NotFoundView() {
  const navigate = useNavigate();
  return (
    <Flex minH="100vh" direction="column" align="center" justify="center" gap="4" p="6" textAlign="center">
      <Text fontSize="6xl" fontWeight="bold" color="teal.700">
        404
      </Text>
      <Heading as="h1" size="xl">
        Página no encontrada
      </Heading>
      <Text color="gray.600">La dirección que buscas no existe o fue movida.</Text>
      <Button colorPalette="teal" onClick={() => navigate('/')}>
        Volver al inicio
      </Button>
    </Flex>
  );
}
