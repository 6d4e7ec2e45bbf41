import { describe, expect, it } from 'vitest';
import { passwordResetMachine } from '../../../machines/session/password-reset.machine.js';
import { INVALID_EMAIL } from '../../../src/shared/session/auth.schema.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { passwordResetModel } from './password-reset.model.js';

const paths = generatePaths(passwordResetModel);

describe('password reset machine (/resetPassword)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(passwordResetModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(passwordResetMachine, path, ['requestReset'], {}, passwordResetModel);
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
    if (run.snapshot.context.error) expect(run.snapshot.context.error).toBe(INVALID_EMAIL);
    for (const call of run.calls) expect(call.input).toEqual({ email: 'residente@porton.mx' });
  });
});
