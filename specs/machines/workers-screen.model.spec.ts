import { describe, expect, it } from 'vitest';
import { workersScreenMachine } from '../../machines/workers-screen.machine.js';
import { coverage, describePath, generatePaths, runOnActor } from '../support/model-paths.js';
import { workersScreenModel } from './models/workers-screen.model.js';

const paths = generatePaths(workersScreenModel);

describe('workersScreen machine (spec 2 §2.6 modals and credential download, §4.3 credentials only for approved, decisions reload the list)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(workersScreenModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(workersScreenMachine, path, ['loadWorkers', 'approval', 'credentialDownload'], {}, workersScreenModel);
    expect(run.seen).toEqual(path.states);
    const last = path.events.at(-1);
    const ctx = run.snapshot.context;
    // §4.3: a pending worker's credential is refused with §8's message; an approved one's preview opens.
    if (last?.type === 'credential.open') {
      if (last.uuid === 'p') expect([ctx.notice, ctx.modal]).toEqual(['Solo es posible visualizar credenciales de trabajadores aprobados.', null]);
      else expect([ctx.notice, ctx.modal, ctx.shown]).toEqual([null, 'credential', 'a']);
    }
    // §4.3: credentials only for approved workers; an approved worker's download draws its credential (workerLicense).
    if (last?.type === 'credentials.download') {
      if (last.uuids.length > 100) expect([ctx.notice, path.states.at(-1)]).toEqual(['Puedes descargar hasta 100 credenciales por solicitud.', '"ready"']);
      else if (last.uuids.includes('p')) expect([ctx.notice, path.states.at(-1)]).toEqual(['Solo es posible visualizar credenciales de trabajadores aprobados.', '"ready"']);
      else {
        expect(path.states.at(-1)).toBe('"downloading"');
        expect(run.calls.filter((c) => c.src === 'credentialDownload').at(-1)!.input).toEqual({ target: { kind: 'workers', uuids: ['a'] } });
      }
    }
    // The decision is started on the pressed worker with the pressed action.
    if (last?.type === 'approve' || last?.type === 'reject') {
      const call = run.calls.filter((c) => c.src === 'approval').at(-1)!;
      expect(call.input).toEqual({ bulk: false, action: last.type, workers: [{ uuid: 'p', name: 'Pepe Prueba', status: 'Pendiente' }] });
    }
    // A decision that changed something, or a pushed change, asks the list again.
    if (last?.type === 'xstate.done.actor.approval') expect(path.states.at(-1)).toBe(last.output.changed ? '"loading"' : '"ready"');
    if (last?.type === 'live.changed') expect(path.states.at(-1)).toBe('"loading"');
  });
});
