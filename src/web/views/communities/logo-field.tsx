import { Box, Button, Field, HStack, Image, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import type { LogoState, PickedFile } from '../../../../machines/platform/form-screen.machine.js';
import { LOGO_MIME_TYPES } from '../../../shared/communities/community.schema.js';

/** Optional 'Adjuntar logo' (jpeg or png) with its preview and a remove button. */
export function LogoField({
  logo,
  error,
  reading,
  onPick,
  onRemove,
}: {
  logo: LogoState;
  error?: string;
  reading: boolean;
  onPick: (file: PickedFile) => void;
  onRemove: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>Logo</Field.Label>
      <HStack gap="4" align="center">
        <Box
          boxSize="20"
          rounded="md"
          borderWidth="1px"
          bg="gray.50"
          overflow="hidden"
          display="flex"
          alignItems="center"
          justifyContent="center"
        >
          {logo.preview ? (
            <Image src={logo.preview} alt="Vista previa del logo" objectFit="contain" boxSize="full" />
          ) : (
            <Text fontSize="xs" color="gray.500">
              Sin logo
            </Text>
          )}
        </Box>
        <input
          ref={input}
          type="file"
          hidden
          accept={LOGO_MIME_TYPES.join(',')}
          aria-label="Archivo del logo"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onPick(file);
            e.target.value = '';
          }}
        />
        <Button variant="outline" size="sm" loading={reading} onClick={() => input.current?.click()}>
          Adjuntar logo
        </Button>
        {logo.preview ? (
          <Button variant="ghost" colorPalette="red" size="sm" onClick={onRemove}>
            Quitar logo
          </Button>
        ) : null}
      </HStack>
      <Field.HelperText>Opcional. Imagen JPEG o PNG de hasta 2 MB.</Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
