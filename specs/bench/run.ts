/**
 * Runs every `*.bench.ts` under this folder (one folder per feature), one after another, each in its own Node process
 * (`npm run bench`). Benchmarks print figures and never fail on a time; this exits non-zero
 * only when a benchmark crashes. `npm run bench -- live` runs the files whose name contains "live".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('./', import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', folder + file], { stdio: 'inherit', env: process.env });
  if (run.status !== 0) {
    failed++;
    console.error(`${file} ended with ${run.status ?? run.signal}`);
  }
}
console.log(`\n${files.length} benchmark file(s) run${failed ? `, ${failed} crashed` : ''}.`);
process.exit(failed ? 1 : 0);
