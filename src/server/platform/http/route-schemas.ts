/**
 * valibot schemas as the JSON Schema that Fastify and @fastify/swagger read: inputs (documented
 * only: valibot parses them) and answers (documented, and compiled by fast-json-stringify, which
 * writes only the declared fields, so nothing undeclared ever leaves the server).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import {
  ErrorBodySchema,
  errorExample,
  errorMeaning,
  type ErrorStatus,
} from '../../../shared/platform/answer.schema.js';

type AnySchema = v.GenericSchema<unknown, unknown>;
type Json = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1) without the `$schema` marker, which Fastify's compilers do not want per route. */
export function toJson(schema: AnySchema): Json {
  const { $schema: _, ...json } = toJsonSchema(schema, { errorMode: 'ignore', target: 'draft-2020-12' }) as Json;
  return simplify(json) as Json;
}

export const inputJsonSchema = (schema: AnySchema | undefined) => (schema ? toJson(schema) : undefined);

/**
 * `anyOf: [{type: X}, {type: 'null'}]` as `type: [X, 'null']`: the same meaning, and
 * fast-json-stringify writes a type list without trying each branch; an `anyOf` with a branch
 * that accepts anything is dropped.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: Json = Object.fromEntries(Object.entries(node as Json).map(([k, val]) => [k, simplify(val)]));
  const any = out.anyOf as Json[] | undefined;
  // A branch that accepts anything makes the whole `anyOf` accept anything (valibot's unknown() in a union).
  if (any?.some((branch) => Object.keys(branch).length === 0)) {
    const { anyOf: _, ...rest } = out;
    return rest;
  }
  if (any?.length === 2 && any.some((s) => s.type === 'null')) {
    const other = any.find((s) => s.type !== 'null')!;
    const keys = Object.keys(other);
    if (typeof other.type === 'string' && keys.every((k) => k === 'type' || k === 'format' || k === 'enum')) {
      const { anyOf: _, ...rest } = out;
      return {
        ...rest,
        ...other,
        type: [other.type, 'null'],
        ...(other.enum ? { enum: [...(other.enum as unknown[]), null] } : {}),
      };
    }
  }
  return out;
}

/** The shared error body, registered once with `app.addSchema` and referenced by every error answer. */
export const ERROR_BODY_ID = 'ErrorBody';
export const errorBodyJsonSchema = { $id: ERROR_BODY_ID, ...toJson(ErrorBodySchema) };
const json = (schema: Json, example?: unknown) => ({
  'application/json': { schema, ...(example === undefined ? {} : { example }) },
});

const SUCCESS_TEXT: Record<number, string> = {
  200: 'Correcto.',
  201: 'Creado.',
  202: 'Aceptado.',
  204: 'Hecho; sin contenido.',
  206: 'Correcto en parte.',
};

/** The `response` map of a route: its success answer and each error status with the shared error body. */
export function answerSchemas(
  status: number,
  response: AnySchema | { binary: readonly string[] } | null,
  description: string | undefined,
  errors: ErrorStatus[],
  also: Partial<Record<number, AnySchema>> = {},
  alsoBinary: readonly string[] = [],
) {
  const text = description ?? SUCCESS_TEXT[status];
  const binary = (types: readonly string[]) =>
    Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  const success =
    response === null
      ? { description: text, type: 'null' }
      : 'binary' in response
        ? { description: text, content: binary(response.binary) }
        : { description: text, content: { ...json(toJson(response)), ...binary(alsoBinary) } };
  return {
    [status]: success,
    ...Object.fromEntries(
      Object.entries(also).map(([code, schema]) => [
        code,
        { description: SUCCESS_TEXT[Number(code)], content: json(toJson(schema!)) },
      ]),
    ),
    ...Object.fromEntries(
      errors.map((code) => [
        code,
        {
          description: errorMeaning[code],
          content: json({ $ref: `${ERROR_BODY_ID}#` }, errorExample(code)),
        },
      ]),
    ),
  };
}
