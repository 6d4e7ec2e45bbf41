import { describe, expect, it } from 'vitest';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { residentPhoneRemovalModel } from './resident-phone-removal.model.js';

const paths = generatePaths(residentPhoneRemovalModel);

describe("removing a saved phone of the resident form (asks first; DELETE api/phones/{uuid}; 'No es posible eliminar')", () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(residentPhoneRemovalModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(
      residentPhoneRemovalModel.machine,
      path,
      ['removePhone'],
      {},
      residentPhoneRemovalModel,
    );
    expect(run.seen).toEqual(path.states);
  });
});
