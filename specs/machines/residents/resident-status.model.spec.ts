import { describe, expect, it } from 'vitest';
import { residentStatusMachine } from '../../../machines/residents/resident-status.machine.js';
import { statusActionOf, statusDialogOf } from '../../../src/shared/residents/resident-list-rules.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { residentStatusModel } from './resident-status.model.js';

const paths = generatePaths(residentStatusModel);

describe('residentStatus machine (ACTIVE can be deactivated, a non-active resident activated; titles)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(residentStatusModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it("an ACTIVE row offers 'Desactivar', any other 'Activar'; each failure has its own title", () => {
    expect(statusActionOf('ACTIVE')).toMatchObject({ enable: false, label: 'Desactivar' });
    expect(statusActionOf('INACTIVE')).toMatchObject({ enable: true, label: 'Activar' });
    expect(statusDialogOf(true, 'Ana', false).title).toBe('No es posible activar');
    expect(statusDialogOf(false, 'Ana', false).title).toBe('No es posible desactivar');
    expect(statusDialogOf(false, 'Ana', true).title).toBe('¡Correcto!');
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(residentStatusMachine, path, ['setStatus'], {}, residentStatusModel);
    expect(run.seen).toEqual(path.states);
    expect(run.calls).toHaveLength(1);
  });
});
