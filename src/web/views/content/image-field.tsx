import { Box, Button, Field, HStack, Image, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import type { LogoState, PickedFile } from '../../../../machines/platform/form-screen.machine.js';
import { IMAGE_MIME_TYPES } from '../../../shared/content/content-rules.js';

/** The optional image (jpeg or png) with its preview and a remove button. */
export function ImageField({
  image,
  error,
  reading,
  onPick,
  onRemove,
}: {
  image: LogoState;
  error?: string;
  reading: boolean;
  onPick: (file: PickedFile) => void;
  onRemove: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>Imagen</Field.Label>
      <HStack gap="4" align="center" wrap="wrap">
        <Box
          w="40"
          h="28"
          rounded="md"
          borderWidth="1px"
          bg="gray.50"
          overflow="hidden"
          display="flex"
          alignItems="center"
          justifyContent="center"
        >
          {image.preview ? (
            <Image src={image.preview} alt="Vista previa de la imagen" objectFit="contain" boxSize="full" />
          ) : (
            <Text fontSize="xs" color="gray.500">
              Sin imagen
            </Text>
          )}
        </Box>
        <input
          ref={input}
          type="file"
          hidden
          accept={IMAGE_MIME_TYPES.join(',')}
          aria-label="Archivo de la imagen"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onPick(file);
            e.target.value = '';
          }}
        />
        <Button variant="outline" size="sm" loading={reading} onClick={() => input.current?.click()}>
          Adjuntar imagen
        </Button>
        {image.preview ? (
          <Button variant="ghost" colorPalette="red" size="sm" onClick={onRemove}>
            Quitar imagen
          </Button>
        ) : null}
      </HStack>
      <Field.HelperText>Opcional. Imagen JPEG o PNG de hasta 5 MB.</Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
