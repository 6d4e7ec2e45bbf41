import { describe, expect, it } from 'vitest';
import { integratorAccessMachine } from '../../../machines/integrators/integrator-access.machine.js';
import { accessPromptOf, accessButtonOf } from '../../../src/shared/integrators/integrator-access.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { disabledIntegrator, enabledIntegrator, integratorAccessModel } from './integrator-access.model.js';

const paths = generatePaths(integratorAccessModel);

describe('integratorAccess machine (enabling or disabling asks confirmation; texts)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(integratorAccessModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it('an enabled integrator shows the green A that disables, a disabled one the red N/A that enables', () => {
    expect(accessButtonOf(true)).toEqual({ text: 'A', action: 'Desactivar', colorPalette: 'green' });
    expect(accessButtonOf(false)).toEqual({ text: 'N/A', action: 'Activar', colorPalette: 'red' });
    expect(accessPromptOf(enabledIntegrator)).toMatchObject({
      title: '¿Estás seguro de deshabilitar el acceso de Ignacio Ramírez Soto?',
      detail: 'Al deshabilitar este integrador, se deshabilitarán los accesos de sus fraccionamientos',
    });
    expect(accessPromptOf(disabledIntegrator)).toMatchObject({
      title: '¿Estás seguro de habilitar el acceso de Isabel Navarro Luna?',
      detail: 'Al habilitar este integrador, se reanudarán los accesos a sus fraccionamientos',
    });
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(integratorAccessMachine, path, ['setAccess'], {}, integratorAccessModel);
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
    // The call goes only after confirmation, and asks the opposite of the current state.
    const confirms = path.events.filter((e) => e.type === 'access.confirm').length;
    expect(run.calls.length).toBe(confirms);
    for (const call of run.calls) {
      const input = call.input as { uuid: string; enable: boolean };
      expect(input).toEqual(input.uuid === 'i1' ? { uuid: 'i1', enable: false } : { uuid: 'i2', enable: true });
    }
    // It ends telling the list whether it changed the integrator: only a successful change reloads the list.
    const successes = path.events.filter((e) => e.type === 'xstate.done.actor.setAccess').length;
    if (run.snapshot.status === 'done') expect(run.snapshot.output).toEqual({ changed: successes > 0 });
    if (run.snapshot.value === 'failed') expect(run.snapshot.context.error).toBe('Error interno del servidor');
  });
});
