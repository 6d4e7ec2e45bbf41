/** The realtime event map, shared by the socket.io server and the web client (spec 1 §4, §7). */
export interface VisitEvent {
  uuid: string;
  fracUuid: string;
  accessMode: 'QR' | 'MANUAL';
  /** ISO timestamp of the entry or exit. */
  at: string;
}

/** A device's presence changed or was heard from (issue 9): sent to the community's administrators. */
export interface DeviceStatusEvent {
  uuid: string;
  fracUuid: string;
  status: 'ACTIVE' | 'INACTIVE';
  online: boolean;
  /** ISO time of the last heartbeat (null before the first). */
  lastSeenAt: string | null;
}

/** A device linked with its code: the administrator's open link dialog closes ('Dispositivo vinculado'). */
export interface DeviceLinkedEvent { uuid: string; fracUuid: string; name: string }

/** A guest registered at a common area (issue 10), for the community's live lists. */
export interface CommonAreaVisitEvent {
  uuid: string;
  fracUuid: string;
  commonArea: string;
  createdWithQR: boolean;
  /** ISO timestamp of the entry. */
  at: string;
}

export interface ServerToClientEvents {
  V_IN: (event: VisitEvent) => void;
  V_OUT: (event: VisitEvent) => void;
  CA_IN: (event: CommonAreaVisitEvent) => void;
  DEVICE_STATUS: (event: DeviceStatusEvent) => void;
  DEVICE_LINKED: (event: DeviceLinkedEvent) => void;
}

/** Answer of `subscribe`: refused (ok false, Spanish error) unless the caller belongs to the community. */
export interface SubscribeResult { ok: boolean; error?: string }

export interface ClientToServerEvents {
  subscribe: (fracUuid: string, ack?: (result: SubscribeResult) => void) => void;
}

export const communityRoom = (fracUuid: string) => `frac:${fracUuid}`;
/** The administrators of a community (device events): joined with `subscribe` by an administrator only. */
export const devicesRoom = (fracUuid: string) => `frac:${fracUuid}:devices`;
