import { describe, expect, it } from 'vitest';
import { registrationMachine } from '../../machines/registration.machine.js';
import { REGISTRATION_PASSWORD_RULE, PASSWORDS_DIFFER } from '../../src/shared/schemas/auth.schema.js';
import { coverage, describePath, generatePaths, runOnActor } from '../support/model-paths.js';
import { registrationModel } from './models/registration.model.js';

const paths = generatePaths(registrationModel);

describe('registration machine (spec 1 §2 complete registration, §5 password rules, §8 messages)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(registrationModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const navigations: string[] = [];
    const run = await runOnActor(registrationMachine, path, ['findUser', 'savePassword'], {
      navigate: (_: unknown, params: { to: string }) => { navigations.push(params.to); },
    });
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
    const ctx = run.snapshot.context;
    if (path.inputName === 'no link') expect(run.calls).toEqual([]);
    if (run.snapshot.value === 'left') {
      const expected = path.inputName === 'no link' ? '/home' : ctx.user ? '/?type=contractor' : '/';
      expect(navigations).toEqual([expected]);
    }
    if (ctx.errors.password) expect(ctx.errors.password).toBe(REGISTRATION_PASSWORD_RULE);
    if (ctx.errors.confirmation) expect(ctx.errors.confirmation).toBe(PASSWORDS_DIFFER);
    if (run.snapshot.value === 'failed') expect(ctx.serverError).toBe('Enlace vencido');
    const saved = run.calls.find((c) => c.src === 'savePassword');
    if (saved) expect(saved.input).toEqual({ uuid: 't-1', password: 'Clave2026' });
  });
});
