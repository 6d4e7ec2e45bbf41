// `npm run paths`: QA's report of every machine's generated paths. Prints the run's index first and
// writes reports/paths/index.html (per machine: states and transitions reached, states with a spec
// expectation, mutants killed), one page per machine (its diagram and its paths as numbered steps),
// reports/paths.csv (each step a test case), reports/paths.md and reports/paths.json. Exits 1 when a
// state or a transition is reached by no path, or when a named workflow is below its target: a state
// with neither an expectation nor a written reason, or fewer than 90% of its mutants killed (the
// scores written by the generated-mutant spec files to reports/mutants/<workflow>.json).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ModelSpec } from '../specs/support/model-paths.js';
import { indexHtml, machineHtml, pageName } from './paths-report/html.js';
import { csvOf, type MutantScore, stateInWords } from './paths-report/qa.js';
import { reportOf } from './paths-report/report.js';

const dir = new URL('../specs/machines/', import.meta.url);
const models: ModelSpec[] = [];
const byName = (path: string) => path.split('/').at(-1)!;
const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.model.ts'));
for (const file of files.sort((a, b) => byName(a).localeCompare(byName(b)))) {
  const mod = (await import(new URL(file, dir).href)) as Record<string, unknown>;
  for (const value of Object.values(mod)) {
    if (!(value && typeof value === 'object' && 'machine' in value && 'events' in value && 'inputs' in value)) continue;
    // A model exported twice (under another name, or again from another model file) is one row.
    const model = value as ModelSpec;
    const same = models.find((m) => m.name === model.name);
    if (same === undefined) models.push(model);
    else if (same !== model) throw new Error(`Dos modelos se llaman ${model.name} (${file}): cada máquina, un modelo`);
  }
}
const { namedWorkflows, TARGET } = await import('../specs/machines/platform/named-workflows.js');
const named = namedWorkflows.map((m: ModelSpec) => m.name);

const reports = models.map(reportOf);
// One file per named workflow, written by the generated-mutant spec files.
const mutants: Record<string, MutantScore> = Object.fromEntries(
  (existsSync('reports/mutants') ? readdirSync('reports/mutants') : [])
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(`reports/mutants/${f}`, 'utf8')).score]),
);

const problems: string[] = [];
for (const r of reports) {
  if (r.states.missing.length || r.transitions.missing.length)
    problems.push(`${r.machine}: estados o transiciones sin camino`);
  if (!named.includes(r.machine)) continue;
  if (r.oracle.missing.length)
    problems.push(`${r.machine}: estados sin expectativa ni razón: ${r.oracle.missing.join(', ')}`);
  const m = mutants[r.machine];
  if (!m)
    problems.push(`${r.machine}: sin puntaje de mutantes (corre specs/machines/platform/generated-mutants.spec.ts)`);
  else if (m.killed / m.total < TARGET.mutantsKilled)
    problems.push(`${r.machine}: ${m.killed}/${m.total} mutantes muertos, por debajo del 90%`);
}

const oracleCell = (r: (typeof reports)[number]) =>
  `${r.oracle.withExpectation.length + Object.keys(r.oracle.withReason).length}/${r.oracle.total}`;
const md = [
  '# Caminos generados de cada máquina',
  '',
  'Índice: `reports/paths/index.html`; una página por máquina; cada paso como caso de prueba en `reports/paths.csv`.',
  '',
  '| máquina | estados | transiciones | caminos | estados con expectativa (o razón) | mutantes muertos |',
  '|---|---|---|---|---|---|',
  ...reports.map(
    (r) =>
      `| ${r.machine}${named.includes(r.machine) ? ' ★' : ''} | ${r.states.covered}/${r.states.total} | ${r.transitions.covered}/${r.transitions.total} | ${r.paths.length} | ${oracleCell(r)} | ${mutants[r.machine] ? `${mutants[r.machine]!.killed}/${mutants[r.machine]!.total}` : '—'} |`,
  ),
  '',
  ...(problems.length ? ['## Por debajo del objetivo', '', ...problems.map((p) => `- ${p}`), ''] : []),
  ...reports.flatMap((r) => [
    `## ${r.machine}`,
    '',
    ...Object.entries(r.oracle.withReason).map(([s, why]) => `- sin expectativa propia, **${s}**: ${why}`),
    ...(mutants[r.machine]?.survivors ?? []).map((s) => `- mutante vivo, ${s.id}: ${s.reason}`),
    '',
    ...r.paths.flatMap((p, i) => [
      `### ${i + 1}. ${p.start}`,
      '',
      ...p.steps.flatMap((s, j) => [
        `${j + 1}. ${s.words} → ${stateInWords(s.state)}`,
        ...s.expectations.map((e) => `   - ✓ ${e}`),
      ]),
      '',
    ]),
  ]),
].join('\n');

const generated = new Date().toISOString();
mkdirSync('reports/paths', { recursive: true });
writeFileSync('reports/paths.md', md);
writeFileSync('reports/paths.json', JSON.stringify(reports, null, 2));
writeFileSync('reports/paths.csv', csvOf(reports));
writeFileSync('reports/paths/index.html', indexHtml(reports, mutants, named, problems, generated));
for (const r of reports) writeFileSync(`reports/paths/${pageName(r.machine)}`, machineHtml(r, mutants[r.machine]));
copyFileSync(new URL('../node_modules/mermaid/dist/mermaid.min.js', import.meta.url), 'reports/paths/mermaid.min.js');

// The index first, as a link a terminal opens.
console.log(`Índice: ${pathToFileURL(resolve('reports/paths/index.html')).href}`);
console.log('máquina                  estados   transiciones  caminos  expectativas  mutantes');
for (const r of reports) {
  const m = mutants[r.machine];
  console.log(
    `${(r.machine + (named.includes(r.machine) ? ' ★' : '')).padEnd(24)} ${`${r.states.covered}/${r.states.total}`.padEnd(9)} ${`${r.transitions.covered}/${r.transitions.total}`.padEnd(13)} ${String(r.paths.length).padEnd(8)} ${oracleCell(r).padEnd(13)} ${m ? `${m.killed}/${m.total}` : '—'}`,
  );
}
console.log(
  'Además: una página por máquina en reports/paths/, reports/paths.csv, reports/paths.md y reports/paths.json',
);
for (const p of problems) console.error(`Por debajo del objetivo: ${p}`);
process.exit(problems.length ? 1 : 0);
