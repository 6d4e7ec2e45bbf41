/**
 * Every answer an API test receives is checked against the served OpenAPI document: the status
 * must be one the operation declares, and the body must match that status's schema with no
 * undeclared field (objects are read as closed). `validateAnswers(app)` wraps `app.inject`, so
 * every call of a test file, through `t.as(...)` or `t.app.inject(...)`, is checked; a breach
 * throws and fails the test that made the call.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}
interface Route {
  method: string;
  pattern: RegExp;
  params: number;
  template: string;
  operation: Operation;
}

/** A schema with every object closed: a field the document does not declare is an error. */
function closed(node: unknown, components: Record<string, Json>): unknown {
  if (Array.isArray(node)) return node.map((n) => closed(n, components));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/'))
    return closed(components[ref.slice(21)], components);
  const out: Json = Object.fromEntries(
    Object.entries(node as Json).map(([k, v]) => [
      k,
      k === 'properties'
        ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, closed(s, components)]))
        : closed(v, components),
    ]),
  );
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}

export class ContractBreach extends Error {}

export function answerChecker(document: {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json> };
}) {
  const components = document.components?.schemas ?? {};
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const routes: Route[] = Object.entries(document.paths)
    .flatMap(([template, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase(),
        template,
        operation,
        params: (template.match(/\{/g) ?? []).length,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      })),
    )
    .sort((a, b) => a.params - b.params); // static segments first, as the router matches them
  const compiled = new Map<string, ValidateFunction>();
  const validator = (key: string, schema: Json) => {
    if (!compiled.has(key)) compiled.set(key, ajv.compile(closed(schema, components) as Json));
    return compiled.get(key)!;
  };

  /** Throws a ContractBreach when the answer is not one the document declares. */
  return function check(
    method: string,
    url: string,
    res: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>,
  ) {
    const path = new URL(url, 'http://x').pathname;
    const route = routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
    if (!route) return; // not an operation of the document (an unknown path, the document itself)
    const where = `${method.toUpperCase()} ${route.template} (${url}) answered ${res.statusCode}`;
    const declared = route.operation.responses[String(res.statusCode)];
    if (!declared)
      throw new ContractBreach(
        `${where}: status not declared (declared: ${Object.keys(route.operation.responses).join(', ')})`,
      );
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    const content = declared.content;
    if (!content) {
      if (res.body !== '') throw new ContractBreach(`${where}: declared without a body, but has one`);
      return;
    }
    const json = content['application/json'];
    if (!json || (type !== 'application/json' && content[type])) {
      if (!content[type])
        throw new ContractBreach(
          `${where}: content type ${type || '(none)'} not declared (declared: ${Object.keys(content).join(', ')})`,
        );
      return;
    }
    let body: unknown = res.body;
    if (type === 'application/json') {
      try {
        body = JSON.parse(res.body);
      } catch {
        throw new ContractBreach(`${where}: the body is not JSON`);
      }
    }
    const validate = validator(`${route.method} ${route.template} ${res.statusCode}`, json.schema ?? {});
    if (!validate(body)) {
      const problems = (validate.errors ?? []).map(
        (e) =>
          `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? `: '${e.params.additionalProperty}' is not declared` : ''}`,
      );
      throw new ContractBreach(`${where}: the body does not match the declared schema: ${problems.join('; ')}`);
    }
  };
}

/**
 * The checker of a served document, made once per worker for each document: the apps of a worker's
 * files serve the same one, and its validators are compiled as answers come (most of a file's checks).
 */
const checkers = new Map<string, ReturnType<typeof answerChecker>>();
function checkerOf(document: string) {
  let check = checkers.get(document);
  if (!check) {
    check = answerChecker(JSON.parse(document));
    checkers.set(document, check);
  }
  return check;
}

/** Wraps `app.inject` so every answer is checked against the app's own OpenAPI document. */
export function validateAnswers<T extends FastifyInstance>(app: T): T {
  const inject = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  let check: ReturnType<typeof answerChecker> | undefined;
  const checked = async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    const { method = 'GET', url = '/' } = typeof opts === 'string' ? { url: opts } : opts;
    if (!url.toString().startsWith('/api/openapi.json')) {
      check ??= checkerOf((await inject({ method: 'GET', url: '/api/openapi.json' })).body);
      check(String(method), String(url), res);
    }
    return res;
  };
  (app as unknown as { inject: typeof checked }).inject = checked;
  return app;
}
