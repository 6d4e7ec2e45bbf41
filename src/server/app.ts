import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Config } from './config.js';
import type { Db } from './platform/db/db.js';
import type { AppDeps } from './deps.js';
import { AuthCache } from './platform/http/auth-cache.js';
import { rememberedSerializers } from './platform/http/answer-serializers.js';
import { CatalogueCache } from './catalogues/catalogue-cache.js';
import { registerAuthentication } from './platform/plugins/authenticate.js';
import { frameworkErrorHandler, registerClosingAnswer, registerErrorHandler } from './platform/plugins/errors.js';
import { registerWriteRateLimit } from './platform/plugins/write-rate-limit.js';
import { registerSecurityHeaders } from './platform/plugins/security-headers.js';
import { requestLogSerializer } from './platform/http/log-redaction.js';
import { RequestLog } from './platform/http/request-log.js';
import { registerJsonBody } from './platform/http/json-body.js';
import { JSON_BODY_LIMIT } from './platform/http/route.js';
import { registerOpenApi } from './platform/plugins/openapi.js';
import { registerRealtime } from './platform/plugins/realtime.js';
import { drainOnClose } from './platform/plugins/shutdown.js';
import { registerSpa } from './platform/plugins/spa.js';
import { scheduleAuditPrune } from './audit/audit.js';
import { listenAuthEvents, type AuthEvents } from './platform/services/auth-events.js';
import { devicePresence } from './devices/device-presence.js';
import { routeModules } from './register-routes.js';
import {
  databaseCounterStore,
  embeddedCounterStore,
  redisCounterStore,
  type CounterStore,
} from './platform/services/counter-store.js';
import { FailureThrottle, SignInThrottle } from './session/login-throttle.js';
import { createMailer, type Mailer } from './platform/services/mail.js';

export interface BuildOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  /** Throttle counters; the database's by default, Redis's when REDIS_URL is set. */
  counters?: CounterStore;
  /** Where the log goes (tests read it); standard output by default. */
  logStream?: { write(line: string): void };
  /** Folder of the built SPA; omitted in API tests. */
  distDir?: string;
  /**
   * Benchmark only (specs/bench/platform/answer-serialization.bench.ts): write answers with JSON.stringify,
   * as before the answers were declared, to measure what the schema serializer gives. Never in the app.
   */
  plainJsonAnswers?: boolean;
}

/**
 * Request ids that tell apart the lines of every process and start: a random prefix per process and
 * a counter (a UUID per request cost more than the id is worth; only the log reads it).
 */
function requestIds() {
  const prefix = randomBytes(4).toString('hex');
  let next = 0;
  return () => `${prefix}-${(next++).toString(36)}`;
}

/** Builds the whole API as one Fastify instance; `main.ts` listens, tests call `inject`. */
export async function buildApp(
  options: BuildOptions,
): Promise<FastifyInstance & { deps: AppDeps; authEvents: AuthEvents }> {
  const { config, db } = options;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // A request is logged through `requestLogSerializer` (method, redacted URL, address): its headers,
            // and with them the bearer token and cookies, never reach a line (log-redaction.api.spec.ts),
            // so no redaction pass over `req` runs on every line.
            redact: ['body.password'],
            serializers: { req: requestLogSerializer },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: requestIds(),
    // One line per request, when it is answered: Fastify's two lines per request were the largest
    // single cost of a cached whoami.
    logController: new RequestLog(),
    // Routes set their own (defineRoute: JSON small, uploads their cap); multipart imports stream under their own limits.
    bodyLimit: JSON_BODY_LIMIT,
    // Off unless configured (TRUST_PROXY): a hop count trusts that many proxies in front, a list trusts those addresses.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    ajv: { customOptions: { coerceTypes: false } },
    schemaController: { compilersFactory: { buildSerializer: rememberedSerializers } },
    // A closing server answers 503 in the contract's shape (plugins/errors.ts), not Fastify's.
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
  });
  // Input is validated by the shared valibot schemas inside each route (Spanish messages);
  // the JSON schemas attached to routes only document them.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  if (options.plainJsonAnswers) app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  registerClosingAnswer(app); // first: from the call to close() on, a new request answers 503
  // Before any other preClose hook: closing drains the connections, never resets them (plugins/shutdown.ts).
  drainOnClose(app, { graceMs: config.shutdownGraceMs });
  // One subscription to the auth-change events per process: the session cache, realtime and the catalogue cache hear it.
  const authEvents = await listenAuthEvents(db);
  app.addHook('onClose', async () => authEvents.close());
  const authCache = new AuthCache(authEvents, { max: config.sessionCacheMax, ttlMs: config.sessionCacheTtlMs });
  const realtime = await registerRealtime(app, {
    db,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    corsOrigin: config.corsOrigin,
    listenAuthChanges: async (handler) => {
      const stop = authEvents.subscribe(handler);
      return async () => stop();
    },
  });
  const counters =
    options.counters ??
    (config.redisUrl ? await redisCounterStore(config.redisUrl, config.redisPrefix) : databaseCounterStore(db));
  app.addHook('onClose', async () => counters.close());
  // The write limit counts every write: on the embedded database (one process) it counts in memory.
  const writeCounters =
    options.counters || config.redisUrl || db.kind !== 'pglite' ? counters : embeddedCounterStore(db);
  const deps: AppDeps = {
    config,
    db,
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db }),
    counters,
    throttles: {
      signIn: new SignInThrottle(counters),
      // Guessing codes: 5 failures per email and 20 per address in 15 minutes, then 429.
      residentCode: new FailureThrottle(counters, 'rcode', {
        windowMs: 15 * 60_000,
        maxPerSubject: 5,
        maxPerAddress: 20,
      }),
      // 10 failed attempts per address or 5 per code in 15 minutes: a link code cannot be guessed by trying.
      deviceLink: new FailureThrottle(counters, 'dlink', {
        windowMs: 15 * 60_000,
        maxPerSubject: 5,
        maxPerAddress: 10,
      }),
    },
    client: { id: config.oauthClientId, secret: config.oauthClientSecret },
    publicUrl: config.publicUrl,
    realtime,
    devicePresence: devicePresence(db, realtime, {
      onError: (err) => app.log.error({ err }, 'devices: presence sweep failed'),
    }),
    catalogueCache: new CatalogueCache(authEvents, { max: config.catalogueCacheMax, ttlMs: config.sessionCacheTtlMs }),
  };
  app.addHook('onClose', async () => deps.devicePresence.stop());
  const auditPrune = scheduleAuditPrune(db, config.auditRetentionDays, (err) =>
    app.log.error({ err }, 'auditoría: la depuración falló'),
  );
  app.addHook('onClose', async () => auditPrune.stop());

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await app.register(formbody);
  registerJsonBody(app); // an empty JSON body is no body (platform/http/json-body.ts)
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  registerAuthentication(app, db, authCache, authEvents);
  registerWriteRateLimit(app, writeCounters, config.writeRateLimit);
  for (const module of routeModules) module(app, deps);
  await registerSpa(app, options.distDir);
  app.addHook('onClose', async () => deps.mailer.close());
  // The instance is thenable (awaiting it waits for its plugins), so the async function's declared result cannot be
  // inferred from it: TypeScript would type the awaited value. At run time the awaited value is the instance itself.
  return Object.assign(app, { deps, authEvents }) as unknown as FastifyInstance & {
    deps: AppDeps;
    authEvents: AuthEvents;
  };
}
