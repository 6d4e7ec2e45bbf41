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

export interface ClientToServerEvents {
  subscribe: (fracUuid: string, ack?: (result: { ok: boolean; error?: string }) => void) => void;
}

export const communityRoom = (fracUuid: string) => `frac:${fracUuid}`;
