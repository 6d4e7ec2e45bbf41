import { describe, expect, it } from 'vitest';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { guestFormModel, isRepeated } from './guest-form.model.js';

const paths = generatePaths(guestFormModel);

describe("the /guests guest form (add/edit guest; Guest: a repeated name asks 'Estas seguro de agregar a este invitado nuevamente?')", () => {
  it('every state and transition is reached by a generated path, the question before sending included', () => {
    const c = coverage(guestFormModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(guestFormModel.machine, path, ['loadForm', 'saveRecord'], {}, guestFormModel);
    expect(run.seen).toEqual(path.states);
    // Whatever was sent is the schema's output, to the guest that was opened; a repeated name only after 'Si, agregar'.
    for (const { input } of run.calls.filter((c) => c.src === 'saveRecord')) {
      const call = { input: input as { id: string | null; values: Record<string, unknown> } };
      expect(call.input.id).toBe(path.inputName === 'agregar' ? null : 'g1');
      const at = path.events.findIndex(
        (e, i) => (e.type === 'form.submit' || e.type === 'form.confirm') && path.states[i + 1] === '"submitting"',
      );
      expect(at).toBeGreaterThanOrEqual(0);
      if (isRepeated(call.input.values as never, call.input.id))
        expect(path.events.some((e) => e.type === 'form.confirm')).toBe(true);
    }
  });
});

describe('one form skeleton: the four configurations and the guest form together reach the question before sending', () => {
  it('only the guest form asks, and it takes every transition of the question', () => {
    const c = coverage({ ...guestFormModel, notHere: undefined }, paths);
    expect(c.states.missing).not.toContain('formScreen.confirming');
    expect(c.transitions.missing.filter((t) => t.includes('confirming'))).toEqual([]);
  });
});
