import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FormContext, FormEvent } from '../../../../machines/platform/form-screen.machine.js';
import type { residentFormMachine } from '../../../../machines/residents/resident-form.machine.js';
import { residentFailureTitle } from '../../../../machines/residents/resident-form-rules.js';
import type { residentPhoneRemovalMachine } from '../../../../machines/residents/resident-phone-removal.machine.js';
import type { residentReactivationMachine } from '../../../../machines/residents/resident-reactivation.machine.js';
import { ResidentErrorTitles, ResidentTexts } from '../../../shared/residents/resident-rules.js';
import { ConfirmDialog } from '../../platform/components/confirm-dialog.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';

/** The reactivation offer over the form (its own part, `reactivation`): offered, being sent, or refused. */
function ReactivationDialogs({ actor }: { actor: ActorRefFrom<typeof residentReactivationMachine> }) {
  const state = useSelector(actor, (s) => s);
  return (
    <>
      <ConfirmDialog
        open={state.matches('offered') || state.matches('reactivating')}
        busy={state.matches('reactivating')}
        danger={false}
        title="Correo de un residente eliminado"
        detail={`${state.context.email}: ${ResidentTexts.deletedOwner}`}
        confirmText="Reactivar"
        onConfirm={() => actor.send({ type: 'reactivation.confirm' })}
        onCancel={() => actor.send({ type: 'reactivation.cancel' })}
      />
      <ResultDialog
        open={state.matches('failed')}
        status="error"
        title={state.context.failureTitle}
        detail={state.context.serverError}
        onClose={() => actor.send({ type: 'dialog.close' })}
      />
    </>
  );
}

/** Removing a saved phone (its own part, `phoneRemoval`): the question, the call, or the refusal. */
function PhoneRemovalDialogs({ actor }: { actor: ActorRefFrom<typeof residentPhoneRemovalMachine> }) {
  const state = useSelector(actor, (s) => s);
  return (
    <>
      <ConfirmDialog
        open={state.matches('confirming') || state.matches('removing')}
        busy={state.matches('removing')}
        title={`¿Seguro que deseas eliminar el teléfono ${state.context.phone}?`}
        detail="No podrás revetir esta acción"
        confirmText="Eliminar"
        onConfirm={() => actor.send({ type: 'removal.confirm' })}
        onCancel={() => actor.send({ type: 'removal.cancel' })}
      />
      <ResultDialog
        open={state.matches('failed')}
        status="error"
        title={ResidentErrorTitles.remove}
        detail={state.context.serverError}
        onClose={() => actor.send({ type: 'dialog.close' })}
      />
    </>
  );
}

/** The dialogs of 'Alta residente' / 'Editar residente', each open in its state of the form machine or of its part. */
export function ResidentFormDialogs({
  state,
  send,
}: {
  state: {
    context: FormContext;
    children: SnapshotFrom<typeof residentFormMachine>['children'];
    matches: (value: Parameters<SnapshotFrom<typeof residentFormMachine>['matches']>[0]) => boolean;
  };
  send: (event: FormEvent) => void;
}) {
  const ctx = state.context;
  const close = () => send({ type: 'dialog.close' });
  const { reactivation, phoneRemoval } = state.children;
  return (
    <>
      <ResultDialog
        open={state.matches('succeeded')}
        status="success"
        title={ctx.id ? ResidentTexts.updated : ResidentTexts.created}
        onClose={close}
      />
      <ResultDialog
        open={state.matches('failed')}
        status="error"
        title={residentFailureTitle(ctx.failure, ctx.id !== null)}
        detail={ctx.serverError}
        onClose={close}
      />
      <ResultDialog
        open={state.matches('invalid')}
        status="error"
        title="Error"
        detail="Por favor, corrige los campos indicados."
        onClose={close}
      />
      <ResultDialog
        open={state.matches('loadFailed')}
        status="error"
        title="No fue posible cargar el registro"
        detail={ctx.serverError}
        onClose={close}
      />
      {reactivation ? <ReactivationDialogs actor={reactivation} /> : null}
      {phoneRemoval ? <PhoneRemovalDialogs actor={phoneRemoval} /> : null}
    </>
  );
}
