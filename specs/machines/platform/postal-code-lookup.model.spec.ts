import { describe, expect, it } from 'vitest';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { postalCodeLookupModel, reports } from './postal-code-lookup.model.js';

const paths = generatePaths(postalCodeLookupModel);

describe('postal-code lookup child (Código postal: five digits look the colonies up; a failure is only logged)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(postalCodeLookupModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    reports.length = 0;
    const report = (_: unknown, params: (typeof reports)[number]) => {
      reports.push(params);
    };
    const run = await runOnActor(
      postalCodeLookupModel.machine,
      path,
      ['lookupAddresses'],
      { report },
      postalCodeLookupModel,
    );
    expect(run.seen).toEqual(path.states);
  });
});
