import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { defaultDescriptions } from '../../../shared/platform/errors.js';
import {
  communityRoom,
  contractorRoom,
  devicesRoom,
  workersRoom,
  type ClientToServerEvents,
  type DeviceLinkedEvent,
  type DeviceStatusEvent,
  type ServerToClientEvents,
  type SubscribeResult,
  type VisitEvent,
  type WorkerDecidedEvent,
  type WorkerRequestedEvent,
  type WorkersSubscribeResult,
} from '../../../shared/platform/realtime.js';
import { WORKER_ADMINS } from '../../../shared/contractors/worker-rules.js';
import { DEVICE_ADMINS } from '../../../shared/devices/device-rules.js';
import { VISIT_STATS_ROLES } from '../../../shared/visits/visit-access.js';
import type { Queryable } from '../db/db.js';
import { asPlatform } from '../db/row-scope.js';
import type { AuthContext } from '../http/auth-context.js';
import { findSession } from '../http/sessions.js';
import { socketAccess } from '../services/realtime-access.js';
import { tokenHash } from '../services/tokens.js';

/** A socket's session as the handshake resolved it, the hash of its token (to resolve it again), and its dashboard's community. */
interface SocketData {
  auth: AuthContext;
  tokenHash: string;
  communityUuid: string | null;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** What routes use to reach the dashboards: an emitter per community room. */
export interface Realtime {
  readonly io: RealtimeServer;
  emitVisit(communityUuid: string, type: 'V_IN' | 'V_OUT', event: VisitEvent): void;
  /** Device presence and links, to the community's administrators only. */
  emitDeviceStatus(event: DeviceStatusEvent): void;
  emitDeviceLinked(event: DeviceLinkedEvent): void;
  /** A decision on a worker, to its contractor's open screens. */
  emitWorkerDecided(contractorUuid: string, event: WorkerDecidedEvent): void;
  /** A new worker request, to the community's worker administrators. */
  emitWorkerRequested(event: WorkerRequestedEvent): void;
  /**
   * Disconnects this process's sockets whose session ended (log-out, expiry, deleted or blocked
   * account, closed community) or whose subscribed community is no longer the caller's.
   * Runs on a timer; answers how many were dropped.
   */
  checkSessions(): Promise<number>;
}

export interface RealtimeOptions {
  db: Queryable;
  redisUrl?: string;
  /** Channel prefix of the Redis adapter (config REDIS_PREFIX). */
  redisPrefix?: string;
  corsOrigin?: string;
  /** How often open sockets are checked against their sessions (a backstop: auth events act at once). */
  sessionCheckMs?: number;
  /** Subscribes to the database's auth-change events (migration 014's triggers); answers a stop function. */
  listenAuthChanges?: (handler: (payload: string) => void) => Promise<() => Promise<void>>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_MEMBER = 'No perteneces a ese fraccionamiento.';
const UNAUTHORIZED = { error: 'unauthorized', error_description: defaultDescriptions.unauthorized };

/**
 * socket.io on the API's own HTTP server: the handshake's `auth.token` is a
 * session token; `subscribe` joins the room of one community of the caller. With a Redis URL,
 * the Redis adapter carries emits between API processes. Closes itself with the app.
 */
export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<Realtime> {
  const { db } = options;
  const io: RealtimeServer = new Server(app.server, {
    serveClient: false,
    cors: options.corsOrigin ? { origin: options.corsOrigin } : undefined,
  });

  if (options.redisUrl) {
    // Loaded only when Redis is configured: a single server never pays for the client.
    const [{ createClient }, { createAdapter }] = await Promise.all([
      import('redis'),
      import('@socket.io/redis-adapter'),
    ]);
    const redis = createClient({ url: options.redisUrl });
    const redisSub = redis.duplicate();
    for (const client of [redis, redisSub]) client.on('error', (err) => app.log.error({ err }, 'realtime: Redis'));
    await Promise.all([redis.connect(), redisSub.connect()]);
    io.adapter(createAdapter(redis, redisSub, { key: options.redisPrefix ?? 'porton' }));
    app.addHook('onClose', async () => {
      await Promise.all([redis, redisSub].map((client) => client.close().catch(() => undefined)));
    });
  }

  // The handshake resolves its token as an HTTP request does (`findSession`: the same checks, in the
  // same row scope), so an account refused there is refused here.
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const hash = typeof token === 'string' && token ? tokenHash(token) : null;
    const found = hash ? await findSession(db, hash).catch(() => null) : null;
    if (!hash || !found) return next(Object.assign(new Error(UNAUTHORIZED.error_description), { data: UNAUTHORIZED }));
    socket.data = { auth: found.auth, tokenHash: hash, communityUuid: null };
    next();
  });

  /**
   * Before a socket joins a room its session is resolved again, as at the handshake: one that ended
   * since (an expiry, which no event announces, or a revocation whose event this process missed) is
   * refused and the socket dropped. Answers the session as it is now, or null once refused.
   */
  const sessionNow = async (
    socket: RealtimeSocket,
    refuse: (result: { ok: false; error: string }) => void,
  ): Promise<AuthContext | null> => {
    const found = await findSession(db, socket.data.tokenHash);
    if (!found || found.auth.sessionId !== socket.data.auth.sessionId) {
      refuse({ ok: false, error: UNAUTHORIZED.error_description });
      socket.disconnect(true);
      return null;
    }
    socket.data.auth = found.auth;
    return found.auth;
  };

  io.on('connection', (socket) => {
    socket.on('subscribeWorkers', async (ack) => {
      const reply = (result: WorkersSubscribeResult) => {
        if (typeof ack === 'function') ack(result);
      };
      try {
        const auth = await sessionNow(socket, reply);
        if (!auth) return;
        if (auth.role === 'contractor') {
          // The account's own contractor record, whichever community it works in.
          const row = await asPlatform('el contratista de la cuenta de un socket', () =>
            db.one<{ uuid: string }>('SELECT uuid::text AS uuid FROM contractors WHERE user_id = $1', [auth.userId]),
          );
          if (!row) return reply({ ok: false, error: NOT_MEMBER });
          await socket.join(contractorRoom(row.uuid));
          return reply({ ok: true });
        }
        if (!WORKER_ADMINS.includes(auth.role) || !auth.communityUuid) return reply({ ok: false, error: NOT_MEMBER });
        await socket.join(workersRoom(auth.communityUuid));
        reply({ ok: true });
      } catch (err) {
        app.log.error({ err }, 'realtime: workers subscribe failed');
        reply({ ok: false, error: defaultDescriptions.server_error });
      }
    });
    socket.on('subscribe', async (communityUuid, ack) => {
      const reply = (result: SubscribeResult) => {
        if (typeof ack === 'function') ack(result);
      };
      try {
        const auth = await sessionNow(socket, reply);
        if (!auth) return;
        if (typeof communityUuid !== 'string' || !UUID.test(communityUuid) || !VISIT_STATS_ROLES.includes(auth.role)) {
          return reply({ ok: false, error: NOT_MEMBER });
        }
        const access = await socketAccess(db, auth, communityUuid);
        if (!access.live) {
          reply({ ok: false, error: UNAUTHORIZED.error_description });
          return void socket.disconnect(true);
        }
        if (!access.uuid) return reply({ ok: false, error: NOT_MEMBER });
        // A dashboard shows one community: a new subscription replaces the previous one.
        if (socket.data.communityUuid && socket.data.communityUuid !== access.uuid) {
          await socket.leave(communityRoom(socket.data.communityUuid));
          await socket.leave(devicesRoom(socket.data.communityUuid));
        }
        await socket.join(communityRoom(access.uuid));
        // Device events (presence, links) reach the community's administrators only.
        if (DEVICE_ADMINS.includes(auth.role)) await socket.join(devicesRoom(access.uuid));
        socket.data.communityUuid = access.uuid;
        reply({ ok: true });
      } catch (err) {
        app.log.error({ err }, 'realtime: subscribe failed');
        reply({ ok: false, error: defaultDescriptions.server_error });
      }
    });
  });

  const checkSessions = async () => {
    const sockets = [...io.of('/').sockets.values()].filter((s) => s.data?.auth);
    const verdicts = new Map<string, Promise<boolean>>();
    for (const { data } of sockets) {
      const key = `${data.auth.sessionId}:${data.communityUuid ?? ''}`;
      if (!verdicts.has(key)) {
        verdicts.set(
          key,
          socketAccess(db, data.auth, data.communityUuid).then(
            (a) => a.live && (data.communityUuid === null || a.uuid !== null),
          ),
        );
      }
    }
    let dropped = 0;
    for (const socket of sockets) {
      if (!(await verdicts.get(`${socket.data.auth.sessionId}:${socket.data.communityUuid ?? ''}`))) {
        socket.disconnect(true);
        dropped++;
      }
    }
    return dropped;
  };
  /**
   * Auth-change events (a socket once heard V_IN after its log-out and was dropped 24 s
   * later): a revoked session's sockets go at once; an account's sockets, or all of them after an
   * integrator or community change, are checked against the database at once.
   */
  const onAuthChange = async (payload: string) => {
    const sockets = [...io.of('/').sockets.values()].filter((s) => s.data?.auth);
    if (payload.startsWith('s:')) {
      const sessionId = Number(payload.slice(2));
      for (const socket of sockets) if (socket.data.auth.sessionId === sessionId) socket.disconnect(true);
      return;
    }
    if (payload.startsWith('u:')) {
      const userId = Number(payload.slice(2));
      for (const socket of sockets.filter((s) => s.data.auth.userId === userId)) {
        const access = await socketAccess(db, socket.data.auth, socket.data.communityUuid);
        if (!access.live || (socket.data.communityUuid !== null && access.uuid === null)) socket.disconnect(true);
      }
      return;
    }
    // A session's community or a device changed: sockets keep their own subscription.
    if (payload.startsWith('c:') || payload.startsWith('d:')) return;
    await checkSessions();
  };
  const stopListening = options.listenAuthChanges
    ? await options.listenAuthChanges((payload) => {
        onAuthChange(payload).catch((err) => app.log.error({ err }, 'realtime: auth change failed'));
      })
    : null;

  const timer = setInterval(() => {
    checkSessions().catch((err) => app.log.error({ err }, 'realtime: session check failed'));
  }, options.sessionCheckMs ?? 30_000);
  timer.unref();

  // Open websockets would keep the HTTP server from closing: drop them first.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await stopListening?.();
    io.local.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
  });

  return {
    io,
    emitVisit: (communityUuid, type, event) => {
      io.to(communityRoom(communityUuid)).emit(type, event);
    },
    emitDeviceStatus: (event) => {
      io.to(devicesRoom(event.fracUuid)).emit('DEVICE_STATUS', event);
    },
    emitDeviceLinked: (event) => {
      io.to(devicesRoom(event.fracUuid)).emit('DEVICE_LINKED', event);
    },
    emitWorkerDecided: (contractorUuid, event) => {
      io.to(contractorRoom(contractorUuid)).emit('WORKER_DECIDED', event);
    },
    emitWorkerRequested: (event) => {
      io.to(workersRoom(event.fracUuid)).emit('WORKER_REQUESTED', event);
    },
    checkSessions,
  };
}
