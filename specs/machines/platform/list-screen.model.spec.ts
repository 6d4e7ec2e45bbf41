import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { listScreenMachine, type ListMemory } from '../../../machines/platform/list-screen.machine.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { listScreenModel, pageOf } from './list-screen.model.js';

const paths = generatePaths(listScreenModel);

describe('listScreen machine (list pattern: load, search, page, select, confirm-delete, reload)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(listScreenModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    // The spec's expectations of every state reached are checked at each step (models/list-screen.model.ts).
    const run = await runOnActor(
      listScreenMachine,
      path,
      ['loadPage', 'deleteRow', 'form', 'rowAction'],
      {},
      listScreenModel,
    );
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
    if (run.snapshot.value === 'deleted')
      expect(run.snapshot.context.notice).toBe('Puerta Norte se eliminó correctamente.');
    if (run.snapshot.value === 'deleteFailed') expect(run.snapshot.context.error).toBe('La zona tiene calles.');
  });
});

describe('listScreen remembers where it stood and gives each row its own child (Residents)', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const rows = [
    { uuid: 'a', name: 'Ana' },
    { uuid: 'b', name: 'Beto' },
  ];

  it('page number and search text kept from the last visit are asked again, with the filter, and kept after each answer', async () => {
    const asked: unknown[] = [];
    const kept: ListMemory[] = [];
    const actor = createActor(
      listScreenMachine.provide({
        actors: {
          loadPage: fromPromise(async ({ input }: { input: { page: number } }) => {
            asked.push(input);
            return pageOf(input.page, rows, 40);
          }) as never,
        },
        actions: {
          remember: (_, memory) => {
            kept.push(memory);
          },
        },
      }),
      { input: { restore: { page: 2, search: 'ana', filters: { useApp: true } }, filters: { useApp: false } } },
    );
    actor.start();
    await settle();
    expect(asked).toEqual([{ page: 2, size: 15, search: 'ana', useApp: true }]);
    expect(actor.getSnapshot().context.searchDraft).toBe('ana');
    expect(kept).toEqual([{ page: 2, search: 'ana', filters: { useApp: true } }]);
    // Unchecking the filter asks page 1 with the same search; what is kept follows.
    actor.send({ type: 'filter.change', name: 'useApp', value: false });
    await settle();
    expect(asked.at(-1)).toEqual({ page: 0, size: 15, search: 'ana', useApp: false });
    expect(kept.at(-1)).toEqual({ page: 0, search: 'ana', filters: { useApp: false } });
    actor.stop();
  });

  it('without a kept place the list starts at page 1 with no search', async () => {
    const asked: unknown[] = [];
    const actor = createActor(
      listScreenMachine.provide({
        actors: {
          loadPage: fromPromise(async ({ input }) => {
            asked.push(input);
            return pageOf(0, rows);
          }) as never,
        },
      }),
      { input: { restore: null, filters: { useApp: false } } },
    );
    actor.start();
    await settle();
    expect(asked).toEqual([{ page: 0, size: 15, search: '', useApp: false }]);
    actor.stop();
  });

  it('each shown row has a child of its own, replaced when another page is shown', async () => {
    const started: string[] = [];
    const stopped: string[] = [];
    const answers = [pageOf(0, rows, 20), pageOf(1, [{ uuid: 'c', name: 'Carla' }], 20)];
    const actor = createActor(
      listScreenMachine.provide({
        actors: {
          loadPage: fromPromise(async () => answers.shift()!) as never,
          rowChild: fromCallback(({ input }: { input: { row: { uuid: string } } }) => {
            started.push(input.row.uuid);
            return () => {
              stopped.push(input.row.uuid);
            };
          }) as never,
        },
      }),
      { input: { rowChildren: true } },
    );
    actor.start();
    await settle();
    expect(
      Object.keys(actor.getSnapshot().children)
        .filter((id) => id.startsWith('row:'))
        .sort(),
    ).toEqual(['row:a', 'row:b']);
    actor.send({ type: 'page.go', page: 1 });
    await settle();
    expect(Object.keys(actor.getSnapshot().children).filter((id) => id.startsWith('row:'))).toEqual(['row:c']);
    expect(started).toEqual(['a', 'b', 'c']);
    expect(stopped.sort()).toEqual(['a', 'b']);
    actor.stop();
  });
});
