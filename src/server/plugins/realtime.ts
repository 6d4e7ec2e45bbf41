import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { defaultDescriptions } from '../../shared/errors.js';
import {
  communityRoom, type ClientToServerEvents, type ServerToClientEvents, type SubscribeResult, type VisitEvent,
} from '../../shared/realtime.js';
import { VISIT_STATS_ROLES } from '../../shared/visit-access.js';
import type { Queryable } from '../db/db.js';
import type { AuthContext } from '../http/auth-context.js';
import { ACCOUNT_BLOCKED_SQL, resolveSession, USER_COMMUNITIES_SQL } from '../http/sessions.js';

interface SocketData { auth: AuthContext; room: string | null }
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** What routes use to reach the dashboards: an emitter per community room. */
export interface Realtime {
  readonly io: RealtimeServer;
  emitVisit(fracUuid: string, type: 'V_IN' | 'V_OUT', event: VisitEvent): void;
  /** Disconnects sockets whose session ended (log-out, expiry, deleted or blocked account). */
  checkSessions(): Promise<number>;
}

export interface RealtimeOptions {
  db: Queryable;
  redisUrl?: string;
  corsOrigin?: string;
  /** How often open sockets are checked against their sessions. */
  sessionCheckMs?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_MEMBER = 'No perteneces a ese fraccionamiento.';

/** Condition on session alias `s`: it may still be used (not revoked nor expired, account live and not blocked). */
const SESSION_LIVE = `s.revoked_at IS NULL AND s.expires_at > now()
  AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id AND u.deleted_at IS NULL AND NOT ${ACCOUNT_BLOCKED_SQL})`;

/** Sessions among `ids` that may still be used. */
async function liveSessions(db: Queryable, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: number }>(`SELECT s.id FROM sessions s WHERE s.id = ANY($1::bigint[]) AND ${SESSION_LIVE}`, [ids]);
  return new Set(rows.map((r) => Number(r.id)));
}

/** One round trip: is the session still live, and which community of the caller (if any) has this uuid. */
async function subscription(db: Queryable, auth: AuthContext, fracUuid: string) {
  return (await db.one<{ live: boolean; uuid: string | null }>(
    `SELECT EXISTS (SELECT 1 FROM sessions s WHERE s.id = $2 AND ${SESSION_LIVE}) AS live,
            (SELECT uc.uuid FROM (${USER_COMMUNITIES_SQL}) uc WHERE uc.uuid = $3::uuid) AS uuid`,
    [auth.userId, auth.sessionId, fracUuid]))!;
}

/**
 * socket.io on the API's own HTTP server (spec 1 §4, §7): the handshake's `auth.token` is a
 * session token; `subscribe` joins the room of one community of the caller. With a Redis URL,
 * the Redis adapter carries emits between API processes. Closes itself with the app.
 */
export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<Realtime> {
  const { db } = options;
  const io: RealtimeServer = new Server(app.server, {
    serveClient: false,
    cors: options.corsOrigin ? { origin: options.corsOrigin } : undefined,
  });

  const redis = options.redisUrl ? createClient({ url: options.redisUrl }) : null;
  const redisSub = redis?.duplicate() ?? null;
  if (redis && redisSub) {
    for (const client of [redis, redisSub]) client.on('error', (err) => app.log.error({ err }, 'realtime: Redis'));
    await Promise.all([redis.connect(), redisSub.connect()]);
    io.adapter(createAdapter(redis, redisSub));
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const auth = typeof token === 'string' && token ? await resolveSession(db, token).catch(() => null) : null;
    if (!auth) {
      const error = Object.assign(new Error(defaultDescriptions.unauthorized), {
        data: { error: 'unauthorized', error_description: defaultDescriptions.unauthorized },
      });
      return next(error);
    }
    socket.data = { auth, room: null };
    next();
  });

  io.on('connection', (socket) => {
    socket.on('subscribe', async (fracUuid, ack) => {
      const reply = (result: SubscribeResult) => { if (typeof ack === 'function') ack(result); };
      try {
        const { auth } = socket.data;
        if (typeof fracUuid !== 'string' || !UUID.test(fracUuid) || !VISIT_STATS_ROLES.includes(auth.role)) {
          return reply({ ok: false, error: NOT_MEMBER });
        }
        const found = await subscription(db, auth, fracUuid);
        if (!found.live) {
          reply({ ok: false, error: defaultDescriptions.unauthorized });
          return void socket.disconnect(true);
        }
        if (!found.uuid) return reply({ ok: false, error: NOT_MEMBER });
        // A dashboard shows one community: a new subscription replaces the previous one.
        const room = communityRoom(found.uuid);
        if (socket.data.room && socket.data.room !== room) await socket.leave(socket.data.room);
        await socket.join(room);
        socket.data.room = room;
        reply({ ok: true });
      } catch (err) {
        app.log.error({ err }, 'realtime: subscribe failed');
        reply({ ok: false, error: defaultDescriptions.server_error });
      }
    });
  });

  const checkSessions = async () => {
    const sockets = [...io.of('/').sockets.values()].filter((s) => s.data?.auth);
    const live = await liveSessions(db, [...new Set(sockets.map((s) => s.data.auth.sessionId))]);
    let dropped = 0;
    for (const socket of sockets) {
      if (!live.has(socket.data.auth.sessionId)) { socket.disconnect(true); dropped++; }
    }
    return dropped;
  };
  const timer = setInterval(() => {
    checkSessions().catch((err) => app.log.error({ err }, 'realtime: session check failed'));
  }, options.sessionCheckMs ?? 30_000);
  timer.unref();

  // Open websockets would keep the HTTP server from closing: drop them first.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    io.local.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all([redis, redisSub].map((client) => client?.close().catch(() => undefined)));
  });

  return {
    io,
    emitVisit: (fracUuid, type, event) => { io.to(communityRoom(fracUuid)).emit(type, event); },
    checkSessions,
  };
}
