import type { Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  WorkerDecidedEvent,
  WorkerRequestedEvent,
} from '../../../shared/platform/realtime.js';
import { tokenStore } from '../../platform/api/storage.js';

export interface WorkerListener {
  onDecided?: (event: WorkerDecidedEvent) => void;
  onRequested?: (event: WorkerRequestedEvent) => void;
}

/**
 * Workers' live updates: socket.io on the API's origin, `subscribeWorkers` on every
 * (re)connection (a contractor joins its own room; staff the community's requests room).
 * Answers a function that closes it.
 */
export function listenToWorkers(listener: WorkerListener): () => void {
  let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
  let closed = false;
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    socket = io({ auth: (send) => send({ token: tokenStore.get() }), transports: ['websocket'] });
    socket.on('connect', () => {
      socket?.emit('subscribeWorkers');
    });
    if (listener.onDecided) socket.on('WORKER_DECIDED', listener.onDecided);
    if (listener.onRequested) socket.on('WORKER_REQUESTED', listener.onRequested);
  });
  return () => {
    closed = true;
    socket?.off();
    socket?.disconnect();
  };
}
