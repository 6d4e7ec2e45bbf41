import type { SnapshotFrom } from 'xstate';
import type {
  ResidentFormContext,
  ResidentFormEvent,
  residentFormMachine,
} from '../../../../machines/residents/resident-form.machine.js';
import { ResidentErrorTitles, ResidentTexts } from '../../../shared/residents/resident-rules.js';
import { ConfirmDialog } from '../../platform/components/confirm-dialog.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';

/** The dialogs of 'Alta residente' / 'Editar residente', each open in its state of the form machine. */
export function ResidentFormDialogs({
  state,
  send,
}: {
  state: {
    context: ResidentFormContext;
    matches: (value: Parameters<SnapshotFrom<typeof residentFormMachine>['matches']>[0]) => boolean;
  };
  send: (event: ResidentFormEvent) => void;
}) {
  const ctx = state.context;
  const close = () => send({ type: 'dialog.close' });
  const phone = ctx.phoneRemoval ? (ctx.values.phones as { phone: string }[])[ctx.phoneRemoval.index]?.phone : '';
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
        title={ctx.failureTitle}
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
      <ResultDialog
        open={state.matches('phoneRemovalFailed')}
        status="error"
        title={ResidentErrorTitles.remove}
        detail={ctx.serverError}
        onClose={close}
      />
      <ConfirmDialog
        open={state.matches('offerReactivation') || state.matches('reactivating')}
        busy={state.matches('reactivating')}
        danger={false}
        title="Correo de un residente eliminado"
        detail={`${ctx.reactivationEmail ?? ''}: ${ResidentTexts.deletedOwner}`}
        confirmText="Reactivar"
        onConfirm={() => send({ type: 'reactivation.confirm' })}
        onCancel={() => send({ type: 'reactivation.cancel' })}
      />
      <ConfirmDialog
        open={state.matches('confirmPhoneRemoval') || state.matches('removingPhone')}
        busy={state.matches('removingPhone')}
        title={`¿Seguro que deseas eliminar el teléfono ${phone}?`}
        detail="No podrás revetir esta acción"
        confirmText="Eliminar"
        onConfirm={() => send({ type: 'removal.confirm' })}
        onCancel={() => send({ type: 'removal.cancel' })}
      />
    </>
  );
}
