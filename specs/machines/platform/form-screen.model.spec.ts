import { describe, expect, it } from 'vitest';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { addressPagesModel } from './address-pages.model.js';
import { formScreenModel } from './form-screen.model.js';
import { guestFormModel } from '../massive-events/guest-form.model.js';
import { residentFormModel } from '../residents/resident-form.model.js';
import { registrationFormModel } from '../session/registration.model.js';
import { userModalModel } from '../users/user-modal.model.js';

const paths = generatePaths(formScreenModel);

describe('form machine, the one form skeleton (Agregar / Editar modals: load for edit, validate, submit, dialogs)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(formScreenModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(formScreenModel.machine, path, ['loadForm', 'saveRecord'], {}, formScreenModel);
    expect(run.seen).toEqual(path.states);
    const ctx = run.snapshot.context;
    expect(ctx).toEqual(path.final.context);
    // What is sent is the schema's output: trimmed values, never the invalid draft.
    for (const call of run.calls.filter((c) => c.src === 'saveRecord')) {
      expect(call.input).toEqual({
        id: path.inputName === 'edit' ? 'z1' : null,
        values: { name: expect.stringMatching(/^(Zona Sur|Zona Norte)$/) },
        logo: undefined,
        record: {},
      });
    }
    if (ctx.errors.name) expect(ctx.errors.name).toBe('Mínimo 3 caracteres');
    // A failed save keeps what the user typed.
    const failedAt = path.events.findIndex((e) => e.type === 'xstate.error.actor.save');
    if (failedAt >= 0) expect(ctx.values.name).not.toBe('');
    if (run.snapshot.status === 'done')
      expect(run.snapshot.output).toEqual({
        saved: path.events.some((e) => e.type === 'xstate.done.actor.save'),
        record: {},
      });
  });
});

describe('one form skeleton, configured six ways (catalogue modals, users modal, address pages, registration; the /guests guest form; the resident form and its parts)', () => {
  it('together the six configurations reach every state and transition of the skeleton', () => {
    const models = [
      formScreenModel,
      userModalModel,
      addressPagesModel,
      registrationFormModel,
      guestFormModel,
      residentFormModel,
    ];
    const missing = models.map((m) => coverage({ ...m, notHere: undefined }, generatePaths(m)));
    const everywhere = (key: 'states' | 'transitions') =>
      missing[0][key].missing.filter((id) => missing.every((c) => c[key].missing.includes(id)));
    expect(everywhere('states')).toEqual([]);
    expect(everywhere('transitions')).toEqual([]);
    // Six models' paths are generated again here: seconds of graph walking on a busy machine.
  }, 60_000);
});
