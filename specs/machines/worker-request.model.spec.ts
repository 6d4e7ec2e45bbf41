import { describe, expect, it } from 'vitest';
import { workerRequestMachine } from '../../machines/worker-request.machine.js';
import { coverage, describePath, generatePaths, runOnActor } from '../support/model-paths.js';
import { requestPayload, SITE, workerRequestModel } from './models/worker-request.model.js';

const paths = generatePaths(workerRequestModel);

/*
 * Spec 2 §4.3: a contractor's new worker becomes a pending request; the site's status is
 * 'Solicitud aprobada' when all are approved, 'Solicitud rechazada' when any is rejected, else
 * 'Solicitud pendiente'. Decisions about another site's workers change nothing here.
 */
function statusSaid(events: { type: string; uuid?: string; status?: string }[]) {
  let status = 'Pendiente';
  let sent = false;
  for (const e of events) {
    if (e.type === 'upload.done') { sent = true; status = 'Pendiente'; }
    if (e.type === 'request.again') sent = false;
    if (e.type === 'worker.decided' && sent && e.uuid === 'w1') status = e.status!;
  }
  if (!sent) return null;
  return status === 'Rechazado' ? 'rejected' : status === 'Aprobado' ? 'approved' : 'pending';
}

describe('workerRequest machine (spec 2 §4.3: a contractor requests, then watches the decision live)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(workerRequestModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(workerRequestMachine, path, [], {}, workerRequestModel);
    expect(run.seen).toEqual(path.states);
    const last = path.states.at(-1)!;
    const said = statusSaid(path.events as never);
    if (last.startsWith('{"watching"')) expect(last).toBe(JSON.stringify({ watching: said }));
    // The upload child is started with exactly what was submitted, once per submit.
    const uploads = run.calls.filter((c) => c.src === 'sendRequest');
    expect(uploads.length).toBeLessThanOrEqual(path.events.filter((e) => e.type === 'submit').length);
    if (last === '"submitted"') expect(run.snapshot.context.progress).toBe(100);
    if (last === '"failed"' && !path.events.some((e) => e.type === 'form.submit')) expect(run.snapshot.context.payload).toEqual(requestPayload);
    // §2.7: the construction given to the screen pre-selects and locks the site.
    if ((path.input as { construction?: string } | undefined)?.construction) {
      for (const c of path.contexts) expect(c.values.construction).toBe(SITE);
    }
    // §5: first and last name, the site and the three files are required; an incomplete form is not sent.
    if (path.events.at(-1)?.type === 'form.submit' && last === '"filling"') {
      expect(Object.keys(run.snapshot.context.errors).length).toBeGreaterThan(0);
      expect(uploads).toHaveLength(0);
    }
    if (path.events.at(-1)?.type === 'form.submit' && last === '"uploading"') {
      expect(run.snapshot.context.payload).toMatchObject({ construction: { uuid: expect.any(String) }, workers: [{ firstName: 'Ana', lastName: 'Pérez' }] });
    }
  });
});
