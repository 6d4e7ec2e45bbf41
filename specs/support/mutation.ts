/**
 * Mutation checks: a copy of a machine with one transition broken, and the spec
 * expectations its generated paths fail; used by specs/machines/platform/mutations.spec.ts and the areas'
 * own mutation suites.
 */
import { createMachine, type AnyStateMachine } from 'xstate';
import { generatePaths, runOnActor, type ModelSpec } from './model-paths.js';

/** Deep copy of a machine config: plain objects and arrays copied, functions kept. */
function cloneConfig<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneConfig) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneConfig(v)])) as T;
  }
  return value;
}

/** A copy of `machine` whose config `change` edits (the implementations are the machine's own). */
// biome-ignore lint/suspicious/noExplicitAny: a mutation edits any part of a machine's config by its path (states.x.on['y'].actions); the config is xstate's untyped JSON.
export function mutate(machine: AnyStateMachine, change: (config: any) => void): AnyStateMachine {
  const config = cloneConfig(machine.config);
  change(config);
  return createMachine(config, machine.implementations as never) as AnyStateMachine;
}

/**
 * Runs the generated paths of the mutated model against the model's expectations; answers the
 * failures' messages, stopping after `enough` of them (a mutation check needs one).
 */
export async function failuresOf(
  model: ModelSpec,
  mutated: AnyStateMachine,
  srcs: string[],
  actions: Record<string, unknown> = {},
  enough = 1,
) {
  const failures: string[] = [];
  for (const path of generatePaths({ ...model, machine: mutated })) {
    try {
      await runOnActor(mutated, path, srcs, actions, model);
    } catch (error) {
      failures.push((error as Error).message);
      if (failures.length >= enough) break;
    }
  }
  return failures;
}
