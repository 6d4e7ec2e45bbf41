/**
 * The generated-mutant checks of some named workflows, for a spec file. The slowest workflows have
 * a spec file of their own (`OWN_FILE`), so the test workers run them side by side; every other
 * named workflow runs in generated-mutants.spec.ts. Each workflow's score is written to
 * reports/mutants/<name>.json for the paths report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { oracleCoverage, type ModelSpec } from '../../support/model-paths.js';
import { mutationScore } from '../../support/mutants.js';
import { belowTarget, namedWorkflows, TARGET } from './named-workflows.js';
import { knownSurvivors } from './survivors.js';

/** Named workflows whose mutants take long enough to run in a spec file of their own. */
export const OWN_FILE = ['eventWizard', 'workerRequest'] as const;

/** The named workflows of these names, failing when a name is no longer a named workflow. */
export function workflowsNamed(names: readonly string[]): ModelSpec[] {
  const found = namedWorkflows.filter((m) => names.includes(m.name));
  expect(found.map((m) => m.name).sort()).toEqual([...names].sort());
  return found;
}

export function generatedMutantsOf(models: ModelSpec[]) {
  type Score = { killed: number; total: number; survivors: { id: string; reason: string }[] };
  const scores: Record<string, Score> = {};

  describe('generated mutants of the named workflows', () => {
    afterAll(() => {
      mkdirSync('reports/mutants', { recursive: true });
      for (const [name, score] of Object.entries(scores))
        writeFileSync(
          `reports/mutants/${name}.json`,
          JSON.stringify({ generated: new Date().toISOString(), score }, null, 2),
        );
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const atTarget = models.filter((m) => belowTarget[m.name] === undefined);
    if (atTarget.length)
      it.each(atTarget.map((m) => [m.name, m] as const))(
        '%s: every state carries an expectation written from the spec, or the written reason it has none',
        (_name, model: ModelSpec) => {
          expect(oracleCoverage(model).missing).toEqual([]);
        },
      );
    it.each(models.map((m) => [m.name, m] as const))(
      '%s: at least 90% of the mutants are killed, every survivor explained (or, below the target, no fewer than before)',
      async (_name, model: ModelSpec) => {
        // A model that holds the clock moves the date itself.
        if (model.clock) vi.useFakeTimers({ toFake: ['Date'] });
        const score = await mutationScore(model);
        if (process.env.MUTANTS_VERBOSE)
          console.log(
            [
              `${model.name}: ${score.killed}/${score.total}`,
              ...score.survivors.map((s) => `  sobrevive ${s.id}`),
            ].join('\n'),
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
      // A guard against a hang, not a speed target: under load the largest workflow needs minutes.
      600_000,
    );
  });
}
