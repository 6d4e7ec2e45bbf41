import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  SubscribeResult,
  VisitEvent,
} from '../../src/shared/platform/realtime.js';

export type DashboardSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Listens on a free port of 127.0.0.1 and answers the base URL. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A socket.io client as the web opens it: the access token in the handshake's `auth.token`. */
export function connectDashboard(url: string, token: string | undefined): Promise<DashboardSocket> {
  const socket: DashboardSocket = io(url, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export const subscribe = (socket: DashboardSocket, fracUuid: string, ms = 10_000): Promise<SubscribeResult> =>
  socket.timeout(ms).emitWithAck('subscribe', fracUuid);

/** Records every V_IN and V_OUT a socket receives. */
export function recordEvents(socket: DashboardSocket) {
  const events: { type: 'V_IN' | 'V_OUT'; event: VisitEvent }[] = [];
  socket.on('V_IN', (event) => events.push({ type: 'V_IN', event }));
  socket.on('V_OUT', (event) => events.push({ type: 'V_OUT', event }));
  return events;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `find` answers something, or rejects after `ms`. */
export async function waitFor<T>(find: () => T | undefined, what: string, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await pause(10);
  }
}
