import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
});
const imports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
  .map((m) => m[1] ?? m[2]).filter((p) => p.startsWith('.'))
  .map((p) => relative(root, resolve(file, '..', p)));

function violations(dir: string, forbidden: string[]) {
  return files(join(root, dir)).flatMap((file) => imports(file)
    .filter((target) => forbidden.some((f) => target.startsWith(f)))
    .map((target) => `${relative(root, file)} -> ${target}`));
}

describe('layer boundaries (ARCHITECTURE.md §1: src/web -> machines -> src/shared, src/server -> src/shared)', () => {
  it('machines/ imports nothing from src/web or src/server', () => {
    expect(violations('machines', ['src/web', 'src/server'])).toEqual([]);
  });
  it('src/shared imports nothing from machines, src/web or src/server', () => {
    expect(violations('src/shared', ['machines', 'src/web', 'src/server'])).toEqual([]);
  });
  it('the web never imports the server and the server never imports the web or machines', () => {
    expect(violations('src/web', ['src/server'])).toEqual([]);
    expect(violations('src/server', ['src/web', 'machines'])).toEqual([]);
  });
  it('the check itself sees imports (a file of machines/ imports src/shared)', () => {
    expect(files(join(root, 'machines')).flatMap(imports).some((t) => t.startsWith('src/shared'))).toBe(true);
  });
});

describe('views only render a snapshot and send events (issue 7: machines compose machines, not React)', () => {
  const webFiles = [...files(join(root, 'src/web/views')), ...files(join(root, 'src/web/components'))];
  const offending = (pattern: RegExp) => webFiles.flatMap((file) => readFileSync(file, 'utf8').split('\n')
    .map((line, i) => (pattern.test(line) ? `${relative(root, file)}:${i + 1}: ${line.trim()}` : null))
    .filter((hit): hit is string => hit !== null));
  // A callback queued during render to tell a parent something: the parent machine should hear its child instead.
  const callbackDuringRender = /queueMicrotask\(/;
  // A ref may hold a DOM element (focus, a file input) or a component's imperative handle (its type
  // named `…Ref`, as react-avatar-editor's `AvatarEditorRef`, read for the cropped canvas); a ref
  // holding a value or a function holds workflow state.
  const workflowRef = /useRef\s*(?:<(?!HTML\w*Element>|[A-Z]\w*Ref>)|\()/;

  it('no view or component queues a callback (queueMicrotask)', () => {
    expect(offending(callbackDuringRender)).toEqual([]);
  });
  it('no view or component keeps workflow state or an actor\'s send in a ref (only DOM refs)', () => {
    expect(offending(workflowRef)).toEqual([]);
  });
  it('the check itself finds what it looks for', () => {
    expect(callbackDuringRender.test('if (state.matches(\'closed\')) queueMicrotask(() => onClosed(true));')).toBe(true);
    expect(workflowRef.test('const reloadList = useRef<() => void>(() => {});')).toBe(true);
    expect(workflowRef.test('const idFile = useRef<number | null>(null);')).toBe(true);
    expect(workflowRef.test('const input = useRef<HTMLInputElement>(null);')).toBe(false);
    expect(workflowRef.test('const editor = useRef<AvatarEditorRef>(null);')).toBe(false);
    expect(workflowRef.test('const send = useRef<SendRef | null>(null);')).toBe(true);
  });
});
