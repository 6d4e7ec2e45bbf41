import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { integratorAccessMachine } from '../../../../machines/integrators/integrator-access.machine.js';
import type { AccessTarget } from '../../../shared/integrators/integrator-access.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { ResultDialog } from './result-dialog.js';

/**
 * The enable/disable confirmation and its error dialog over a running access child (an integrator's,
 * the integrator's licence, or a community's licence state); `promptOf` gives the texts.
 */
export function AccessDialogs({
  actor,
  promptOf,
}: {
  actor: ActorRefFrom<typeof integratorAccessMachine>;
  promptOf: (target: AccessTarget) => { title: string; detail: string; confirmText: string };
}) {
  const access = useSelector(actor, (s) => s);
  const { target, error } = access.context;
  const prompt = promptOf(target);
  return (
    <>
      <ConfirmDialog
        open={access.matches('confirming') || access.matches('saving')}
        busy={access.matches('saving')}
        title={prompt.title}
        detail={prompt.detail}
        confirmText={prompt.confirmText}
        danger={target.enabled}
        onConfirm={() => actor.send({ type: 'access.confirm' })}
        onCancel={() => actor.send({ type: 'access.cancel' })}
      />
      {/* Enable or disable failure shows an empty error dialog (the server's reason, if any, below). */}
      <ResultDialog
        open={access.matches('failed')}
        status="error"
        title=""
        detail={error}
        onClose={() => actor.send({ type: 'dialog.close' })}
      />
    </>
  );
}
