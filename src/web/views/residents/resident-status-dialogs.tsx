import { useSelector } from '@xstate/react';
import type { AnyActorRef, ActorRefFrom } from 'xstate';
import type { residentStatusMachine } from '../../../../machines/residents/resident-status.machine.js';
import { statusDialogOf } from '../../../shared/residents/resident-list-rules.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';

/** The dialogs of a running residentStatus child: '¡Correcto!' or the spec's failure title with the server's text. */
export function ResidentStatusDialogs({ actor: ref }: { actor: AnyActorRef }) {
  const actor = ref as ActorRefFrom<typeof residentStatusMachine>;
  const status = useSelector(actor, (s) => s);
  const { enable, name, error } = status.context;
  const ok = status.matches('succeeded');
  const dialog = statusDialogOf(enable, name, ok);
  return (
    <ResultDialog
      open={ok || status.matches('failed')}
      status={ok ? 'success' : 'error'}
      title={dialog.title}
      detail={ok ? dialog.detail : error}
      onClose={() => actor.send({ type: 'dialog.close' })}
    />
  );
}
