import { Badge, Box, Button, Checkbox, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { APPROVE_CONTRAST } from './approval-dialogs.js';
import type { ScreenWorker } from '../../../../machines/contractors/workers-screen.machine.js';
import {
  credentialRefusal,
  editRefusal,
  workerBorderColor,
  WorkerStatus,
} from '../../../shared/contractors/worker-rules.js';

const statusPalette = (status: string) =>
  status === WorkerStatus.approved ? 'green' : status === WorkerStatus.rejected ? 'red' : 'orange';

export interface WorkerCardActions {
  onInfo: () => void;
  onCredential: () => void;
  onDownload: () => void;
  onApprove: () => void;
  onReject: () => void;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One worker's card: the border colour says the status; an administrator ticks, edits (not approved) and deletes. */
export function WorkerCard({
  worker,
  admin,
  requestMode,
  selected,
  actions,
}: {
  worker: ScreenWorker;
  admin: boolean;
  requestMode: boolean;
  selected: boolean;
  actions: WorkerCardActions;
}) {
  const { onInfo, onCredential, onDownload, onApprove, onReject, onToggle, onEdit, onDelete } = actions;
  const name = `${worker.firstName} ${worker.lastName}`;
  const manage = admin && !requestMode;
  return (
    <Box
      as="article"
      aria-label={name}
      borderWidth="3px"
      borderColor={workerBorderColor(worker.status)}
      rounded="lg"
      bg={selected ? 'teal.50' : 'white'}
      p="3"
    >
      {manage ? (
        <Checkbox.Root colorPalette="teal" checked={selected} onCheckedChange={onToggle}>
          <Checkbox.HiddenInput aria-label={`Seleccionar a ${name}`} />
          <Checkbox.Control />
        </Checkbox.Root>
      ) : null}
      <Stack align="center" gap="2">
        {worker.photo ? (
          <Image src={worker.photo.publicUrl} alt={`Foto de ${name}`} boxSize="100px" rounded="full" />
        ) : null}
        <Text fontWeight="semibold" textAlign="center">
          {name}
        </Text>
        <Text fontSize="sm" color="gray.600" textAlign="center">
          {worker.construction.name}
        </Text>
        <Badge colorPalette={statusPalette(worker.status)}>{worker.status}</Badge>
        <HStack wrap="wrap" justify="center" gap="1">
          <Button size="xs" variant="outline" onClick={onInfo}>
            Ver datos
          </Button>
          {admin && !requestMode ? (
            <Button size="xs" variant="outline" onClick={onCredential}>
              Credencial
            </Button>
          ) : null}
          {admin && !requestMode && credentialRefusal(worker.status) === null ? (
            <Button size="xs" colorPalette="teal" variant="outline" onClick={onDownload}>
              Descargar credencial
            </Button>
          ) : null}
          {manage && editRefusal(worker.status) === null ? (
            <Button size="xs" variant="outline" onClick={onEdit}>
              Editar
            </Button>
          ) : null}
          {manage ? (
            <Button size="xs" variant="outline" colorPalette="red" onClick={onDelete}>
              Eliminar
            </Button>
          ) : null}
          {admin && (requestMode || worker.status === WorkerStatus.pending) ? (
            <>
              <Button size="xs" colorPalette="red" variant="outline" onClick={onReject}>
                Rechazar
              </Button>
              <Button size="xs" colorPalette="green" {...APPROVE_CONTRAST} onClick={onApprove}>
                Aprobar
              </Button>
            </>
          ) : null}
        </HStack>
      </Stack>
    </Box>
  );
}
