import { describe, expect, it } from 'vitest';
import {
  approvalDialog,
  workerApprovalMachine,
  type WorkerApprovalInput,
} from '../../../machines/contractors/worker-approval.machine.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { GOOD_REASON, specSays, workerApprovalModel } from './worker-approval.model.js';

const paths = generatePaths(workerApprovalModel);

describe('workerApproval machine (approval rules, messages, approve all / reject all)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(workerApprovalModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const input = path.input as WorkerApprovalInput;
    const said = specSays(input);
    const run = await runOnActor(
      workerApprovalMachine,
      path,
      ['approveWorker', 'rejectWorker'],
      {},
      workerApprovalModel,
    );
    expect(run.seen).toEqual(path.states);
    const decisionCalls = run.calls.filter((c) => c.src === 'approveWorker' || c.src === 'rejectWorker');
    // Only workers the rule allows are ever sent, each once, in order, and with the action pressed.
    expect(decisionCalls.map((c) => (c.input as { uuid: string }).uuid)).toEqual(
      said.targets.slice(0, decisionCalls.length),
    );
    expect(decisionCalls.every((c) => c.src === (input.action === 'approve' ? 'approveWorker' : 'rejectWorker'))).toBe(
      true,
    );
    if (said.refusal) expect(path.states).toContain('"refused"');
    if (said.noPending) expect(path.states).toContain('"noPending"');
    for (const [i, state] of path.states.entries()) {
      const context = path.contexts[i];
      const dialog = approvalDialog(JSON.parse(state), context);
      if (state === '"refused"')
        expect(dialog).toEqual({ title: 'No se puede realizar la siguiente acción', text: said.refusal });
      if (state === '"noPending"') expect(dialog?.text).toBe('No hay solicitudes pendientes');
      if (state === '"decided"') {
        const titles = input.bulk
          ? { approve: '¡Solicitudes aceptadas correctamente!', reject: '¡Solicitudes rechazadas correctamente!' }
          : { approve: '¡Solicitud Aprobada!', reject: '¡Solicitud rechazada!' };
        expect(dialog?.title).toBe(titles[input.action]);
      }
      if (state === '"failed"' || state === '"partial"') expect(dialog?.title).toBe('Solicitud no completada');
      if (state === '"partial"') expect(dialog?.text).toContain('Solamente puedes aprobar solicitudes pendientes.');
    }
    // A rejection is sent only with a non-blank reason (reject with a reason).
    for (const call of decisionCalls.filter((c) => c.src === 'rejectWorker'))
      expect((call.input as { reason: string }).reason).toBe(GOOD_REASON);
    if (path.states.at(-1) === '"closed"') {
      const changed = decisionCalls.some((c) => c.outcome === 'done');
      expect(run.snapshot.output).toEqual({ changed });
    }
  });

  it('a blank or too long reason sends nothing and says why', async () => {
    const blank = paths.find(
      (p) =>
        p.events.some((e) => e.type === 'reason.change' && e.value === '   ') &&
        p.events.at(-1)?.type === 'reason.submit',
    );
    expect(blank, 'a path submits a blank reason').toBeDefined();
    expect(blank!.final.context.reasonError).toBe('Escribe el motivo del rechazo.');
    expect(blank!.states.at(-1)).toBe('"askingReason"');
  });
});
