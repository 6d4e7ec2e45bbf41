import type { Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  DeviceLinkedEvent,
  DeviceStatusEvent,
  ServerToClientEvents,
} from '../../../shared/platform/realtime.js';
import { tokenStore } from '../../platform/api/storage.js';

/** What one device's row hears: its presence and its link. */
export interface DeviceListener {
  onStatus: (event: DeviceStatusEvent) => void;
  onLinked: (event: DeviceLinkedEvent) => void;
}

let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
let socketCommunity: string | null = null;
const listeners = new Map<string, Set<DeviceListener>>();

function open(communityUuid: string) {
  if (socket && socketCommunity === communityUuid) return;
  close();
  socketCommunity = communityUuid;
  void import('socket.io-client').then(({ io }) => {
    if (socketCommunity !== communityUuid || socket) return;
    socket = io({ auth: (send) => send({ token: tokenStore.get() }), transports: ['websocket'] });
    // The administrators' room of the active community: DEVICE_STATUS and DEVICE_LINKED (the realtime subscription).
    socket.on('connect', () => {
      socket?.emit('subscribe', communityUuid);
    });
    socket.on('DEVICE_STATUS', (event) =>
      listeners.get(event.uuid)?.forEach((l) => {
        l.onStatus(event);
      }),
    );
    socket.on('DEVICE_LINKED', (event) =>
      listeners.get(event.uuid)?.forEach((l) => {
        l.onLinked(event);
      }),
    );
  });
}

function close() {
  socket?.off();
  socket?.disconnect();
  socket = null;
  socketCommunity = null;
}

/**
 * One socket for the devices screen, shared by its rows: each row listens to its own device and
 * stops listening when it goes; the socket closes with the last row. Answers a function that
 * stops listening.
 */
export function listenToDevice(communityUuid: string, uuid: string, listener: DeviceListener): () => void {
  open(communityUuid);
  const set = listeners.get(uuid) ?? new Set();
  set.add(listener);
  listeners.set(uuid, set);
  return () => {
    set.delete(listener);
    if (!set.size) listeners.delete(uuid);
    // A page change stops every row before the next page's rows start: close only once nobody came back.
    setTimeout(() => {
      if (!listeners.size) close();
    }, 0);
  };
}
