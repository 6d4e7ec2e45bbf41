import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { integratorAccessMachine } from '../../../../machines/integrators/integrator-access.machine.js';
import type { AccessTarget } from '../../../shared/integrators/integrator-access.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { ResultDialog } from './result-dialog.js';

/**
 * The enable/disable confirmation and its error dialog over a running access child (an integrator's,
 * spec 1 §4, or a community's licence state, issue 16 §4); `promptOf` gives the texts.
 */
export function AccessDialogs({ actor, promptOf }: {
  actor: ActorRefFrom<typeof integratorAccessMachine>;
  promptOf: (target: AccessTarget) => { title: string; detail: string; confirmText: string };
}) {
  const access = useSelector(actor, (s) => s);
  const { target, error } = access.context;
  const prompt = promptOf(target);
  return (
    <>
      <ConfirmDialog open={access.matches('confirming') || access.matches('saving')} busy={access.matches('saving')}
        title={prompt.title} detail={prompt.detail} confirmText={prompt.confirmText}
        danger={target.enabled}
        onConfirm={() => actor.send({ type: 'access.confirm' })} onCancel={() => actor.send({ type: 'access.cancel' })} />
      {/* Spec 1 §8: enable or disable failure shows an empty error dialog (the server's reason, if any, below). */}
      <ResultDialog open={access.matches('failed')} status="error" title="" detail={error}
        onClose={() => actor.send({ type: 'dialog.close' })} />
    </>
  );
}
