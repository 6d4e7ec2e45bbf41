import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { deviceForm, deviceFormModel, loadedForAdding, ZONE } from './device-form.model.js';

const paths = generatePaths(deviceFormModel);

describe("the device modal: 'Agregar dispositivo' / 'Editar dispositivo' (defaults, rules, texts)", () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(deviceFormModel, paths);
    expect({ states: c.states.missing, transitions: c.transitions.missing }).toEqual({ states: [], transitions: [] });
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const leave = vi.fn();
    const run = await runOnActor(path.machine, path, ['loadForm', 'saveRecord'], { leave }, deviceFormModel);
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
    expect(leave).toHaveBeenCalledTimes(run.snapshot.status === 'done' ? 1 : 0);
  });
});

describe('the type rules are guards: a field hidden by the type takes no value', () => {
  const editing = async (values: Record<string, unknown>) => {
    const actor = createActor(
      deviceForm.provide({
        actors: {
          loadForm: (await import('xstate')).fromPromise(async () => ({ ...loadedForAdding, values })) as never,
        },
      }),
      { input: { id: null } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    return actor;
  };
  it('a booth takes no zone, street, number nor parents', async () => {
    const actor = await editing({ name: 'Caseta', deviceType: 'BOOTH' });
    for (const [name, value] of [
      ['zone', { uuid: ZONE }],
      ['street', { uuid: ZONE }],
      ['number', '9'],
      ['parents', [{ uuid: ZONE }]],
    ] as const) {
      actor.send({ type: 'field.change', name, value });
    }
    expect(actor.getSnapshot().context.values).toMatchObject({ zone: null, street: null, number: '', parents: [] });
    actor.stop();
  });
  it('an OUT reader takes no parents; a BARRERA (ZONE) no street and no number', async () => {
    const actor = await editing({
      name: 'Salida',
      deviceType: 'SCANNER',
      scannerAccess: 'OUT',
      scannerPlace: 'BARRERA',
    });
    actor.send({ type: 'field.change', name: 'parents', value: [{ uuid: ZONE }] });
    actor.send({ type: 'field.change', name: 'street', value: { uuid: ZONE } });
    actor.send({ type: 'field.change', name: 'number', value: '4' });
    expect(actor.getSnapshot().context.values).toMatchObject({ parents: [], street: null, number: '' });
    actor.stop();
  });
});
