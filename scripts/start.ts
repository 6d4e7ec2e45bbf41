// `npm start`: builds the web app when it is missing or older than its sources, then serves.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
    const path = join(dir, entry.name);
    return Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);

const built = 'dist/index.html';
// public/ is copied into the build as is (the residents' import template among its files).
const sources = Math.max(
  newest('src/web'),
  newest('src/shared'),
  newest('machines'),
  newest('public'),
  statSync('index.html').mtimeMs,
);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Construyendo la aplicación web…');
  // The production bundle whatever NODE_ENV this process has (a test runner sets 'test', which
  // would give React's development build).
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
await import('../src/server/main.js');
