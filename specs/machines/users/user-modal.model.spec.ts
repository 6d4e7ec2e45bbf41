import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { postalCodeLookupMachine } from '../../../machines/platform/postal-code-lookup.machine.js';
import { coverage, deferred, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { colonies, integratorUserModal, userModalModel } from './user-modal.model.js';

const paths = generatePaths(userModalModel);

describe('users modal: the form skeleton with the users rules and an address (Usuarios)', () => {
  it('every state and transition it can take is reached by a generated path', () => {
    const c = coverage(userModalModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(userModalModel.machine, path, ['loadForm', 'saveRecord'], {}, userModalModel);
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
  });

  it('with the real lookup child: a code overtaken by another is dropped, only the last code fills the colonies', async () => {
    const lookups = new Map<string, ReturnType<typeof deferred<typeof colonies>>>();
    const actor = createActor(
      integratorUserModal.provide({
        actors: {
          postalCodeLookup: postalCodeLookupMachine.provide({
            actors: {
              lookupAddresses: fromPromise(({ input }) => {
                const d = deferred<typeof colonies>();
                lookups.set(input.cp, d);
                return d.promise;
              }),
            },
          }),
        },
      }),
      { input: { id: null, row: null } },
    );
    actor.start();
    actor.send({ type: 'field.change', name: 'cp', value: '01000' });
    actor.send({ type: 'field.change', name: 'cp', value: '76090' });
    lookups.get('01000')!.resolve(colonies);
    lookups
      .get('76090')!
      .resolve([{ idAddress: 30, uuid: 'a-30', colony: 'Centro', state: 'Querétaro', location: 'Querétaro' }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.colonies.map((a) => a.colony)).toEqual(['Centro']);
    expect(actor.getSnapshot().context.values).toMatchObject({ cp: '76090', city: 'Querétaro', state: 'Querétaro' });
    expect(actor.getSnapshot().context.lookingUp).toBe(false);
    // Deleting a digit while a lookup runs stops it and clears the place.
    actor.send({ type: 'field.change', name: 'cp', value: '01000' });
    actor.send({ type: 'field.change', name: 'cp', value: '0100' });
    lookups.get('01000')!.resolve(colonies);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context).toMatchObject({ colonies: [], lookingUp: false });
    expect(actor.getSnapshot().context.values).toMatchObject({ city: '', state: '', idAddress: '' });
    actor.stop();
  });
});
