import { describe, expect, it } from 'vitest';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { emailReports, residentEmailCheckModel } from './resident-email-check.model.js';

const paths = generatePaths(residentEmailCheckModel);

describe("resident email check child (checked on blur; a duplicate is 'Correo ya existente.' unless a deleted owner outside edit mode)", () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(residentEmailCheckModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    emailReports.length = 0;
    const report = (_: unknown, params: (typeof emailReports)[number]) => {
      emailReports.push(params);
    };
    const run = await runOnActor(
      residentEmailCheckModel.machine,
      path,
      ['validateEmail'],
      { report },
      residentEmailCheckModel,
    );
    expect(run.seen).toEqual(path.states);
  });
});
