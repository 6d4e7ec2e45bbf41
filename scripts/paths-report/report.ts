/** One machine's report: coverage, its diagram, the machines it invokes, each path as steps in words. */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  coverage,
  generatePaths,
  oracleCoverage,
  type ModelSpec,
  type OracleCoverage,
} from '../../specs/support/model-paths.js';
import { mermaidOf } from './diagram.js';
import { stateInWords } from './qa.js';
import { eventInWords, expectationsOf } from './words.js';

export interface MachineReport {
  machine: string;
  states: { total: number; covered: number; missing: string[] };
  transitions: { total: number; covered: number; missing: string[] };
  checkedStates: number;
  /** States with an expectation on the actor, on the screen, with a written reason, or with none. */
  oracle: OracleCoverage;
  diagram: string;
  children: string[];
  paths: { start: string; steps: { words: string; state: string; expectations: string[] }[] }[];
}

/** The `src` of every invoke and spawn in the machine: the child machines and the server calls. */
function invokedOf(machine: AnyStateMachine): string[] {
  const out = new Set<string>();
  const walk = (node: AnyStateNode) => {
    for (const invoke of node.invoke ?? []) out.add(typeof invoke.src === 'string' ? invoke.src : String(invoke.id));
    for (const n of Object.values(node.states)) walk(n as AnyStateNode);
  };
  walk(machine.root);
  return [...out];
}

export function reportOf(model: ModelSpec): MachineReport {
  const paths = generatePaths(model);
  const c = coverage(model, paths);
  return {
    machine: model.name,
    states: c.states,
    transitions: c.transitions,
    checkedStates: Object.keys(model.expectations ?? {}).length,
    oracle: oracleCoverage(model),
    diagram: mermaidOf(model.machine),
    children: invokedOf(model.machine),
    paths: paths.map((p) => ({
      start: `${p.inputName} → ${stateInWords(p.states[0]!)}`,
      steps: p.events.map((event, i) => ({
        words: eventInWords(model, event),
        state: p.states[i + 1],
        expectations: expectationsOf(model, p.states[i + 1]),
      })),
    })),
  };
}
