import { Button, Checkbox, HStack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { eventActionsMachine, SelectedEvent } from '../../../../machines/massive-events/event-actions.machine.js';
import type { EventAction } from '../../../shared/massive-events/massive-event-rules.js';
import { ConfirmDialog } from '../../platform/components/confirm-dialog.js';
import { ToolbarDownload } from './invitation-download.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';

/** The list's `toolbar` child on the events screen: the event-actions machine. */
export type EventActionsRef = ActorRefFrom<typeof eventActionsMachine>;

/** The toolbar's buttons; a capturista sees only the download. */
const BUTTONS: { action: EventAction; label: string; writer: boolean }[] = [
  { action: 'download', label: 'Descargar invitaciones', writer: false },
  { action: 'clone', label: 'Clonar', writer: true },
  { action: 'edit', label: 'Editar', writer: true },
  { action: 'cancel', label: 'Cancelar evento', writer: true },
  { action: 'delete', label: 'Eliminar', writer: true },
];

const CONFIRM: Partial<Record<EventAction, { title: string; text: string }>> = {
  delete: { title: '¿Seguro que deseas eliminar el evento {name}?', text: 'Eliminar' },
  cancel: { title: '¿Seguro que deseas cancelar el evento {name}?', text: 'Cancelar evento' },
};

/** The toolbar bound to the list's `toolbar` child (machines/massive-events/event-actions.machine.ts). */
export function EventToolbar({ actor, writer }: { actor: EventActionsRef; writer: boolean }) {
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  const confirm = ctx.action ? CONFIRM[ctx.action] : undefined;
  const name = ctx.selected[0]?.name ?? '';
  const close = () => actor.send({ type: 'dialog.close' });
  return (
    <>
      <HStack gap="2" wrap="wrap" role="toolbar" aria-label="Acciones de eventos">
        {BUTTONS.filter((b) => writer || !b.writer).map((b) => (
          <Button
            key={b.action}
            size="sm"
            variant="outline"
            colorPalette={b.action === 'delete' ? 'red' : 'teal'}
            onClick={() => actor.send({ type: 'action', action: b.action })}
          >
            {b.label}
          </Button>
        ))}
      </HStack>
      <ToolbarDownload snapshot={state} />
      <ConfirmDialog
        open={state.matches('confirming') || (state.matches('running') && Boolean(confirm))}
        busy={state.matches('running')}
        title={(confirm?.title ?? '').replace('{name}', name)}
        detail="No podrás revertir esta acción"
        confirmText={confirm?.text ?? 'Aceptar'}
        cancelText="Volver"
        onConfirm={() => actor.send({ type: 'confirm' })}
        onCancel={() => actor.send({ type: 'cancel' })}
      />
      <ResultDialog
        open={state.matches('refused') || state.matches('failed') || state.matches('succeeded')}
        status={state.matches('succeeded') ? 'success' : state.matches('failed') ? 'error' : 'info'}
        title={ctx.dialog?.title ?? ''}
        detail={ctx.dialog?.detail}
        onClose={close}
      />
    </>
  );
}

/** The checkbox column: ticks the row in the toolbar's selection. */
export function SelectCell({ actor, row }: { actor: EventActionsRef; row: SelectedEvent }) {
  const checked = useSelector(actor, (s) => s.context.selected.some((r) => r.uuid === row.uuid));
  return (
    <Checkbox.Root
      colorPalette="teal"
      checked={checked}
      onCheckedChange={() => actor.send({ type: 'select.toggle', row })}
    >
      <Checkbox.HiddenInput aria-label={`Seleccionar ${row.name}`} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}
