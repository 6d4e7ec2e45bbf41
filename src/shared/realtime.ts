/** The realtime event map, shared by the socket.io server and the web client (spec 1 §4, §7). */
export interface VisitEvent {
  uuid: string;
  fracUuid: string;
  accessMode: 'QR' | 'MANUAL';
  /** ISO timestamp of the entry or exit. */
  at: string;
}

export interface ServerToClientEvents {
  V_IN: (event: VisitEvent) => void;
  V_OUT: (event: VisitEvent) => void;
}

/** Answer of `subscribe`: refused (ok false, Spanish error) unless the caller belongs to the community. */
export interface SubscribeResult { ok: boolean; error?: string }

export interface ClientToServerEvents {
  subscribe: (fracUuid: string, ack?: (result: SubscribeResult) => void) => void;
}

export const communityRoom = (fracUuid: string) => `frac:${fracUuid}`;
