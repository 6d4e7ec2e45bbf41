import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../../shared/platform/errors.js';
import type { Role } from '../../../shared/platform/roles.js';
import {
  fieldErrors,
  FORBIDDEN_CHARACTERS_MESSAGE,
  forbiddenCharacterPath,
} from '../../../shared/platform/form-validation.js';
import type { ErrorStatus } from '../../../shared/platform/answer.schema.js';
import { asActor, asPlatform, inCommunities, type AuditActor } from '../db/row-scope.js';
import { acrossCommunities, spansCommunities } from './across-communities.js';
import type { AuthContext } from './auth-context.js';
import type { DeviceContext } from '../../devices/device-auth.js';
import { answerSchemas, inputJsonSchema } from './route-schemas.js';

type AnySchema = v.GenericSchema<unknown, unknown>;
type Out<S> = S extends AnySchema ? v.InferOutput<S> : undefined;
/** What the handler must give back: the declared answer's shape, or nothing when it has no body. */
// biome-ignore lint/suspicious/noConfusingVoidType: it is a return type: a handler of an answer without a body returns nothing, which TypeScript types as void, not undefined
type Answer<R> = R extends AnySchema ? v.InferInput<R> : R extends BinaryAnswer ? unknown : void;

/** A success answer that is a file, not JSON: its media types (the handler sends the bytes itself). */
export interface BinaryAnswer {
  binary: readonly string[];
}

/** Further success statuses a route may answer besides `status` (206 for a partial result), each with its schema. */
export type AlsoAnswers = Partial<Record<200 | 201 | 202 | 206, AnySchema>>;

/**
 * What a handler returns to answer one of its `alsoAnswers` instead of the main success:
 * `return new OtherAnswer(206, body)`. The body is written by that status's declared schema.
 */
export class OtherAnswer<S extends number = number, T = unknown> {
  constructor(
    readonly status: S,
    readonly body: T,
  ) {}
}

/** The operation id of a further spelling of a route the contract names with a trailing slash. */
export const atTrailingSlash = (operationId: string, url: string) =>
  url.endsWith('/') ? `${operationId}AtTrailingSlash` : operationId;

/** Who may call: 'public' (no token), 'signedIn' (any valid session) or a list of roles. */
export type Access = 'public' | 'signedIn' | readonly Role[];

/**
 * Whether a linked device's token may call: 'only' a device (its heartbeat), or 'also'
 * (a device, or a session of the route's roles: registering visits). Other routes answer a device 401.
 */
export type DeviceAccess = 'only' | 'also' | undefined;

type AuthOf<A extends Access, D extends DeviceAccess> = D extends 'only' | 'also'
  ? AuthContext | null
  : A extends 'public'
    ? AuthContext | null
    : AuthContext;
type DeviceOf<D extends DeviceAccess> = D extends 'only'
  ? DeviceContext
  : D extends 'also'
    ? DeviceContext | null
    : null;

export interface RouteDefinition<
  B,
  Q,
  P,
  A extends Access,
  R extends AnySchema | BinaryAnswer | null,
  D extends DeviceAccess = undefined,
> {
  method: HTTPMethods;
  url: string;
  /** Stable name of the operation for generated clients: the action and the resource (`listGates`, `createUser`). */
  operationId: string;
  summary: string;
  tags?: string[];
  access: A;
  /** A device token may call it too ('also') or only a device may ('only'); documented as the `deviceToken` scheme. */
  devices?: D;
  /** The route also wants the client's basic credential (`requireClient`): documented as the `clientBasic` scheme, implies 401. */
  clientCredentials?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  /** Status code on success (201 on create where the contract says so, 204 with no body). */
  status?: 200 | 201 | 204;
  /**
   * The success answer's schema (valibot), null when it has no body, or the media types of a file. It is the one source of
   * the OpenAPI answer, of the serializer (which writes only declared fields) and of the type the
   * handler must return.
   */
  response: R;
  /** What the success answer is, in Spanish, for the reference. */
  responseDescription?: string;
  /**
   * Further success answers (documented in the OpenAPI output, so the answer check accepts them);
   * the handler gives one by returning an `OtherAnswer` with its status.
   */
  alsoAnswers?: AlsoAnswers;
  /**
   * Media types the JSON success answer may also take (a report that answers its workbook when
   * the client asks for it in `Accept`); the handler sends those bytes itself.
   */
  alsoBinary?: readonly string[];
  /**
   * Error answers the route can give besides those its definition implies: 400 when it parses
   * input, 413 and 415 when it reads a body, 401 unless public or when it wants the client credential, 403 when only some roles may call.
   */
  errors?: readonly ErrorStatus[];
  /**
   * The largest body this route reads, in bytes. By default a route whose body carries a base64
   * file (a `content` field) takes UPLOAD_BODY_LIMIT, every other route the app's JSON_BODY_LIMIT.
   */
  bodyLimit?: number;
  /**
   * A public route whose community comes from what it is given (a code, a signed link), not from
   * a session: its handler runs on the platform path (every community's rows), and
   * this names why. Only public routes may say it; they find the community's row by that
   * unguessable input and act on it alone.
   */
  platform?: string;
  /**
   * For the general administrator and integrators, the handler reaches the communities they span
   * (`acrossCommunities`: every one, or the integrator's own; logged with this reason). Everyone
   * else stays in the active community.
   */
  acrossCommunities?: string;
  /** Body content type when it is not JSON (documentation only). */
  consumes?: string[];
  handler: (ctx: {
    req: FastifyRequest;
    reply: FastifyReply;
    auth: AuthOf<A, D>;
    /** The calling device (routes with `devices`), else null. */
    device: DeviceOf<D>;
    body: Out<B>;
    query: Out<Q>;
    params: Out<P>;
  }) => Answer<R> | OtherAnswer | FastifyReply | Promise<Answer<R> | OtherAnswer | FastifyReply>;
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | null)?.then === 'function';

function parse<S extends AnySchema | undefined>(schema: S | undefined, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  // Every text of every route: PostgreSQL refuses U+0000, so it is a 400 here, never a 500 there.
  const forbiddenAt = forbiddenCharacterPath(value);
  if (forbiddenAt)
    throw new AppError('invalid_request', FORBIDDEN_CHARACTERS_MESSAGE, {
      [forbiddenAt]: FORBIDDEN_CHARACTERS_MESSAGE,
    });
  const result = v.safeParse(schema, value);
  if (result.success) return result.output as Out<S>;
  const fields = fieldErrors(result.issues);
  throw new AppError('invalid_request', Object.values(fields).join(' '), fields);
}

/** A JSON body is small; a base64 upload (images of at most 5 MB, two per event) has its own cap. */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = 10 * 1024 * 1024;

/** Whether a body schema carries a base64 file: uploads name their bytes `content`. */
const carriesFile = (body: AnySchema | undefined) =>
  body !== undefined && JSON.stringify(inputJsonSchema(body) ?? {}).includes('"content"');

/** Whether a route is a write that a token calls: it counts against the write limit (plugins/write-rate-limit.ts) and may answer 429. */
export const isWriteLimited = (def: { method: HTTPMethods | HTTPMethods[]; access: Access; devices?: DeviceAccess }) =>
  (def.access !== 'public' || !!def.devices) &&
  [def.method].flat().some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m.toUpperCase()));

/** The error statuses a definition implies, plus those it declares. */
export function errorStatuses(def: {
  method: HTTPMethods | HTTPMethods[];
  access: Access;
  clientCredentials?: boolean;
  devices?: DeviceAccess;
  body?: unknown;
  query?: unknown;
  params?: unknown;
  errors?: readonly ErrorStatus[];
}) {
  const implied: ErrorStatus[] = [];
  // The general write limit per token.
  if (isWriteLimited(def)) implied.push(429);
  if (def.body || def.query || def.params) implied.push(400);
  // A body the server cannot read: too large for the body limit, or of a content type it does not parse.
  if (def.body) implied.push(413, 415);
  if (def.access !== 'public' || def.clientCredentials || def.devices) implied.push(401);
  if (def.access !== 'public' && def.access !== 'signedIn') implied.push(403);
  return [...new Set([...implied, ...(def.errors ?? [])])].sort((a, b) => a - b);
}

/**
 * The one way to write a route: access checked on the server before anything runs, input
 * parsed by the shared valibot schema (Spanish messages), every answer declared, success and
 * errors, and documented in the OpenAPI output; the answer is serialized from its schema.
 */
export function defineRoute<
  B extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  P extends AnySchema | undefined = undefined,
  A extends Access = Access,
  R extends AnySchema | BinaryAnswer | null = null,
  D extends DeviceAccess = undefined,
>(app: FastifyInstance, def: RouteDefinition<B, Q, P, A, R, D>) {
  const status = def.status ?? 200;
  if (def.platform !== undefined && def.access !== 'public')
    throw new Error(`${def.operationId}: only a public route runs on the platform path`);
  app.route({
    method: def.method,
    url: def.url,
    bodyLimit: def.bodyLimit ?? (carriesFile(def.body) ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT),
    config: { writeLimited: isWriteLimited(def) },
    schema: Object.fromEntries(
      Object.entries({
        operationId: def.operationId,
        summary: def.summary,
        tags: def.tags,
        body: inputJsonSchema(def.body),
        querystring: inputJsonSchema(def.query),
        params: inputJsonSchema(def.params),
        consumes: def.consumes,
        security:
          def.devices === 'only'
            ? [{ deviceToken: [] }]
            : def.devices === 'also'
              ? [{ bearerAuth: [] }, { deviceToken: [] }]
              : def.access !== 'public'
                ? [{ bearerAuth: [] }]
                : def.clientCredentials
                  ? [{ clientBasic: [] }]
                  : [],
        response: answerSchemas(
          status,
          def.response,
          def.responseDescription,
          errorStatuses(def),
          def.alsoAnswers,
          def.alsoBinary,
        ),
      }).filter(([, value]) => value !== undefined),
    ),
    // Synchronous until a handler returns a promise: a handler that answers from the
    // session alone (whoami) costs no promise, no extra microtask and no async-context propagation.
    handler: (req, reply) => {
      const auth = req.auth;
      const device = def.devices ? req.device : null;
      if (def.devices === 'only' && !device) throw new AppError('unauthorized');
      if (def.access !== 'public' && !device) {
        if (!auth) throw new AppError('unauthorized');
        if (def.access !== 'signedIn' && !(def.access as readonly Role[]).includes(auth.role)) {
          throw new AppError('forbidden');
        }
      }
      const body = parse<B>(def.body, req.body);
      const query = parse<Q>(def.query, req.query);
      const params = parse<P>(def.params, req.params);
      // The second wall: the handler's statements see the rows of the caller's active
      // community only (none without one); spanning communities is `acrossCommunities`, explicit.
      const communityId = device?.communityId ?? auth?.communityId ?? null;
      // The checks above are what make `auth` and `device` the handler's AuthOf / DeviceOf (non-null where the
      // route's access requires it); TypeScript cannot follow them into the generic types, hence the casts.
      const ctx = { req, reply, auth: auth as never, device: device as never, body, query, params };
      // Every write the handler makes is recorded under its caller (the audit trigger reads it).
      const result = asActor(actorOf(req, device), () =>
        def.platform !== undefined
          ? asPlatform(def.platform, () => def.handler(ctx))
          : def.acrossCommunities !== undefined && spansCommunities(auth)
            ? acrossCommunities(req, def.acrossCommunities, async () => def.handler(ctx))
            : inCommunities(communityId === null ? [] : [communityId], () => def.handler(ctx)),
      );
      return isPromise(result) ? result.then((answer) => finish(reply, answer)) : finish(reply, result);
    },
  });

  /** The handler's answer as the declared success (or one of `alsoAnswers`); the reply itself when the handler sent it. */
  function finish(reply: FastifyReply, result: unknown) {
    if (reply.sent) return reply;
    if (result instanceof OtherAnswer) {
      if (!def.alsoAnswers?.[result.status as keyof AlsoAnswers])
        throw new Error(`${def.operationId}: ${result.status} is not in alsoAnswers`);
      return reply.code(result.status).send(result.body);
    }
    reply.code(status);
    return result === undefined || status === 204 ? reply.send() : result;
  }
}

/** The caller as the audit trail names it: the device token's device, the session's account, or anonymous; with its address. */
function actorOf(req: FastifyRequest, device: DeviceContext | null): AuditActor {
  const address = req.ip ? req.ip.slice(0, 64) : null;
  if (device) return { kind: 'device', userId: null, deviceId: device.deviceId, label: device.name, address };
  if (req.auth) return { kind: 'user', userId: req.auth.userId, deviceId: null, label: req.auth.email, address };
  return { kind: 'anonymous', userId: null, deviceId: null, label: null, address };
}

/** The caller's active community, or 404 when the session has none. */
export function requireCommunity(auth: AuthContext): number {
  if (auth.communityId === null) throw new AppError('not_found', 'No tienes un fraccionamiento activo.');
  return auth.communityId;
}
