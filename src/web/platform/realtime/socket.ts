import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, VisitEvent } from '../../../shared/platform/realtime.js';
import { tokenStore } from '../api/storage.js';

export interface VisitHandlers {
  onIn: (event: VisitEvent) => void;
  onOut: (event: VisitEvent) => void;
  /** 'on' once the server accepted the subscription; 'refused' when it did not; 'connecting' while (re)connecting. */
  onStatus: (status: 'connecting' | 'on' | 'refused') => void;
}

/**
 * The live counters' connection: socket.io on the API's own origin, the access
 * token in the handshake, `subscribe` with the active community on every (re)connection.
 * socket.io-client loads only when a dashboard needs it. Answers a function that closes it.
 */
export function connectVisits(communityUuid: string, handlers: VisitHandlers): () => void {
  let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
  let closed = false;
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    socket = io({ auth: (send) => send({ token: tokenStore.get() }), transports: ['websocket'] });
    socket.on('connect', () => {
      socket!.emit('subscribe', communityUuid, (result) => handlers.onStatus(result.ok ? 'on' : 'refused'));
    });
    // The server ends the socket when the session ends (log-out, disabled account): no retry then.
    socket.on('disconnect', (reason) =>
      handlers.onStatus(reason === 'io server disconnect' ? 'refused' : 'connecting'),
    );
    // A refused handshake (no valid session) is not retried by socket.io: say so.
    socket.on('connect_error', () => handlers.onStatus(socket?.active ? 'connecting' : 'refused'));
    socket.on('V_IN', handlers.onIn);
    socket.on('V_OUT', handlers.onOut);
  });
  return () => {
    closed = true;
    socket?.off();
    socket?.disconnect();
  };
}
