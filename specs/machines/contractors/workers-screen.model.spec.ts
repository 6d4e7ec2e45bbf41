import { describe, expect, it } from 'vitest';
import { workersScreenMachine } from '../../../machines/contractors/workers-screen.machine.js';
import { coverage, generatePaths, runOnActor } from '../../support/model-paths.js';
import { workersScreenModel } from './workers-screen.model.js';

const paths = generatePaths(workersScreenModel);
type Path = (typeof paths)[number];
/** A path in QA's words: the events by type and the worker they touch (the loaded list is always Ana and Pepe). */
const short = (p: Path) =>
  [
    p.inputName,
    ...p.events.map((e) => {
      const { type, uuid, uuids, output } = e as {
        type: string;
        uuid?: string;
        uuids?: string[];
        output?: { changed?: boolean };
      };
      const what =
        uuid ??
        (uuids
          ? `[${uuids.length > 3 ? `${uuids.length}` : uuids.join(',')}]`
          : output && 'changed' in output
            ? String(output.changed)
            : '');
      return what ? `${type} ${what}` : type;
    }),
  ].join(' → ');
describe('workersScreen machine (modals and credential download, credentials only for approved, decisions reload the list)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(workersScreenModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [short(p), p] as const))('%s', async (_name, path) => {
    // The spec's rules (credentials only for approved, edit only for a worker not approved, a delete asked
    // first, decisions and pushed changes reload the list, the ticks) are the model's expectations per state.
    const run = await runOnActor(workersScreenMachine, path, workersScreenModel.run!.actors, {}, workersScreenModel);
    expect(run.seen).toEqual(path.states);
  });
});
