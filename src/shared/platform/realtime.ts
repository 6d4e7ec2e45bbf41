/** The realtime event map, shared by the socket.io server and the web client. */
export interface VisitEvent {
  uuid: string;
  fracUuid: string;
  accessMode: 'QR' | 'MANUAL';
  /** ISO timestamp of the entry or exit. */
  at: string;
}

/** A device's presence changed or was heard from: sent to the community's administrators. */
export interface DeviceStatusEvent {
  uuid: string;
  fracUuid: string;
  status: 'ACTIVE' | 'INACTIVE';
  online: boolean;
  /** ISO time of the last heartbeat (null before the first). */
  lastSeenAt: string | null;
}

/** A device linked with its code: the administrator's open link dialog closes ('Dispositivo vinculado'). */
export interface DeviceLinkedEvent {
  uuid: string;
  fracUuid: string;
  name: string;
}

/** A guest registered at a common area, for the community's live lists. */
export interface CommonAreaVisitEvent {
  uuid: string;
  fracUuid: string;
  commonArea: string;
  createdWithQR: boolean;
  /** ISO timestamp of the entry. */
  at: string;
}

/** An administrator approved or rejected a worker: sent to the contractor's room. */
export interface WorkerDecidedEvent {
  uuid: string;
  name: string;
  status: 'Aprobado' | 'Rechazado';
  rejectReason: string | null;
  constructionUuid: string;
  constructionName: string;
}

/** A contractor requested workers: sent to the community's worker administrators. */
export interface WorkerRequestedEvent {
  fracUuid: string;
  constructionUuid: string;
  constructionName: string;
  workers: { uuid: string; name: string }[];
}

/** Answer of `subscribeWorkers`: which room the socket joined. */
export interface WorkersSubscribeResult {
  ok: boolean;
  error?: string;
}

export interface ServerToClientEvents {
  V_IN: (event: VisitEvent) => void;
  V_OUT: (event: VisitEvent) => void;
  CA_IN: (event: CommonAreaVisitEvent) => void;
  DEVICE_STATUS: (event: DeviceStatusEvent) => void;
  DEVICE_LINKED: (event: DeviceLinkedEvent) => void;
  WORKER_DECIDED: (event: WorkerDecidedEvent) => void;
  WORKER_REQUESTED: (event: WorkerRequestedEvent) => void;
}

/** Answer of `subscribe`: refused (ok false, Spanish error) unless the caller belongs to the community. */
export interface SubscribeResult {
  ok: boolean;
  error?: string;
}

export interface ClientToServerEvents {
  subscribe: (communityUuid: string, ack?: (result: SubscribeResult) => void) => void;
  /** Workers' live updates: a contractor joins its own room, the community's staff the community's requests room. */
  subscribeWorkers: (ack?: (result: WorkersSubscribeResult) => void) => void;
}

export const communityRoom = (communityUuid: string) => `community:${communityUuid}`;
/** The administrators of a community (device events): joined with `subscribe` by an administrator only. */
export const devicesRoom = (communityUuid: string) => `community:${communityUuid}:devices`;
/** A contractor's open screens: decisions on its workers. */
export const contractorRoom = (contractorUuid: string) => `contractor:${contractorUuid}`;
/** The community's worker administrators: new requests. */
export const workersRoom = (communityUuid: string) => `community:${communityUuid}:workers`;
