// `npm run paths`: QA's report of every machine's generated paths and coverage (Markdown + JSON).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { coverage, describePath, generatePaths, type ModelSpec } from '../specs/support/model-paths.js';

const dir = new URL('../specs/machines/models/', import.meta.url);
const models: ModelSpec[] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.model.ts')).sort()) {
  const mod = (await import(new URL(file, dir).href)) as Record<string, unknown>;
  for (const value of Object.values(mod)) {
    if (value && typeof value === 'object' && 'machine' in value && 'events' in value && 'inputs' in value) models.push(value as ModelSpec);
  }
}

const report = models.map((model) => {
  const paths = generatePaths(model);
  const c = coverage(model, paths);
  return { ...c, pathList: paths.map(describePath) };
});

const md = ['# Machine paths and coverage', '', '| machine | states | transitions | paths | states covered | transitions covered |', '|---|---|---|---|---|---|',
  ...report.map((r) => `| ${r.machine} | ${r.states.total} | ${r.transitions.total} | ${r.paths} | ${r.states.covered}/${r.states.total} | ${r.transitions.covered}/${r.transitions.total} |`),
  '', ...report.flatMap((r) => [
    `## ${r.machine}`, '',
    ...(r.states.missing.length ? [`States no path reaches: ${r.states.missing.join(', ')}`, ''] : []),
    ...(r.transitions.missing.length ? [`Transitions no path reaches: ${r.transitions.missing.join('; ')}`, ''] : []),
    ...r.pathList.map((p, i) => `${i + 1}. ${p}`), '',
  ])].join('\n');

mkdirSync('reports', { recursive: true });
writeFileSync('reports/paths.md', md);
writeFileSync('reports/paths.json', JSON.stringify(report, null, 2));
for (const r of report) console.log(`${r.machine.padEnd(24)} states ${r.states.covered}/${r.states.total}  transitions ${r.transitions.covered}/${r.transitions.total}  paths ${r.paths}`);
console.log('Informe completo: reports/paths.md y reports/paths.json');
const incomplete = report.filter((r) => r.states.missing.length || r.transitions.missing.length);
process.exit(incomplete.length ? 1 : 0);
