/**
 * Generated mutants of the named workflows: for every transition, a copy of the machine that drops
 * its actions, goes to a sibling state or inverts its guard. The model's generated paths must kill
 * (fail a spec expectation on) at least 90% of them; each survivor left is listed in
 * `survivors.ts` with the reason no expectation can see it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { oracleCoverage, type ModelSpec } from '../../support/model-paths.js';
import { mutationScore } from '../../support/mutants.js';
import { belowTarget, namedWorkflows, TARGET } from './named-workflows.js';
import { knownSurvivors } from './survivors.js';

/** The scores, for the paths report (reports/mutants.json). */
const scores: Record<string, { killed: number; total: number; survivors: { id: string; reason: string }[] }> = {};

describe('generated mutants of the named workflows', () => {
  afterAll(() => {
    mkdirSync('reports', { recursive: true });
    writeFileSync('reports/mutants.json', JSON.stringify({ generated: new Date().toISOString(), scores }, null, 2));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  it.each(namedWorkflows.filter((m) => belowTarget[m.name] === undefined).map((m) => [m.name, m] as const))(
    '%s: every state carries an expectation written from the spec, or the written reason it has none',
    (_name, model: ModelSpec) => {
      expect(oracleCoverage(model).missing).toEqual([]);
    },
  );
  it.each(namedWorkflows.map((m) => [m.name, m] as const))(
    '%s: at least 90% of the mutants are killed, every survivor explained (or, below the target, no fewer than before)',
    async (_name, model: ModelSpec) => {
      // A model that holds the clock moves the date itself.
      if (model.clock) vi.useFakeTimers({ toFake: ['Date'] });
      const score = await mutationScore(model);
      if (process.env.MUTANTS_VERBOSE)
        console.log(
          [`${model.name}: ${score.killed}/${score.total}`, ...score.survivors.map((s) => `  sobrevive ${s.id}`)].join(
            '\n',
          ),
        );
      scores[model.name] = {
        killed: score.killed,
        total: score.total,
        survivors: score.survivors.map((s) => ({
          id: s.id,
          reason: knownSurvivors[model.name]?.[s.id] ?? 'ninguna expectativa lo distingue todavía',
        })),
      };
      const floor = belowTarget[model.name];
      if (floor === undefined) {
        const unexplained = score.survivors.map((s) => s.id).filter((id) => !knownSurvivors[model.name]?.[id]);
        expect(unexplained, 'mutantes que ninguna expectativa mata y sin razón escrita').toEqual([]);
        expect(score.killed / score.total).toBeGreaterThanOrEqual(TARGET.mutantsKilled);
      } else {
        // Not yet at the target: the score may only go up (the paths report fails on it meanwhile).
        expect(score.killed, `${model.name} mata menos mutantes que antes`).toBeGreaterThanOrEqual(floor);
      }
    },
    180_000,
  );
});
