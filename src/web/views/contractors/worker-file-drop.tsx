import { Box, Button, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import imageCompression from 'browser-image-compression';
import { useDropzone } from 'react-dropzone';
import { WORKER_DOCUMENT_MAX_SIDE } from '../../../shared/contractors/worker-rules.js';
import {
  isStoredFile,
  type FileValue,
  type SlotValue,
} from '../../../../machines/contractors/worker-request.machine.js';

/**
 * A picked document image as it is sent: a phone's photo (12 megapixels and more) shrunk, in the
 * browser, to WORKER_DOCUMENT_MAX_SIDE on its longer side, in its own format and without its
 * metadata; a smaller image, or a PDF, as it is.
 */
async function documentToSend(file: File): Promise<File> {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return file;
  try {
    const shrunk = await imageCompression(file, {
      maxWidthOrHeight: WORKER_DOCUMENT_MAX_SIDE,
      useWebWorker: false,
      fileType: file.type,
      initialQuality: 0.9,
    });
    return new File([shrunk], file.name, { type: file.type });
  } catch {
    // A browser that cannot draw it sends it as picked; the server says if it is too large.
    return file;
  }
}

/** Reads a picked document as the payload: base64 without the data: prefix; an image at most the document size. */
export async function readDocument(file: File): Promise<FileValue> {
  return readPayload(await documentToSend(file));
}

/** Reads a picked file as the payload (base64 without the data: prefix). */
export function readPayload(file: File): Promise<FileValue> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({
        name: file.name,
        extension: file.name.split('.').pop() ?? '',
        mimeType: file.type,
        content: url.slice(url.indexOf(',') + 1),
      });
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A document by drag and drop (jpeg, png or pdf) with its inline preview and a remove button. */
export function WorkerFileDrop({
  label,
  value,
  error,
  onFile,
  onRemove,
}: {
  label: string;
  value: SlotValue | null;
  error?: string;
  onFile: (file: FileValue) => void;
  onRemove: () => void;
}) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'application/pdf': ['.pdf'] },
    maxFiles: 1,
    onDropAccepted: (files) => {
      void readDocument(files[0]!).then(onFile);
    },
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
