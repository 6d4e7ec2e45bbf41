import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
const imports = (file: string) =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ]
    .map((m) => m[1] ?? m[2])
    .filter((p) => p.startsWith('.'))
    .map((p) => relative(root, resolve(file, '..', p)));

function violations(dir: string, forbidden: string[]) {
  return files(join(root, dir)).flatMap((file) =>
    imports(file)
      .filter((target) => forbidden.some((f) => target.startsWith(f)))
      .map((target) => `${relative(root, file)} -> ${target}`),
  );
}

describe('layer boundaries (src/web -> machines -> src/shared, src/server -> src/shared)', () => {
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
    expect(
      files(join(root, 'machines'))
        .flatMap(imports)
        .some((t) => t.startsWith('src/shared')),
    ).toBe(true);
  });
});

describe('views only render a snapshot and send events (machines compose machines, not React)', () => {
  const webFiles = [...files(join(root, 'src/web/views')), ...files(join(root, 'src/web/platform'))];
  const offending = (pattern: RegExp) =>
    webFiles.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => (pattern.test(line) ? `${relative(root, file)}:${i + 1}: ${line.trim()}` : null))
        .filter((hit): hit is string => hit !== null),
    );
  // A callback queued during render to tell a parent something: the parent machine should hear its child instead.
  const callbackDuringRender = /queueMicrotask\(/;
  // A ref may hold a DOM element (focus, a file input) or a component's imperative handle (its type
  // named `…Ref`, as react-avatar-editor's `AvatarEditorRef`, read for the cropped canvas); a ref
  // holding a value or a function holds workflow state.
  const workflowRef = /useRef\s*(?:<(?!HTML\w*Element>|[A-Z]\w*Ref>)|\()/;

  it('no view or component queues a callback (queueMicrotask)', () => {
    expect(offending(callbackDuringRender)).toEqual([]);
  });
  it("no view or component keeps workflow state or an actor's send in a ref (only DOM refs)", () => {
    expect(offending(workflowRef)).toEqual([]);
  });
  it('the check itself finds what it looks for', () => {
    expect(callbackDuringRender.test("if (state.matches('closed')) queueMicrotask(() => onClosed(true));")).toBe(true);
    expect(workflowRef.test('const reloadList = useRef<() => void>(() => {});')).toBe(true);
    expect(workflowRef.test('const idFile = useRef<number | null>(null);')).toBe(true);
    expect(workflowRef.test('const input = useRef<HTMLInputElement>(null);')).toBe(false);
    expect(workflowRef.test('const editor = useRef<AvatarEditorRef>(null);')).toBe(false);
    expect(workflowRef.test('const send = useRef<SendRef | null>(null);')).toBe(true);
  });
});

describe('community data is reached through the community scope (src/server/platform/db/community-scope.ts)', () => {
  /** The community tables: every table the migrations create with a `community_id` of its own. */
  const communityTables = readdirSync(join(root, 'src/server/platform/db/migrations'))
    .flatMap((name) =>
      [
        ...readFileSync(join(root, 'src/server/platform/db/migrations', name), 'utf8').matchAll(
          /CREATE TABLE (?:IF NOT EXISTS )?(\w+)\s*\(([\s\S]*?)\n\);/g,
        ),
      ]
        .filter((m) => /^\s*community_id\s+integer\s+(?:NOT NULL|PRIMARY KEY)/m.test(m[2]))
        .map((m) => m[1]),
    )
    .sort();

  /**
   * Tenancy written by hand: a condition on `community_id` against a parameter or a list
   * (`x.community_id = $1`, `= ANY(…)`, `IN (…)`), an insert that sets `community_id` itself, or a
   * statement that reads or writes a community table directly (`FROM zones`, `INTO streets`,
   * `UPDATE gates`; a JOIN reached from a scoped row is the scope's). Moving a session's
   * community (`SET community_id` on sessions) is not a filter.
   */
  const handWritten = [
    /(?<!SET\s+)\b(?:\w+\.)?community_id\s*(?:=\s*(?:\$|ANY\b)|IN\s*\()/,
    /INSERT INTO\s+\w+(?:\s+AS\s+\w+)?\s*\(\s*community_id\b/,
    new RegExp(`\\b(?:FROM|INTO|UPDATE)\\s+(?:${communityTables.join('|')})\\b`),
  ];
  const handWrittenIn = (text: string) =>
    text
      .split('\n')
      .map((line, i) => (handWritten.some((p) => p.test(line)) ? `${i + 1}: ${line.trim()}` : null))
      .filter((hit): hit is string => hit !== null);

  /**
   * Route modules not migrated to the scope yet. This list only shrinks: a module leaves it when
   * it reaches community data only through `communityScope` (the test below fails while it is
   * listed but clean), and no module may join it.
   */
  const notYetScoped: string[] = [];
  /** Every route module of every feature folder (`*.routes.ts`, `*.route.ts`), by its path under src/server. */
  const routeModules = files(join(root, 'src/server'))
    .map((file) => relative(join(root, 'src/server'), file))
    .filter((name) => /\.routes?\.ts$/.test(name))
    .sort();
  const offenders = routeModules.filter(
    (name) => handWrittenIn(readFileSync(join(root, 'src/server', name), 'utf8')).length > 0,
  );

  it('no route module outside the list writes a community filter or reaches a community table by hand', () => {
    const unlisted = offenders.filter((name) => !notYetScoped.includes(name));
    expect(
      Object.fromEntries(
        unlisted.map((name) => [name, handWrittenIn(readFileSync(join(root, 'src/server', name), 'utf8'))]),
      ),
    ).toEqual({});
  });
  it('every listed module still needs to be listed (the list only shrinks)', () => {
    expect(notYetScoped.filter((name) => !offenders.includes(name))).toEqual([]);
  });
  it("the scope's table type names exactly the community tables of the migrations", () => {
    const source = readFileSync(join(root, 'src/server/platform/db/community-scope.ts'), 'utf8');
    const union = /export type CommunityTable =([^;]+);/.exec(source)![1];
    expect([...union.matchAll(/'(\w+)'/g)].map((m) => m[1]).sort()).toEqual(communityTables);
  });
  it('the check itself finds what it looks for', () => {
    expect(communityTables).toEqual(
      expect.arrayContaining(['zones', 'streets', 'common_areas', 'gates', 'provider_types', 'residents', 'visits']),
    );
    expect(
      handWrittenIn(
        "const row = await db.one('SELECT id FROM zones WHERE community_id = $1 AND uuid = $2', [id, uuid]);",
      ),
    ).toHaveLength(1);
    expect(handWrittenIn("where: ['z.community_id = $1'], params: [requireCommunity(auth)],")).toHaveLength(1);
    expect(handWrittenIn('add((n) => `e.community_id = $${n}`, c.id);')).toHaveLength(1);
    expect(handWrittenIn('WHERE p.community_id IN (SELECT id FROM mine)')).toHaveLength(1);
    expect(handWrittenIn("'INSERT INTO gates (community_id, name) VALUES ($1, $2) RETURNING id'")).toHaveLength(1);
    expect(handWrittenIn("'DELETE FROM provider_types WHERE uuid = $1'")).toHaveLength(1);
    expect(handWrittenIn("from: 'provider_types p JOIN zones z ON z.id = p.zone_id', select: 'p.uuid'")).toEqual([]);
    expect(
      handWrittenIn(
        "await q.query('UPDATE sessions SET community_id = $1 WHERE id = $2', [community.id, auth.sessionId]);",
      ),
    ).toEqual([]);
    expect(
      handWrittenIn("from: { table: 'zones', alias: 'z', joins: 'JOIN communities c ON c.id = z.community_id' },"),
    ).toEqual([]);
  });
});
