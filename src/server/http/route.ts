import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/errors.js';
import type { Role } from '../../shared/roles.js';
import { fieldErrors } from '../../shared/form-validation.js';
import type { AuthContext } from './auth-context.js';

type AnySchema = v.GenericSchema<unknown, unknown>;
type Out<S> = S extends AnySchema ? v.InferOutput<S> : undefined;

/** Who may call: 'public' (no token), 'signedIn' (any valid session) or a list of roles. */
export type Access = 'public' | 'signedIn' | readonly Role[];

export interface RouteDefinition<B, Q, P, A extends Access> {
  method: HTTPMethods;
  url: string;
  summary: string;
  tags?: string[];
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  /** Status code on success (201 on create where the contract says so). */
  status?: number;
  /** Body content type when it is not JSON (documentation only). */
  consumes?: string[];
  handler: (ctx: {
    req: FastifyRequest;
    reply: FastifyReply;
    auth: A extends 'public' ? AuthContext | null : AuthContext;
    body: Out<B>;
    query: Out<Q>;
    params: Out<P>;
  }) => Promise<unknown>;
}

const jsonSchema = (schema: AnySchema | undefined) =>
  schema ? (toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>) : undefined;

function parse<S extends AnySchema | undefined>(schema: S | undefined, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = v.safeParse(schema, value);
  if (result.success) return result.output as Out<S>;
  const fields = fieldErrors(result.issues);
  throw new AppError('invalid_request', Object.values(fields).join(' '), fields);
}

/**
 * The one way to write a route: access checked on the server before anything runs, input
 * parsed by the shared valibot schema (Spanish messages), documented in the OpenAPI output.
 */
export function defineRoute<
  B extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  P extends AnySchema | undefined = undefined,
  A extends Access = Access,
>(app: FastifyInstance, def: RouteDefinition<B, Q, P, A>) {
  app.route({
    method: def.method,
    url: def.url,
    schema: Object.fromEntries(Object.entries({
      summary: def.summary,
      tags: def.tags,
      body: jsonSchema(def.body),
      querystring: jsonSchema(def.query),
      params: jsonSchema(def.params),
      consumes: def.consumes,
      security: def.access === 'public' ? [] : [{ bearerAuth: [] }],
    }).filter(([, value]) => value !== undefined)),
    handler: async (req, reply) => {
      const auth = req.auth;
      if (def.access !== 'public') {
        if (!auth) throw new AppError('unauthorized');
        if (def.access !== 'signedIn' && !(def.access as readonly Role[]).includes(auth.role)) {
          throw new AppError('forbidden');
        }
      }
      const body = parse<B>(def.body, req.body);
      const query = parse<Q>(def.query, req.query);
      const params = parse<P>(def.params, req.params);
      const result = await def.handler({ req, reply, auth: auth as never, body, query, params });
      if (def.status) reply.code(def.status);
      return result === undefined ? reply.send() : result;
    },
  });
}

/** The caller's active community, or 404 when the session has none. */
export function requireCommunity(auth: AuthContext): number {
  if (auth.communityId === null) throw new AppError('not_found', 'No tienes un fraccionamiento activo.');
  return auth.communityId;
}
