import { Box, Button, CloseButton, Dialog, Link, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useDropzone, type Accept } from 'react-dropzone';
import type { ActorRefFrom } from 'xstate';
import type { residentImportMachine } from '../../../../machines/residents/resident-import.machine.js';
import {
  IMPORT_MAX_BYTES,
  ImportTexts,
  RESIDENT_TEMPLATE_NAME,
  RESIDENT_TEMPLATE_PATH,
  XLSX_ACCEPT,
} from '../../../shared/residents/resident-import.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';

type ImportActor = ActorRefFrom<typeof residentImportMachine>;

/**
 * The Excel import modal of /newResidents: the template, the drop zone
 * (.xlsx only), the upload's progress and the result dialogs. It renders the import child's
 * snapshot and sends it events; the File itself goes only with 'Importar' (the upload's input).
 */
export function ResidentImportDialog({ actor }: { actor: ImportActor }) {
  const state = useSelector(actor, (s) => s);
  const { file, problem, progress, description, error } = state.context;
  const { getRootProps, getInputProps, isDragActive, acceptedFiles } = useDropzone({
    accept: { ...XLSX_ACCEPT } satisfies Accept,
    maxSize: IMPORT_MAX_BYTES,
    multiple: false,
    onDrop: (accepted, rejected) => {
      const picked = accepted[0] ?? rejected[0]?.file;
      if (picked) actor.send({ type: 'file.pick', file: { name: picked.name, type: picked.type, size: picked.size } });
    },
  });
  const busy = state.matches('uploading') || state.matches('processing');
  const close = () => actor.send({ type: 'import.close' });
  const closeResult = () => actor.send({ type: 'dialog.close' });
  const partial = state.matches('partial') || state.matches('downloading');

  return (
    <>
      <Dialog.Root
        open
        placement="center"
        size="lg"
        closeOnInteractOutside={false}
        onOpenChange={(e) => {
          if (!e.open && !busy) close();
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="import-dialog">
              <Dialog.Header>
                <Dialog.Title>{ImportTexts.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Link
                    href={RESIDENT_TEMPLATE_PATH}
                    download={RESIDENT_TEMPLATE_NAME}
                    color="teal.700"
                    fontWeight="medium"
                  >
                    {ImportTexts.template}
                  </Link>
                  <Box
                    {...getRootProps()}
                    borderWidth="2px"
                    borderStyle="dashed"
                    borderRadius="md"
                    p="8"
                    textAlign="center"
                    cursor={busy ? 'not-allowed' : 'pointer'}
                    borderColor={problem ? 'red.400' : isDragActive ? 'teal.500' : 'gray.300'}
                    bg={isDragActive ? 'teal.50' : 'gray.50'}
                    aria-disabled={busy}
                  >
                    <input {...getInputProps()} aria-label="Archivo de residentes" disabled={busy} />
                    <Text color="gray.700">{ImportTexts.drop}</Text>
                    {file ? (
                      <Text mt="2" fontWeight="semibold" data-testid="import-file">
                        {file.name}
                      </Text>
                    ) : null}
                  </Box>
                  {problem ? (
                    <Text color="red.600" role="alert">
                      {problem}
                    </Text>
                  ) : null}
                  {busy ? (
                    <Progress.Root
                      value={progress}
                      max={100}
                      colorPalette="teal"
                      aria-label="Progreso de la importación"
                    >
                      <Progress.Label mb="1">
                        {state.matches('uploading') ? ImportTexts.uploading : ImportTexts.processing}
                      </Progress.Label>
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                      <Progress.ValueText>{`${progress}%`}</Progress.ValueText>
                    </Progress.Root>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close} disabled={busy}>
                  Cancelar
                </Button>
                <Button
                  colorPalette="teal"
                  loading={busy}
                  disabled={!state.matches('fileChosen')}
                  onClick={() => actor.send({ type: 'upload.start', file: acceptedFiles[0] })}
                >
                  {ImportTexts.send}
                </Button>
              </Dialog.Footer>
              {busy ? null : (
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Cerrar" />
                </Dialog.CloseTrigger>
              )}
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ResultDialog
        open={state.matches('allCreated')}
        status="success"
        title={ImportTexts.doneTitle}
        detail={description}
        onClose={closeResult}
      />
      <ResultDialog
        open={state.matches('failed')}
        status="error"
        title={ImportTexts.errorTitle}
        detail={error}
        onClose={closeResult}
      />
      <ResultDialog
        open={state.matches('downloadFailed')}
        status="error"
        title={ImportTexts.errorTitle}
        detail={ImportTexts.noErrorFile}
        onClose={closeResult}
      />
      <PartialDialog
        open={partial}
        description={description}
        downloading={state.matches('downloading')}
        onDownload={() => actor.send({ type: 'errors.download' })}
        onClose={closeResult}
      />
    </>
  );
}

/** 'Error Parcial': what the server said, and Errores.xlsx to download. */
function PartialDialog({
  open,
  description,
  downloading,
  onDownload,
  onClose,
}: {
  open: boolean;
  description: string | null;
  downloading: boolean;
  onDownload: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      onOpenChange={(e) => {
        if (!e.open && !downloading) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="result-dialog">
            <Dialog.Header>
              <Dialog.Title color="orange.600">{ImportTexts.partialTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text>{ImportTexts.partial}</Text>
                {description ? <Text color="gray.600">{description}</Text> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onDownload} loading={downloading}>
                {ImportTexts.download}
              </Button>
              <Button colorPalette="teal" onClick={onClose} disabled={downloading}>
                Aceptar
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
