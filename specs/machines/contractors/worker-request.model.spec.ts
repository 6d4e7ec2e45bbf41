import { describe, expect, it } from 'vitest';
import { workerRequestMachine } from '../../../machines/contractors/worker-request.machine.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import {
  EDIT_CONFLICT,
  requestPayload,
  SITE,
  storedId,
  storedPhoto,
  storedProof,
  workerRequestModel,
} from './worker-request.model.js';

const paths = generatePaths(workerRequestModel);

/*
 * A contractor's new worker becomes a pending request; the site's status is
 * 'Solicitud aprobada' when all are approved, 'Solicitud rechazada' when any is rejected, else
 * 'Solicitud pendiente'. Decisions about another site's workers change nothing here.
 */
function statusSaid(events: { type: string; uuid?: string; status?: string }[]) {
  let status = 'Pendiente';
  let sent = false;
  for (const e of events) {
    if (e.type === 'upload.done') {
      sent = true;
      status = 'Pendiente';
    }
    if (e.type === 'request.again') sent = false;
    if (e.type === 'worker.decided' && sent && e.uuid === 'w1') status = e.status!;
  }
  if (!sent) return null;
  return status === 'Rechazado' ? 'rejected' : status === 'Aprobado' ? 'approved' : 'pending';
}

type Run = Awaited<ReturnType<typeof runOnActor>>;
/** 'Editar trabajador': only a worker not approved is edited, a contractor cannot edit, unchanged files go back as {uuid}. */
function editOracles(path: (typeof paths)[number], run: Run, last: string, left: number) {
  const input = path.input as { token?: string; administrator?: boolean } | undefined;
  const loaded = path.events.find((e) => e.type === 'xstate.done.actor.loadWorker') as
    | { output: { status: string } }
    | undefined;
  const ctx = run.snapshot.context;
  if (!input?.token) {
    expect(run.calls.some((c) => c.src === 'loadWorker')).toBe(false);
    return;
  }
  if (!input.administrator) {
    // A contractor never reads the worker to edit it: the form refuses at once.
    expect(run.calls.some((c) => c.src === 'loadWorker')).toBe(false);
    expect(path.states[0]).toBe('"refused"');
    return;
  }
  expect(run.calls.find((c) => c.src === 'loadWorker')?.input).toEqual({ uuid: input.token });
  if (loaded?.output.status === 'Aprobado') {
    expect([path.states[1], ctx.error]).toEqual([
      '"refused"',
      'Solo se puedan editar trabajadores que no han sido aprobados.',
    ]);
  }
  if (loaded?.output.status === 'Rechazado' && path.states[1] === '"filling"') {
    // The form opens with the worker's own values.
    expect(path.contexts[1]!.values).toEqual({ firstName: 'Rita', lastName: 'Rojas', construction: SITE });
  }
  if (last === '"uploading"' && path.events.at(-1)?.type === 'form.submit') {
    // Unchanged files go back as {uuid}; nothing else of the stored file is sent.
    expect(ctx.payload.workers[0]).toMatchObject({
      firstName: 'Rita',
      photo: { uuid: storedPhoto.uuid },
      identification: { uuid: storedId.uuid },
      proofOfAddress: { uuid: storedProof.uuid },
    });
    for (const slot of ['photo', 'identification', 'proofOfAddress'])
      expect(Object.keys(ctx.payload.workers[0][slot])).toEqual(['uuid']);
  }
  const lastEvent = path.events.at(-1) as { type: string; status?: number } | undefined;
  if (lastEvent?.type === 'upload.failed' && lastEvent.status === 409)
    expect([last, ctx.error]).toEqual(['"refused"', EDIT_CONFLICT]);
  if (lastEvent?.type === 'upload.failed' && !lastEvent.status) expect(last).toBe('"failed"');
  // Saved ('¡Trabajador actualizado exitosamente!') or refused: closing the dialog returns to /workers, once.
  if (last === '"closed"') expect(left).toBe(1);
  else expect(left).toBe(0);
}

describe('workerRequest machine (a contractor requests, then watches the decision live)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(workerRequestModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let left = 0;
    const run = await runOnActor(
      workerRequestMachine,
      path,
      ['loadWorker', 'readDocument'],
      {
        leave: () => {
          left += 1;
        },
      },
      workerRequestModel,
    );
    expect(run.seen).toEqual(path.states);
    const last = path.states.at(-1)!;
    const said = statusSaid(path.events as never);
    if (last.startsWith('{"watching"')) expect(last).toBe(JSON.stringify({ watching: said }));
    // The upload child is started with exactly what was submitted, once per submit.
    const uploads = run.calls.filter((c) => c.src === 'sendRequest');
    expect(uploads.length).toBeLessThanOrEqual(path.events.filter((e) => e.type === 'submit').length);
    if (last === '"submitted"') expect(run.snapshot.context.progress).toBe(100);
    editOracles(path, run, last, left);
    if (last === '"failed"' && !path.events.some((e) => e.type === 'form.submit'))
      expect(run.snapshot.context.payload).toEqual(requestPayload);
    // The construction given to the screen pre-selects and locks the site.
    if ((path.input as { construction?: string } | undefined)?.construction) {
      for (const c of path.contexts) expect(c.values.construction).toBe(SITE);
    }
    // First and last name, the site and the three files are required; an incomplete form is not sent.
    if (path.events.at(-1)?.type === 'form.submit' && last === '"filling"') {
      expect(Object.keys(run.snapshot.context.errors).length).toBeGreaterThan(0);
      expect(uploads).toHaveLength(0);
    }
    if (
      path.events.at(-1)?.type === 'form.submit' &&
      last === '"uploading"' &&
      !(path.input as { token?: string } | undefined)?.token
    ) {
      expect(run.snapshot.context.payload).toMatchObject({
        construction: { uuid: expect.any(String) },
        workers: [{ firstName: 'Ana', lastName: 'Pérez' }],
      });
    }
  });
});
