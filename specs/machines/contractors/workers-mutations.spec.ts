/** The workers' models can fail (mutation check): a broken transition fails the spec's expectations. */
import { describe, expect, it } from 'vitest';
import { workerRequestMachine } from '../../../machines/contractors/worker-request.machine.js';
import { workersScreenMachine } from '../../../machines/contractors/workers-screen.machine.js';
import { failuresOf, mutate } from '../../support/mutation.js';
import { workerRequestModel } from './worker-request.model.js';
import { workersScreenModel } from './workers-screen.model.js';

const screenSrcs = ['loadWorkers', 'approval', 'credentialDownload', 'deleteWorker'];

describe('mutation check of the workers', () => {
  // The baseline (the real machines pass every path with these expectations) is their model specs.
  it("a card's Eliminar that deletes without asking first", async () => {
    const broken = mutate(workersScreenMachine, (c) => {
      c.states.ready.on['worker.delete'].target = 'deleting';
    });
    const failures = await failuresOf(workersScreenModel, broken, screenSrcs);
    expect(failures.join('\n').toLowerCase()).toContain('once confirmed');
  }, 60_000);

  it("a failed delete that drops the server's text", async () => {
    const broken = mutate(workersScreenMachine, (c) => {
      delete c.states.deleting.invoke.onError.actions;
    });
    const failures = await failuresOf(workersScreenModel, broken, screenSrcs);
    expect(failures.join('\n')).toContain("Ha ocurrido un error' with the server's text");
  }, 60_000);

  it('an approved worker loaded for editing that is refused without saying why', async () => {
    const broken = mutate(workerRequestMachine, (c) => {
      delete c.states.loading.invoke.onDone[0].actions;
    });
    // The administrator's edit only: the contractor's request paths never load a worker.
    const edit = {
      ...workerRequestModel,
      inputs: workerRequestModel.inputs.filter((i) => i.name === 'administrador edita'),
    };
    const failures = await failuresOf(edit, broken, ['loadWorker']);
    expect(failures.join('\n')).toContain('No se puede realizar la siguiente acción');
  }, 60_000);
});
