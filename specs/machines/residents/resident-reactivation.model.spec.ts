import { describe, expect, it } from 'vitest';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { residentReactivationModel } from './resident-reactivation.model.js';

const paths = generatePaths(residentReactivationModel);

describe("the offer to reactivate a deleted resident ('Reactivar': POST api/residents/reactivateEmail/, then edit mode)", () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(residentReactivationModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(
      residentReactivationModel.machine,
      path,
      ['reactivateResident'],
      {},
      residentReactivationModel,
    );
    expect(run.seen).toEqual(path.states);
  });
});
