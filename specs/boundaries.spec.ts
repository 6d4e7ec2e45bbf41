import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineRulesIn } from './support/inline-rules.js';

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

describe('no route module holds SQL (queries and writes live in the feature’s data modules)', () => {
  /**
   * The string and template literals of a TypeScript source, each with the line it starts on.
   * Comments are skipped (a doc comment may name `DELETE api/…`); a template's `${…}` parts are
   * code, so their own literals are read as literals too.
   */
  const literals = (source: string): { line: number; text: string }[] => {
    const found: { line: number; text: string }[] = [];
    const lineAt = (index: number) => source.slice(0, index).split('\n').length;
    const braces: number[] = []; // for each open `${`, the brace depth inside it
    let depth = 0;
    let i = 0;
    const readTemplate = (start: number) => {
      // reads from just after a backtick or a closing `}` of `${…}` up to the next `${` or closing backtick
      let text = '';
      let j = start;
      while (j < source.length) {
        const ch = source[j];
        if (ch === '\\') {
          text += source.slice(j, j + 2);
          j += 2;
        } else if (ch === '`') {
          found.push({ line: lineAt(start), text });
          return { next: j + 1, open: false };
        } else if (ch === '$' && source[j + 1] === '{') {
          found.push({ line: lineAt(start), text });
          return { next: j + 2, open: true };
        } else {
          text += ch;
          j++;
        }
      }
      return { next: j, open: false };
    };
    while (i < source.length) {
      const ch = source[i];
      if (ch === '/' && source[i + 1] === '/')
        i = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
      else if (ch === '/' && source[i + 1] === '*') i = source.indexOf('*/', i + 2) + 2;
      else if (ch === "'" || ch === '"') {
        let j = i + 1;
        while (j < source.length && source[j] !== ch && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
        found.push({ line: lineAt(i), text: source.slice(i + 1, j) });
        i = j + 1;
      } else if (ch === '`') {
        const { next, open } = readTemplate(i + 1);
        if (open) braces.push(depth);
        i = next;
      } else if (ch === '{') {
        depth++;
        i++;
      } else if (ch === '}') {
        if (braces.length > 0 && braces[braces.length - 1] === depth) {
          braces.pop();
          const { next, open } = readTemplate(i + 1);
          if (open) braces.push(depth);
          i = next;
        } else {
          depth--;
          i++;
        }
      } else i++;
    }
    return found;
  };

  /** SQL text: a select, an insert, an update, a delete, a quoted column alias or a join. */
  const sql = [
    /\bSELECT\b[\s\S]*\bFROM\b/,
    /\bINSERT\s+INTO\b/,
    /\bUPDATE\s+\w+(?:\s+\w+)?\s+SET\b/,
    /\bDELETE\s+FROM\b/,
    /\bAS\s+"/,
    /\bJOIN\b/,
  ];
  const sqlIn = (source: string) =>
    literals(source)
      .filter(({ text }) => sql.some((p) => p.test(text)))
      .map(({ line, text }) => `${line}: ${text.trim().split('\n')[0]}`);

  const routeModules = files(join(root, 'src/server'))
    .filter((file) => /\.routes?\.ts$/.test(file))
    .sort();

  it('no route module (src/server/**/*.routes.ts) holds a query or a write', () => {
    expect(
      routeModules.flatMap((file) => sqlIn(readFileSync(file, 'utf8')).map((hit) => `${relative(root, file)}:${hit}`)),
    ).toEqual([]);
  });
  it('the check itself finds what it looks for', () => {
    expect(routeModules.length).toBeGreaterThan(30);
    expect(sqlIn("await q.one('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);")).toEqual([
      '1: SELECT 1 FROM users WHERE lower(email) = lower($1)',
    ]);
    expect(
      sqlIn('const n = 1;\nawait q.query(\n  `INSERT INTO integrators (name)\n VALUES ($1)`, [name]);'),
    ).toHaveLength(1);
    expect(sqlIn(`q.query(\`UPDATE users SET email = $1 WHERE id = \${id}\`)`)).toHaveLength(1);
    expect(sqlIn("q.query('UPDATE massive_event_guests g SET first_name = $2 WHERE id = $1')")).toHaveLength(1);
    expect(sqlIn('q.query("DELETE FROM massive_event_guests WHERE id = $1", [id])')).toHaveLength(1);
    expect(sqlIn('select: \'d.uuid, d.name, d.device_type AS "deviceType"\',')).toHaveLength(1);
    expect(sqlIn("joins: 'JOIN communities c ON c.id = g.community_id',")).toHaveLength(1);
    expect(sqlIn(`const s = \`\${a} LEFT JOIN residents r ON r.id = \${b}\`;`)).toHaveLength(1);
    // a literal inside a template's \${…} is read too
    expect(sqlIn(`const s = \`a \${f(\`x.id AS "idX"\`)} b\`;`)).toEqual(['1: x.id AS "idX"']);
    // the words in comments, in route paths and in messages are not SQL
    expect(sqlIn("/** `DELETE api/phones/{uuid}`: a saved phone. */\nmethod: 'DELETE',")).toEqual([]);
    expect(sqlIn("// SELECT id FROM zones\nconst url = 'https://x/y'; // JOIN\nconst m = 'Selecciona';")).toEqual([]);
    expect(sqlIn("description: 'Dice si un correo puede usarse (DELETED, se puede reactivar)',")).toEqual([]);
  });
});

describe('machines name their rules in setup() (diagrams, the inspector and the paths report show the names)', () => {
  /** At most this many guards and assigns may be written inline in the machines' configs; the count only falls. */
  const inlineAllowed = 15;
  const inline = files(join(root, 'machines')).flatMap((file) =>
    inlineRulesIn(readFileSync(file, 'utf8')).map(
      (rule) => `${relative(root, file)}:${rule.line}: ${rule.kind} ${rule.text}`,
    ),
  );

  it(`no more than ${inlineAllowed} inline guards and assigns in machines/`, () => {
    expect(inline.length, inline.join('\n')).toBeLessThanOrEqual(inlineAllowed);
  });
  it('the check itself finds what it looks for', () => {
    const source = [
      "import { assign, setup } from 'xstate';",
      'export const m = setup({',
      '  guards: { named: ({ context }) => context.n > 0 },',
      '  actions: { count: assign({ n: ({ context }) => context.n + 1 }) },',
      '}).createMachine({',
      '  context: { n: 0 },',
      '  on: {',
      '    a: { guard: ({ context }) => context.n > 1, actions: assign({ n: 0 }) },',
      "    b: { guard: and(['named', ({ event }) => event.ok]), actions: 'count' },",
      "    c: { guard: { type: 'named', params: ({ event }) => ({ n: event.n }) }, actions: { type: 'count' } },",
      "    d: { guard: not('named'), actions: ['count', assign(({ context }) => ({ n: context.n - 1 }))] },",
      '  },',
      '  entry: assign({ n: 1 }),',
      '});',
      '// guard: () => true, assign({ n: 2 }) in a comment is no rule',
    ].join('\n');
    expect(inlineRulesIn(source).map((rule) => `${rule.line} ${rule.kind}`)).toEqual([
      '8 guarda',
      '8 assign',
      '9 guarda',
      '11 assign',
      '13 assign',
    ]);
  });
});
