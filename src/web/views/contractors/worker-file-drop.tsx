import { Box, Button, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useDropzone } from 'react-dropzone';
import { isStoredFile, type SlotValue } from '../../../../machines/contractors/worker-request.machine.js';

/** A document by drag and drop (jpeg, png or pdf) with its inline preview and a remove button. */
export function WorkerFileDrop({
  label,
  value,
  error,
  onPick,
  onRemove,
}: {
  label: string;
  value: SlotValue | null;
  error?: string;
  /** The picked file; the form's machine reads it. */
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'application/pdf': ['.pdf'] },
    maxFiles: 1,
    onDropAccepted: (files) => onPick(files[0]!),
  });
  // A stored file (editing) is shown by its signed link; a new one from its content.
  const src = !value ? null : isStoredFile(value) ? value.publicUrl : `data:${value.mimeType};base64,${value.content}`;
  return (
    <Stack gap="1">
      <Text fontWeight="medium">{label}</Text>
      {value && src ? (
        <Stack borderWidth="1px" rounded="md" p="2" gap="2">
          {value.mimeType !== 'application/pdf' ? (
            <Image src={src} alt={`Vista previa: ${label}`} maxH="180px" objectFit="contain" />
          ) : isStoredFile(value) ? (
            // A stored PDF comes as a download (never inline): a link, not a frame that would download it on opening.
            <Link
              href={src}
              download
              colorPalette="teal"
            >{`Descargar ${label.charAt(0).toLowerCase()}${label.slice(1)} (PDF)`}</Link>
          ) : (
            <iframe title={`Vista previa: ${label}`} src={src} style={{ width: '100%', height: 180, border: 0 }} />
          )}
          <HStack justify="space-between">
            <Text fontSize="sm">{value.name}</Text>
            <Button size="xs" variant="outline" onClick={onRemove}>
              Quitar
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Box
          {...getRootProps()}
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={error ? 'red.500' : 'gray.300'}
          rounded="md"
          p="4"
          textAlign="center"
          cursor="pointer"
          bg={isDragActive ? 'teal.50' : 'white'}
        >
          <input {...getInputProps()} aria-label={label} />
          <Text fontSize="sm" color="gray.600">
            Arrastra aquí el archivo o haz clic para elegirlo (JPEG, PNG o PDF)
          </Text>
        </Box>
      )}
      {error ? (
        <Text color="red.600" fontSize="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
