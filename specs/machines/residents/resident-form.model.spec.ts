import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { residentForm, residentFormModel } from './resident-form.model.js';

const paths = generatePaths(residentFormModel);

describe("/newResidents: 'Alta residente' / 'Editar residente' (reactivation, rules, calls, titles)", () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(residentFormModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it('a fifth phone cannot be added (up to 4 phones)', () => {
    const actor = createActor(residentForm, { input: { id: null } }).start();
    for (let i = 0; i < 5; i += 1) actor.send({ type: 'part.ask', name: 'phone.add' });
    expect(actor.getSnapshot().context.values.phones).toHaveLength(4);
    actor.stop();
  });

  it('the first phone cannot be removed while it is the only one (first phone required)', () => {
    const actor = createActor(residentForm, { input: { id: null } }).start();
    actor.send({ type: 'part.ask', name: 'phone.remove', index: 0 });
    expect(actor.getSnapshot().context.values.phones).toHaveLength(1);
    actor.stop();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const leave = vi.fn();
    const run = await runOnActor(path.machine, path, ['loadForm', 'saveRecord'], { leave }, residentFormModel);
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
    // Leaving goes back to /residents once.
    expect(leave).toHaveBeenCalledTimes(run.snapshot.status === 'done' ? 1 : 0);
  });
});
