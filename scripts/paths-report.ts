// `npm run paths`: QA's report of every machine's generated paths, in words, with the spec's
// expectations at each state and a state diagram of each machine: reports/paths.md,
// reports/paths.json and reports/paths/index.html (opens offline). Exits 1 when a state or a
// transition of some machine is reached by no path.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import type { ModelSpec } from '../specs/support/model-paths.js';
import { htmlOf } from './paths-report/html.js';
import { reportOf } from './paths-report/report.js';

// The models live next to their specs, one folder per feature: every `*.model.ts` under specs/machines.
const dir = new URL('../specs/machines/', import.meta.url);
const models: ModelSpec[] = [];
const byName = (path: string) => path.split('/').at(-1)!;
const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.model.ts'));
for (const file of files.sort((a, b) => byName(a).localeCompare(byName(b)))) {
  const mod = (await import(new URL(file, dir).href)) as Record<string, unknown>;
  for (const value of Object.values(mod)) {
    if (value && typeof value === 'object' && 'machine' in value && 'events' in value && 'inputs' in value)
      models.push(value as ModelSpec);
  }
}

const reports = models.map(reportOf);
const md = [
  '# Caminos generados de cada máquina',
  '',
  '| máquina | estados | transiciones | caminos | estados cubiertos | transiciones cubiertas | estados con expectativas del spec |',
  '|---|---|---|---|---|---|---|',
  ...reports.map(
    (r) =>
      `| ${r.machine} | ${r.states.total} | ${r.transitions.total} | ${r.paths.length} | ${r.states.covered}/${r.states.total} | ${r.transitions.covered}/${r.transitions.total} | ${r.checkedStates} |`,
  ),
  '',
  ...reports.flatMap((r) => [
    `## ${r.machine}`,
    '',
    ...(r.children.length ? [`Invoca: ${r.children.join(', ')}.`, ''] : []),
    ...(r.states.missing.length ? [`**Estados sin camino:** ${r.states.missing.join(', ')}`, ''] : []),
    ...(r.transitions.missing.length ? [`**Transiciones sin camino:** ${r.transitions.missing.join('; ')}`, ''] : []),
    ...r.paths.flatMap((p, i) => [
      `### ${i + 1}. ${p.start}`,
      '',
      ...p.steps.flatMap((s, j) => [
        `${j + 1}. ${s.words} → \`${s.state}\``,
        ...s.expectations.map((e) => `   - ✓ ${e}`),
      ]),
      '',
    ]),
  ]),
].join('\n');

mkdirSync('reports/paths', { recursive: true });
writeFileSync('reports/paths.md', md);
writeFileSync('reports/paths.json', JSON.stringify(reports, null, 2));
writeFileSync('reports/paths/index.html', htmlOf(reports, new Date().toISOString()));
copyFileSync(new URL('../node_modules/mermaid/dist/mermaid.min.js', import.meta.url), 'reports/paths/mermaid.min.js');
for (const r of reports)
  console.log(
    `${r.machine.padEnd(24)} estados ${r.states.covered}/${r.states.total}  transiciones ${r.transitions.covered}/${r.transitions.total}  caminos ${r.paths.length}  expectativas en ${r.checkedStates} estados`,
  );
console.log('Informe: reports/paths.md, reports/paths.json y reports/paths/index.html');
const incomplete = reports.filter((r) => r.states.missing.length || r.transitions.missing.length);
if (incomplete.length) console.error(`Sin cobertura completa: ${incomplete.map((r) => r.machine).join(', ')}`);
process.exit(incomplete.length ? 1 : 0);
