import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { pageWindow } from '../../../../shared/platform/pagination.js';

/** Numbered window with previous/next arrows (pages are 0-based; labels are 1-based). */
export function Pager({
  page,
  totalPages,
  total,
  window = 5,
  onGo,
}: {
  page: number;
  totalPages: number;
  total: number;
  window?: number;
  onGo: (page: number) => void;
}) {
  if (totalPages <= 1)
    return (
      <Text fontSize="sm" color="gray.500">
        {total} {total === 1 ? 'registro' : 'registros'}
      </Text>
    );
  const numbers = pageWindow(page, totalPages, window);
  return (
    <HStack justify="space-between" w="full" wrap="wrap" gap="3">
      <Text fontSize="sm" color="gray.500">
        {total} registros · página {page + 1} de {totalPages}
      </Text>
      <HStack as="nav" aria-label="Paginación" gap="1">
        <IconButton
          aria-label="Página anterior"
          size="sm"
          variant="outline"
          disabled={page === 0}
          onClick={() => onGo(page - 1)}
        >
          ‹
        </IconButton>
        {numbers[0] > 0 ? (
          <Text px="1" color="gray.400">
            …
          </Text>
        ) : null}
        {numbers.map((n) => (
          <Button
            key={n}
            size="sm"
            variant={n === page ? 'solid' : 'outline'}
            colorPalette="teal"
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onGo(n)}
          >
            {n + 1}
          </Button>
        ))}
        {numbers.at(-1)! < totalPages - 1 ? (
          <Text px="1" color="gray.400">
            …
          </Text>
        ) : null}
        <IconButton
          aria-label="Página siguiente"
          size="sm"
          variant="outline"
          disabled={page >= totalPages - 1}
          onClick={() => onGo(page + 1)}
        >
          ›
        </IconButton>
      </HStack>
    </HStack>
  );
}
