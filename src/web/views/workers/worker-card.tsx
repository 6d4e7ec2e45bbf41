import { Badge, Box, Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { ScreenWorker } from '../../../../machines/workers-screen.machine.js';
import { credentialRefusal, workerBorderColor, WorkerStatus } from '../../../shared/worker-rules.js';

const statusPalette = (status: string) => (status === WorkerStatus.approved ? 'green' : status === WorkerStatus.rejected ? 'red' : 'orange');

/** One worker's card (spec 2 §2.6): the border colour says the status. */
export function WorkerCard({ worker, admin, requestMode, onInfo, onCredential, onDownload, onApprove, onReject }: {
  worker: ScreenWorker; admin: boolean; requestMode: boolean;
  onInfo: () => void; onCredential: () => void; onDownload: () => void; onApprove: () => void; onReject: () => void;
}) {
  const name = `${worker.firstName} ${worker.lastName}`;
  return (
    <Box as="article" aria-label={name} borderWidth="3px" borderColor={workerBorderColor(worker.status)} rounded="lg" bg="white" p="3">
      <Stack align="center" gap="2">
        {worker.photo ? <Image src={worker.photo.publicUrl} alt={`Foto de ${name}`} boxSize="100px" rounded="full" /> : null}
        <Text fontWeight="semibold" textAlign="center">{name}</Text>
        <Text fontSize="sm" color="gray.600" textAlign="center">{worker.construction.name}</Text>
        <Badge colorPalette={statusPalette(worker.status)}>{worker.status}</Badge>
        <HStack wrap="wrap" justify="center" gap="1">
          <Button size="xs" variant="outline" onClick={onInfo}>Ver datos</Button>
          {admin && !requestMode ? <Button size="xs" variant="outline" onClick={onCredential}>Credencial</Button> : null}
          {admin && !requestMode && credentialRefusal(worker.status) === null
            ? <Button size="xs" colorPalette="teal" variant="outline" onClick={onDownload}>Descargar credencial</Button> : null}
          {admin && (requestMode || worker.status === WorkerStatus.pending) ? (
            <>
              <Button size="xs" colorPalette="red" variant="outline" onClick={onReject}>Rechazar</Button>
              <Button size="xs" colorPalette="green" onClick={onApprove}>Aprobar</Button>
            </>
          ) : null}
        </HStack>
      </Stack>
    </Box>
  );
}
