import { describe, expect, it } from 'vitest';
import { listScreenMachine } from '../../machines/list-screen.machine.js';
import { coverage, describePath, generatePaths, runOnActor } from '../support/model-paths.js';
import { listScreenModel } from './models/list-screen.model.js';

const paths = generatePaths(listScreenModel);

describe('listScreen machine (issue 3 list pattern: load, search, page, select, confirm-delete, reload)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(listScreenModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    // The spec's expectations of every state reached are checked at each step (models/list-screen.model.ts).
    const run = await runOnActor(listScreenMachine, path, ['loadPage', 'deleteRow', 'form', 'rowAction'], {}, listScreenModel);
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
    // Searching always restarts at page 1 with the trimmed term; paging keeps the search.
    for (const [i, call] of run.calls.entries()) {
      if (call.src !== 'loadPage') continue;
      const input = call.input as { page: number; size: number; search: string };
      expect(input.size).toBe(15);
      const trigger = path.events.filter((e) => !e.type.startsWith('xstate.'))[0];
      if (i === 0) expect(input).toEqual({ page: 0, size: 15, search: '' });
      if (trigger && input.search !== '') expect(input.search).toBe('nor');
    }
    const deletes = run.calls.filter((c) => c.src === 'deleteRow');
    for (const d of deletes) expect(d.input).toEqual({ row: { uuid: 'a', name: 'Puerta Norte' } });
    if (run.snapshot.value === 'deleted') expect(run.snapshot.context.notice).toBe('Puerta Norte se eliminó correctamente.');
    if (run.snapshot.value === 'deleteFailed') expect(run.snapshot.context.error).toBe('La zona tiene calles.');
  });
});
