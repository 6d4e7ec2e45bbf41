import { Badge, Box, Button, Dialog, Grid, Image, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { ScreenWorker } from '../../../../machines/contractors/workers-screen.machine.js';
import { CredentialCanvas } from './credential-canvas.js';

type FileRef = ScreenWorker['identification'];

/** A document in its frame: an image shown; a PDF as a link that downloads it (the server sends PDFs as attachments, never inline). */
function DocumentFrame({ title, file }: { title: string; file: FileRef }) {
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">{title}</Text>
      <Box borderWidth="1px" rounded="md" overflow="hidden" h="260px" bg="gray.50">
        {!file ? (
          <Text p="3" color="gray.500">
            Sin archivo
          </Text>
        ) : file.mimeType === 'application/pdf' ? (
          <PdfDownload title={title} url={file.publicUrl} />
        ) : (
          <Image src={file.publicUrl} alt={title} w="full" h="full" objectFit="contain" />
        )}
      </Box>
    </Stack>
  );
}

/** A stored PDF: 'Descargar … (PDF)', which saves it (its link expires in minutes: reopen the information for a fresh one). */
function PdfDownload({ title, url }: { title: string; url: string }) {
  return (
    <Stack h="full" align="center" justify="center" gap="2" p="3" textAlign="center">
      <Text color="gray.600">Documento PDF</Text>
      <Link
        href={url}
        download
        colorPalette="teal"
        fontWeight="semibold"
      >{`Descargar ${title.charAt(0).toLowerCase()}${title.slice(1)} (PDF)`}</Link>
    </Stack>
  );
}

function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  return (
    <Dialog.Root
      open
      size="lg"
      placement="center"
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="teal" onClick={onClose}>
                Cerrar
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** 'Información del trabajador': photo, name, surname, status, reason, documents in frames. */
export function WorkerInfoModal({ worker, onClose }: { worker: ScreenWorker; onClose: () => void }) {
  return (
    <Modal title="Información del trabajador" onClose={onClose}>
      <Stack gap="3">
        <Stack direction="row" gap="4" align="center">
          {worker.photo ? (
            <Image src={worker.photo.publicUrl} alt="Foto del trabajador" boxSize="100px" rounded="full" />
          ) : null}
          <Stack gap="0">
            <Text>
              <b>Nombre:</b> {worker.firstName}
            </Text>
            <Text>
              <b>Apellidos:</b> {worker.lastName}
            </Text>
            <Text>
              <b>Estatus:</b> <Badge>{worker.status}</Badge>
            </Text>
            {worker.rejectReason ? (
              <Text>
                <b>Motivo del rechazo:</b> {worker.rejectReason}
              </Text>
            ) : null}
          </Stack>
        </Stack>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
          <DocumentFrame title="Identificación oficial" file={worker.identification} />
          <DocumentFrame title="Comprobante de domicilio" file={worker.proofOfAddress} />
        </Grid>
      </Stack>
    </Modal>
  );
}

/** The credential's preview, front and back, drawn as the server draws the PNG. */
export function CredentialModal({
  worker,
  community,
  onClose,
}: {
  worker: ScreenWorker;
  community: string;
  onClose: () => void;
}) {
  const c = worker.construction;
  const data = useMemo(
    () => ({
      workerName: `${worker.firstName} ${worker.lastName}`,
      contractorName: `${c.contractor.firstName} ${c.contractor.lastName}`,
      company: c.contractor.enterprise,
      siteNumber: c.streetNumber,
      siteAddress: `${c.street.name} ${c.number}`,
      communityName: community,
    }),
    [worker, c, community],
  );
  return (
    <Modal title="Credencial" onClose={onClose}>
      <CredentialCanvas
        data={data}
        photoUrl={worker.photo?.publicUrl ?? null}
        label={`Credencial de ${data.workerName}: frente y reverso. Trabajador de obra; Responsable de la obra ${data.contractorName}; Obra ${data.siteNumber}, ${data.siteAddress}; Constructora ${data.company}; ${community}`}
      />
    </Modal>
  );
}
