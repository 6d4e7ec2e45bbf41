import { Button, Dialog, Field, Portal, Progress, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  approvalDialog,
  type workerApprovalMachine,
} from '../../../../machines/contractors/worker-approval.machine.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';

export type ApprovalActor = ActorRefFrom<typeof workerApprovalMachine>;

/** An approve button's colours: the palette's solid green under white text is below 4.5:1 (axe), a shade darker passes. */
export const APPROVE_CONTRAST = { bg: 'green.700', _hover: { bg: 'green.800' } } as const;

/** The `workerApproval` child's dialogs: the reason, the progress of the calls, and the outcome. */
export function ApprovalDialogs({ actor }: { actor: ApprovalActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const state = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!;
  const sent = context.succeeded + context.failures.length;
  if (state === 'askingReason') {
    return (
      <Dialog.Root
        open
        role="dialog"
        placement="center"
        onOpenChange={(e) => {
          if (!e.open) actor.send({ type: 'cancel' });
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>
                  {context.bulk ? 'Rechazar solicitudes pendientes' : `Rechazar a ${context.targets[0]?.name ?? ''}`}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Field.Root invalid={Boolean(context.reasonError)} required>
                  <Field.Label>Motivo del rechazo</Field.Label>
                  <Textarea
                    value={context.reason}
                    onChange={(e) => actor.send({ type: 'reason.change', value: e.target.value })}
                  />
                  <Field.ErrorText>{context.reasonError}</Field.ErrorText>
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => actor.send({ type: 'cancel' })}>
                  Cancelar
                </Button>
                <Button colorPalette="red" onClick={() => actor.send({ type: 'reason.submit' })}>
                  Rechazar
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    );
  }
  if (state === 'approving' || state === 'rejecting') {
    return (
      <Dialog.Root open role="dialog" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{state === 'approving' ? 'Aprobando…' : 'Rechazando…'}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Progress.Root
                  value={(sent / Math.max(1, context.targets.length)) * 100}
                  colorPalette="teal"
                  aria-label="Progreso"
                >
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                <Text mt="2" fontSize="sm">
                  {sent} de {context.targets.length}
                </Text>
              </Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    );
  }
  const dialog = approvalDialog(state, context);
  if (!dialog) return null;
  const status = state === 'decided' ? 'success' : state === 'noPending' ? 'info' : 'error';
  return (
    <ResultDialog
      open
      title={dialog.title}
      detail={dialog.text}
      status={status}
      onClose={() => actor.send({ type: 'dialog.close' })}
    />
  );
}
