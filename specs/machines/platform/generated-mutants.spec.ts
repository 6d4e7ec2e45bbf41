/**
 * Generated mutants of the named workflows: for every transition, a copy of the machine that drops
 * its actions, goes to a sibling state or inverts its guard. The model's generated paths must kill
 * (fail a spec expectation on) at least 90% of them; each survivor left is listed in
 * `survivors.ts` with the reason no expectation can see it.
 */
import { describe, expect, it } from 'vitest';
import type { ModelSpec } from '../../support/model-paths.js';
import { mutationScore } from '../../support/mutants.js';
import { namedWorkflows } from './named-workflows.js';
import { knownSurvivors } from './survivors.js';

describe('generated mutants of the named workflows', () => {
  it.each(namedWorkflows.map((m) => [m.name, m] as const))(
    '%s: at least 90% of the mutants are killed, every survivor explained',
    async (_name, model: ModelSpec) => {
      const score = await mutationScore(model);
      const unexplained = score.survivors.map((s) => s.id).filter((id) => !knownSurvivors[model.name]?.[id]);
      expect(unexplained, 'mutantes que ninguna expectativa mata y sin razón escrita').toEqual([]);
      expect(score.killed / score.total).toBeGreaterThanOrEqual(0.9);
    },
    60_000,
  );
});
