/**
 * Rules written inline in a machine's config: a guard given as a function (alone or inside
 * `and` / `or` / `not`) and an `assign(…)` call in a transition, an entry or an exit. Such a rule
 * shows as an anonymous function in the diagrams and the inspector; a rule named in `setup()`
 * shows its name. The source is parsed (Babel's TypeScript parser), so comments and strings never count.
 */
import { parse } from '@babel/parser';
import type { CallExpression, Node, ObjectProperty } from '@babel/types';

export interface InlineRule {
  kind: 'guarda' | 'assign';
  /** 1-based line of the rule in its file. */
  line: number;
  /** The rule's first line of source. */
  text: string;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The nodes directly under a node (its fields holding a node or a list of nodes). */
const childrenOf = (node: Node): Node[] =>
  Object.entries(node)
    .filter(([key]) => !['leadingComments', 'trailingComments', 'innerComments', 'loc'].includes(key))
    .flatMap(([, value]) => (Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : []));

const calleeName = (call: CallExpression): string | undefined =>
  call.callee.type === 'Identifier'
    ? call.callee.name
    : call.callee.type === 'MemberExpression' && call.callee.property.type === 'Identifier'
      ? call.callee.property.name
      : undefined;

const keyIs = (property: ObjectProperty, name: string) =>
  (property.key.type === 'Identifier' && property.key.name === name) ||
  (property.key.type === 'StringLiteral' && property.key.value === name);

const isFunction = (node: Node) => node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';

/** The inline rules of one source file: the config of every `createMachine(…)` call is searched. */
export function inlineRulesIn(source: string): InlineRule[] {
  const file = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found: InlineRule[] = [];
  const report = (kind: InlineRule['kind'], node: Node) =>
    found.push({
      kind,
      line: node.loc?.start.line ?? 0,
      text: source
        .slice(node.start ?? 0, node.end ?? 0)
        .split('\n')[0]!
        .trim(),
    });
  /**
   * Inside a guard's value, the functions written there. A named guard is a string or
   * `{ type, params }`: the function computing its params is not a rule.
   */
  const guardFunctions = (node: Node): void => {
    if (isFunction(node)) report('guarda', node);
    else if (!(node.type === 'ObjectProperty' && keyIs(node, 'params'))) childrenOf(node).forEach(guardFunctions);
  };
  const inConfig = (node: Node): void => {
    if (node.type === 'ObjectProperty' && keyIs(node, 'guard')) {
      guardFunctions(node.value);
      return;
    }
    if (node.type === 'CallExpression' && calleeName(node) === 'assign') report('assign', node);
    childrenOf(node).forEach(inConfig);
  };
  const visit = (node: Node): void => {
    if (node.type === 'CallExpression' && calleeName(node) === 'createMachine') node.arguments.forEach(inConfig);
    else childrenOf(node).forEach(visit);
  };
  visit(file.program);
  return found;
}
