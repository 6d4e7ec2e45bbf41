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
type Run = Awaited<ReturnType<typeof runOnActor>>;

/** Edit goes to ./createWorker?token={id}, only for a worker not approved; a delete is confirmed, then the list loads again. */
function editAndDeleteOracles(path: Path, run: Run, edits: string[]) {
  const last = path.events.at(-1)!;
  const ctx = run.snapshot.context;
  const end = path.states.at(-1);
  if (last.type === 'worker.edit') {
    if (last.uuid === 'a')
      expect([ctx.notice, edits]).toEqual(['Solo se puedan editar trabajadores que no han sido aprobados.', []]);
    else expect([ctx.notice, edits]).toEqual([null, ['p']]);
  }
  const deletes = run.calls.filter((c) => c.src === 'deleteWorker');
  // Nothing is deleted before the confirmation, and a cancelled one deletes nothing.
  if (!path.events.some((e) => e.type === 'delete.confirm')) expect(deletes).toEqual([]);
  if (last.type === 'delete.cancel') expect([end, ctx.deleting]).toEqual(['"ready"', null]);
  if (last.type === 'delete.confirm') expect(deletes.at(-1)!.input).toEqual({ uuid: 'p' });
  if (last.type === 'xstate.done.actor.deleteWorker') expect(end).toBe('"deleted"');
  if (last.type === 'xstate.error.actor.deleteWorker')
    expect([end, ctx.error]).toEqual(['"deleteFailed"', 'El trabajador no existe.']);
  const before = path.events.at(-2);
  // After 'Trabajador eliminado correctamente' the list is read again; after a failure it stays.
  if (last.type === 'dialog.close' && before?.type === 'xstate.done.actor.deleteWorker') expect(end).toBe('"loading"');
  if (last.type === 'dialog.close' && before?.type === 'xstate.error.actor.deleteWorker')
    expect([end, ctx.error]).toEqual(['"ready"', null]);
}

/**
 * 'Seleccionar todos' and the cards' ticks feed 'Descargar credenciales': only
 * approved workers' credentials; nothing ticked asks to select one.
 */
function selectionOracles(path: Path, run: Run) {
  const ticked = new Set<string>();
  let confirmed: string | undefined;
  for (const e of path.events as { type: string; uuid?: string; uuids?: string[] }[]) {
    if (e.type === 'worker.delete') confirmed = e.uuid;
    // A deleted worker is no longer ticked.
    if (e.type === 'xstate.done.actor.deleteWorker') ticked.delete(confirmed!);
    if (e.type === 'select.toggle') {
      if (ticked.has(e.uuid!)) ticked.delete(e.uuid!);
      else ticked.add(e.uuid!);
    }
    if (e.type === 'select.all') {
      if (e.uuids!.every((u) => ticked.has(u))) {
        for (const u of e.uuids!) ticked.delete(u);
      } else {
        for (const u of e.uuids!) ticked.add(u);
      }
    }
  }
  const ctx = run.snapshot.context;
  const reloaded = path.events.some((e) => e.type === 'xstate.done.actor.loadWorkers' && path.events.indexOf(e) > 0);
  if (!reloaded) expect([...ctx.selected].sort()).toEqual([...ticked].sort());
  if (path.events.at(-1)?.type !== 'selection.download') return;
  if (ticked.size > 100)
    expect([ctx.notice, path.states.at(-1)]).toEqual([
      'Puedes descargar hasta 100 credenciales por solicitud.',
      '"ready"',
    ]);
  else if (ticked.size === 0)
    expect(ctx.notice).toBe('Para realizar esta acción, asegúrate de seleccionar un trabajador');
  else if (!ticked.has('a'))
    expect(ctx.notice).toBe('Solo es posible visualizar credenciales de trabajadores aprobados.');
  else {
    expect(path.states.at(-1)).toBe('"downloading"');
    expect(run.calls.filter((c) => c.src === 'credentialDownload').at(-1)!.input).toEqual({
      target: { kind: 'workers', uuids: ['a'] },
    });
  }
}

describe('workersScreen machine (modals and credential download, credentials only for approved, decisions reload the list)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(workersScreenModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [short(p), p] as const))('%s', async (_name, path) => {
    const edits: string[] = [];
    const run = await runOnActor(
      workersScreenMachine,
      path,
      ['loadWorkers', 'approval', 'credentialDownload', 'deleteWorker'],
      {
        openEdit: (_: unknown, params: { uuid: string }) => {
          edits.push(params.uuid);
        },
      },
      workersScreenModel,
    );
    expect(run.seen).toEqual(path.states);
    const last = path.events.at(-1);
    const ctx = run.snapshot.context;
    // A pending worker's credential is refused with its message; an approved one's preview opens.
    if (last?.type === 'credential.open') {
      if (last.uuid === 'p')
        expect([ctx.notice, ctx.modal]).toEqual([
          'Solo es posible visualizar credenciales de trabajadores aprobados.',
          null,
        ]);
      else expect([ctx.notice, ctx.modal, ctx.shown]).toEqual([null, 'credential', 'a']);
    }
    // Credentials only for approved workers; an approved worker's download draws its credential (workerLicense).
    if (last?.type === 'credentials.download') {
      if (last.uuids.length > 100)
        expect([ctx.notice, path.states.at(-1)]).toEqual([
          'Puedes descargar hasta 100 credenciales por solicitud.',
          '"ready"',
        ]);
      else if (last.uuids.includes('p'))
        expect([ctx.notice, path.states.at(-1)]).toEqual([
          'Solo es posible visualizar credenciales de trabajadores aprobados.',
          '"ready"',
        ]);
      else {
        expect(path.states.at(-1)).toBe('"downloading"');
        expect(run.calls.filter((c) => c.src === 'credentialDownload').at(-1)!.input).toEqual({
          target: { kind: 'workers', uuids: ['a'] },
        });
      }
    }
    // The decision is started on the pressed worker with the pressed action.
    if (last?.type === 'approve' || last?.type === 'reject') {
      const call = run.calls.filter((c) => c.src === 'approval').at(-1)!;
      expect(call.input).toEqual({
        bulk: false,
        action: last.type,
        workers: [{ uuid: 'p', name: 'Pepe Prueba', status: 'Pendiente' }],
      });
    }
    // A decision that changed something, or a pushed change, asks the list again.
    if (last?.type === 'xstate.done.actor.approval')
      expect(path.states.at(-1)).toBe(last.output.changed ? '"loading"' : '"ready"');
    if (last?.type === 'live.changed') expect(path.states.at(-1)).toBe('"loading"');
    editAndDeleteOracles(path, run, edits);
    selectionOracles(path, run);
  });
});
