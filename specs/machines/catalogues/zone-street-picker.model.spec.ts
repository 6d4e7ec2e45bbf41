import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { zoneStreetPickerMachine } from '../../../machines/catalogues/zone-street-picker.machine.js';
import {
  checkExpectations,
  coverage,
  deferred,
  describePath,
  generatePaths,
  type Deferred,
  type GeneratedPath,
} from '../../support/model-paths.js';
import { pickerZones, zoneStreetPickerModel } from './zone-street-picker.model.js';

const paths = generatePaths(zoneStreetPickerModel);
const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * Like `runOnActor`, but a street load the machine abandoned (another zone chosen while it ran)
 * leaves the queue: the path's done/error event settles the load that is still running.
 */
async function runPicker(path: GeneratedPath) {
  const pending: { src: string; call: { outcome?: string }; d: Deferred<unknown> }[] = [];
  const calls: { src: string; input: unknown; outcome?: string }[] = [];
  const fake = (src: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: one fake stands for three actors of different input and output
    fromPromise<any, any>(({ input, signal }) => {
      const call = { src, input } as (typeof calls)[number];
      calls.push(call);
      const entry = { src, call, d: deferred<unknown>() };
      pending.push(entry);
      signal.addEventListener('abort', () => pending.splice(pending.indexOf(entry), 1));
      return entry.d.promise;
    });
  const actor = createActor(
    zoneStreetPickerMachine.provide({ actors: { loadZones: fake('loadZones'), loadStreets: fake('loadStreets') } }),
    { input: path.input as { withStreets: boolean; idZone: number | null } },
  );
  actor.start();
  await tick();
  const seen = [JSON.stringify(actor.getSnapshot().value)];
  const check = (step: number) =>
    checkExpectations(zoneStreetPickerModel, seen[step], 'actor', {
      snapshot: actor.getSnapshot(),
      calls,
      events: path.events.slice(0, step),
      step,
    });
  await check(0);
  for (const [i, event] of (path.events as AnyEventObject[]).entries()) {
    if (event.type.startsWith('xstate.')) {
      const entry = pending.shift();
      if (!entry) throw new Error(`no load pending for ${event.type}`);
      const done = event.type.startsWith('xstate.done.actor.');
      entry.call.outcome = done ? 'done' : 'error';
      if (done) entry.d.resolve(event.output);
      else entry.d.reject(event.error);
    } else actor.send(event as never);
    await tick();
    seen.push(JSON.stringify(actor.getSnapshot().value));
    await check(i + 1);
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { seen, snapshot, calls };
}

describe('zoneStreetPicker machine (choosing a zone loads its streets)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(zoneStreetPickerModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runPicker(path);
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
    const input = path.input as { withStreets: boolean };
    // Streets are asked for by the uuid of the zone chosen last, and never by the street form.
    const streetCalls = run.calls.filter((c) => c.src === 'loadStreets');
    if (!input.withStreets) expect(streetCalls).toEqual([]);
    for (const call of streetCalls)
      expect(pickerZones.map((z) => z.uuid)).toContain((call.input as { zoneUuid: string }).zoneUuid);
    if (run.snapshot.value === 'ready' && run.snapshot.context.zoneUuid === '')
      expect(run.snapshot.context.streets).toEqual([]);
  });

  it('editing a common area loads the streets of the zone it hangs on as soon as the zones arrive', async () => {
    const path = paths.find(
      (p) => p.inputName === 'common area edit' && p.events[0]?.type === 'xstate.done.actor.zones',
    )!;
    const run = await runPicker(path);
    expect(run.calls[1]).toMatchObject({ src: 'loadStreets', input: { zoneUuid: pickerZones[1].uuid } });
  });
});
