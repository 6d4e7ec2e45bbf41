import { describe, expect, it } from 'vitest';
import { contractorResendMachine } from '../../../machines/contractors/contractor-resend.machine.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { contractorResendModel } from './contractor-resend.model.js';

const paths = generatePaths(contractorResendModel);

describe("contractorResend machine ('reenviar código': one contractor at a time; texts)", () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(contractorResendModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(contractorResendMachine, path, ['resendAccess'], {}, contractorResendModel);
    expect(run.seen).toEqual(path.states);
    // Only 'Reenviar código' with exactly one contractor checked sends, and only to that one's email.
    const sends = path.states.filter((s) => s === '"sending"').length;
    expect(run.calls.length).toBe(sends);
  });
});
