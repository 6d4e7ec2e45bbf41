import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { addressFormMachine } from '../../machines/address-form.machine.js';
import { base64Of, fileNameParts, logoProblem } from '../../src/shared/logo-rules.js';
import { coverage, deferred, describePath, generatePaths, type Deferred, type GeneratedPath } from '../support/model-paths.js';
import { addressFormModel, colonies01000, readPng } from './models/address-form.model.js';

const paths = generatePaths(addressFormModel);
const srcOfId: Record<string, string> = { load: 'loadForm', lookup: 'lookupAddresses', readLogo: 'readLogo', save: 'saveRecord' };

/**
 * Runs a path on a real actor. The postal-code lookup can be superseded while pending (a new
 * code typed): a settle event goes to the latest call of its actor, as the live one is.
 */
async function run(path: GeneratedPath) {
  const pending: { src: string; d: Deferred<unknown> }[] = [];
  const calls: { src: string; input: any }[] = [];
  const fake = (src: string) => fromPromise(async ({ input }) => {
    calls.push({ src, input });
    const d = deferred<unknown>();
    pending.push({ src, d });
    return d.promise;
  });
  const leave = vi.fn();
  const logLookupFailure = vi.fn();
  const actor = createActor(addressFormMachine.provide({
    actors: Object.fromEntries(Object.values(srcOfId).map((src) => [src, fake(src)])) as any,
    actions: { leave, logLookupFailure },
  }), { input: path.input as any }).start();
  const tick = () => new Promise((r) => setTimeout(r, 0));
  await tick();
  const seen = [JSON.stringify(actor.getSnapshot().value)];
  for (const event of path.events as AnyEventObject[]) {
    const id = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (id) {
      const src = srcOfId[id[2]];
      const index = pending.findLastIndex((p) => p.src === src);
      const [call] = pending.splice(index, 1);
      if (id[1] === 'done') call.d.resolve(event.output); else call.d.reject(event.error);
    } else actor.send(event as any);
    await tick();
    seen.push(JSON.stringify(actor.getSnapshot().value));
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { seen, snapshot, calls, leave, logLookupFailure };
}

describe('addressForm machine (spec 1 §2 integrator and community forms, §5 postal code, limits and messages, §8 dialogs)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(addressFormModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it('logo rules: jpeg or png only, base64 sent without its data: prefix', () => {
    expect(logoProblem({ type: 'image/gif', size: 10 })).toBe('El logo debe ser una imagen JPEG o PNG.');
    expect(logoProblem({ type: 'image/jpeg', size: 3 * 1024 * 1024 })).toBe('El logo no debe pesar más de 2 MB.');
    expect(logoProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(base64Of(readPng.preview)).toBe('iVBORw0KGgo=');
    expect(fileNameParts('Mi Logo.PNG')).toEqual({ name: 'Mi Logo', extension: 'png' });
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const r = await run(path);
    expect(r.seen).toEqual(path.states);
    const ctx = r.snapshot.context;
    expect({ ...ctx, schema: null }).toEqual({ ...path.final.context, schema: null });
    // The lookup runs once the code has exactly 5 digits, with that code.
    for (const call of r.calls.filter((c) => c.src === 'lookupAddresses')) expect(call.input).toEqual({ cp: '01000' });
    const lookups = path.events.filter((e) => e.type === 'field.change' && e.name === 'cp' && e.value === '01000').length
      + (path.inputName === 'community edit' && path.events[0]?.type === 'xstate.done.actor.load' ? 1 : 0);
    expect(r.calls.filter((c) => c.src === 'lookupAddresses').length).toBe(lookups);
    // The first result fills state and city; all results are the colony options.
    const lastLookupDone = path.events.findLastIndex((e) => e.type === 'xstate.done.actor.lookup');
    const lastCp = path.events.findLastIndex((e) => e.type === 'field.change' && e.name === 'cp');
    if (lastLookupDone > lastCp) {
      expect(ctx.colonies).toEqual(colonies01000);
      expect({ city: ctx.values.city, state: ctx.values.state }).toEqual({ city: 'Álvaro Obregón', state: 'Ciudad de México' });
    }
    if (lastCp >= 0 && lastCp > lastLookupDone && path.events[lastCp].value !== '01000') {
      expect({ colonies: ctx.colonies, city: ctx.values.city, idAddress: ctx.values.idAddress }).toEqual({ colonies: [], city: '', idAddress: '' });
    }
    // A lookup failure is only logged.
    expect(r.logLookupFailure).toHaveBeenCalledTimes(path.events.filter((e) => e.type === 'xstate.error.actor.lookup').length);
    // What is saved is the schema's output plus the logo change: new file, removal (null) or none (undefined).
    for (const call of r.calls.filter((c) => c.src === 'saveRecord')) {
      expect(call.input.id).toBe(path.inputName === 'community edit' ? 'c1' : null);
      if (path.inputName === 'integrator add') expect(call.input.values).toMatchObject({ cp: '01000', idAddress: 2, licenses: 25, intNumber: null });
      else expect(call.input.values).toMatchObject({ cp: '01000', idUser: 7, idAddress: expect.any(Number) });
      const picked = path.events.some((e) => e.type === 'xstate.done.actor.readLogo');
      const removed = path.events.some((e) => e.type === 'logo.remove');
      const expected = picked && path.events.findLastIndex((e) => e.type === 'xstate.done.actor.readLogo') > path.events.findLastIndex((e) => e.type === 'logo.remove')
        ? readPng.file : removed && path.inputName === 'community edit' ? null : undefined;
      expect(call.input.logo).toEqual(expected);
    }
    // Invalid submit marks the fields with the spec's messages; the server's field errors land on the form.
    if (r.snapshot.value === 'invalid' && path.inputName === 'integrator add' && ctx.values.cp === '') {
      expect(ctx.errors).toMatchObject({ cp: 'Por favor, introduce el código postal', idAddress: 'Por favor, selecciona una colonia' });
    }
    if (r.snapshot.value === 'failed' && path.inputName === 'integrator add') expect(ctx.errors).toEqual({ email: 'El correo ya existe' });
    if (r.snapshot.value === 'failed') expect(ctx.serverError).toMatch(/El correo ya existe|superan las disponibles/);
    // A gif is refused at once with the spec's rule; a file that cannot be read says so.
    const lastLogo = path.events.filter((e) => e.type.includes('logo') || e.type.includes('readLogo')).at(-1);
    if (lastLogo?.type === 'logo.pick' && lastLogo.file.type === 'image/gif') expect(ctx.errors.logo).toBe('El logo debe ser una imagen JPEG o PNG.');
    if (lastLogo?.type === 'xstate.error.actor.readLogo') expect(ctx.errors.logo).toBe('No fue posible leer el archivo.');
    if (lastLogo?.type === 'xstate.done.actor.readLogo') expect([ctx.errors.logo, ctx.logo.preview]).toEqual([undefined, readPng.preview]);
    // Leaving (cancel, success, failed load) goes back to the list once.
    expect(r.leave).toHaveBeenCalledTimes(r.snapshot.status === 'done' ? 1 : 0);
    if (r.snapshot.status === 'done') expect(r.snapshot.output).toEqual({ saved: path.events.some((e) => e.type === 'xstate.done.actor.save') });
  });
});
