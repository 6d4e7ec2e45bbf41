/**
 * QA's view of a run: per machine the states and transitions reached, the states with a spec
 * expectation (or a written reason), the mutants killed; each path as numbered steps in words and
 * as CSV test cases. State values are shown as names ('approving › sending'), never as JSON.
 */
import type { MachineReport } from './report.js';

/** A state value (as JSON) as names: nested states with ' › ', parallel regions with ' + '. */
export function stateInWords(json: string): string {
  const words = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => (typeof v === 'string' ? `${k} › ${v}` : `${k} › (${words(v)})`))
          .join(' + ');
  try {
    return words(JSON.parse(json));
  } catch {
    return json;
  }
}

export interface MutantScore {
  killed: number;
  total: number;
  survivors: { id: string; reason: string }[];
}

const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Every step of every path as a test case: machine, path, step, event, expected. */
export function csvOf(reports: MachineReport[]): string {
  const rows = [['machine', 'path', 'step', 'event', 'expected']];
  for (const r of reports)
    r.paths.forEach((p, i) => {
      p.steps.forEach((s, j) => {
        rows.push([
          r.machine,
          `${i + 1}. ${p.start}`,
          String(j + 1),
          s.words,
          [stateInWords(s.state), ...s.expectations].join(' | '),
        ]);
      });
    });
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}
