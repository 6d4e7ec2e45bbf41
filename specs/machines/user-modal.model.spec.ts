import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { userModalMachine } from '../../machines/user-modal.machine.js';
import { UserMessages } from '../../src/shared/schemas/user.schema.js';
import { coverage, deferred, describePath, generatePaths, runOnActor } from '../support/model-paths.js';
import { integratorUserModal, colonies, typedAdministrator, userModalModel } from './models/user-modal.model.js';
import { userFormSchemaFor } from '../../src/shared/user-form.js';

const paths = generatePaths(userModalModel);

describe('userModal machine (spec 1 §5 users form: type, rules, postal-code lookup, save, dialogs)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(userModalModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(userModalModel.machine, path, ['loadRecord', 'lookupAddresses', 'saveRecord']);
    expect(run.seen).toEqual(path.states);
    const ctx = run.snapshot.context;
    expect(ctx).toEqual(path.final.context);

    // The lookup asks for the 5-digit postal code only; the first colony fills city and state.
    for (const call of run.calls.filter((c) => c.src === 'lookupAddresses')) expect(call.input).toEqual({ cp: '01000' });
    if (ctx.addresses.length) expect([ctx.values.city, ctx.values.state]).toEqual([colonies[0].location, colonies[0].state]);
    else expect([ctx.values.city, ctx.values.state]).toEqual(['', '']);

    // What is sent is the route's payload: an administrator with the address, no guard code.
    for (const call of run.calls.filter((c) => c.src === 'saveRecord')) {
      expect(call.input).toEqual({
        id: path.inputName === 'edit' ? 'u1' : null,
        values: expect.objectContaining({
          idUsersTypes: 4, email: 'laura@porton.mx', vigilantCode: null, firstName: 'Laura', lastName: 'Pérez Gómez',
          cp: '01000', idAddress: 11, street: 'Av. Revolución', extNumber: '1500', intNumber: null, useApp: false, phoneNumber: null,
        }),
      });
    }
    if (ctx.errors.cp) expect(ctx.errors.cp).toBe(UserMessages.cp);
    if (ctx.errors.idAddress) expect(ctx.errors.idAddress).toBe(UserMessages.colony);
    // A failed save keeps what the user typed.
    if (run.snapshot.value === 'failed') expect(ctx.values.firstName).toBe('Laura');
    if (run.snapshot.status === 'done') expect(run.snapshot.output).toEqual({ saved: path.events.some((e) => e.type === 'xstate.done.actor.save') });
  });

  it('a lookup overtaken by another postal code is dropped: only the last code fills the colonies', async () => {
    const lookups = new Map<string, ReturnType<typeof deferred<typeof colonies>>>();
    const actor = createActor(integratorUserModal.provide({
      actors: { lookupAddresses: fromPromise(({ input }) => { const d = deferred<typeof colonies>(); lookups.set(input.cp, d); return d.promise; }) },
    }), { input: { id: null, row: null } });
    actor.start();
    actor.send({ type: 'field.change', name: 'cp', value: '01000' });
    actor.send({ type: 'field.change', name: 'cp', value: '76090' });
    lookups.get('01000')!.resolve(colonies);
    lookups.get('76090')!.resolve([{ idAddress: 30, uuid: 'a-30', colony: 'Centro', state: 'Querétaro', location: 'Querétaro' }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.addresses.map((a) => a.colony)).toEqual(['Centro']);
    expect(actor.getSnapshot().context.values).toMatchObject({ cp: '76090', city: 'Querétaro', state: 'Querétaro' });
    // Deleting a digit while a lookup runs stops it and clears the place.
    actor.send({ type: 'field.change', name: 'cp', value: '01000' });
    actor.send({ type: 'field.change', name: 'cp', value: '0100' });
    lookups.get('01000')!.resolve(colonies);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toEqual({ editing: 'idle' });
    expect(actor.getSnapshot().context.addresses).toEqual([]);
    expect(actor.getSnapshot().context.values).toMatchObject({ city: '', state: '', idAddress: '' });
    actor.stop();
  });
});
