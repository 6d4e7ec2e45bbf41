import { describe, expect, it } from 'vitest';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { navigations, registrationFormModel, registrationModel } from './registration.model.js';

describe('registration (complete registration, messages and where it goes)', () => {
  const paths = generatePaths(registrationModel);
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(registrationModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    navigations.length = 0;
    const navigate = (_: unknown, params: { to: string }) => {
      navigations.push(params.to);
    };
    const run = await runOnActor(registrationModel.machine, path, ['passwordForm'], { navigate }, registrationModel);
    expect(run.seen).toEqual(path.states);
  });
});

describe('registration password form (registration password and confirmation, registration messages)', () => {
  const paths = generatePaths(registrationFormModel);
  it('every state and transition it can take is reached by a generated path', () => {
    const c = coverage(registrationFormModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(
      registrationFormModel.machine,
      path,
      ['loadForm', 'saveRecord'],
      {},
      registrationFormModel,
    );
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
  });
});
