import { assign, fromCallback, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { isApiFailure } from '../../src/shared/platform/api-failure.js';

/** How often an online gate reads its snapshot again (also on every entry or exit heard live). */
export const GATE_REFRESH_MS = 60_000;

/** A record the server refused when it came back: who, when, and what the server decided. */
export interface GateConflict {
  id: string;
  /** The person's name as the gate showed it (empty when the gate did not know it). */
  who: string;
  direction: 'IN' | 'OUT';
  /** When the gate let it through (ISO). */
  at: string;
  decision: string;
}

/** What the gate's screen shows of the connection: the state and the records waiting. */
export type GateConnection = 'starting' | 'online' | 'offline' | 'syncing' | 'conflicts';

export interface GateStatus {
  connection: GateConnection;
  waiting: number;
  conflicts: GateConflict[];
}

export interface GateSyncContext {
  /** Records kept on the device, not yet on the server. */
  waiting: number;
  /** Records the server refused on their way back, until the guard has seen them. */
  conflicts: GateConflict[];
  /** When the snapshot was last read (ISO), null before the first. */
  refreshedAt: string | null;
  /** What the browser says of its connection (the server may still be unreachable). */
  online: boolean;
}

export type GateSyncEvent =
  | { type: 'connection.lost' }
  | { type: 'connection.back' }
  /** The gate let a pass through offline and kept the record. */
  | { type: 'record.queued' }
  /** An entry or exit heard live in the community: the snapshot's 'who is inside' moved. */
  | { type: 'live.changed' }
  | { type: 'conflicts.dismiss' };

export interface GateSyncInput {
  online: boolean;
}

/** What a sync answered: the conflicts found and what is still waiting (records kept meanwhile). */
export interface GateSyncResult {
  conflicts: GateConflict[];
  waiting: number;
}

/**
 * The gate's connection and the records it kept offline (docs/features.md#offline-gate):
 * online, it reads the snapshot at once, every minute and on every entry or exit heard live; offline
 * (the browser says so, or a call finds no server), the check-in verifies passes locally and keeps
 * each record; back online, the records are sent in order (syncing) and the refusals the server
 * decided are shown to the guard (conflicts) until seen. Its parent hears `gate.status` on every change.
 */
export const gateSyncMachine = setup({
  types: {
    context: {} as GateSyncContext,
    events: {} as GateSyncEvent,
    input: {} as GateSyncInput,
  },
  actors: {
    /** How many records the device keeps, read once at the start. */
    countQueue: fromPromise<number, void>(async () => {
      throw new Error('not provided');
    }),
    /** GET api/gate/snapshot, kept on the device; its time. */
    loadSnapshot: fromPromise<string, void>(async () => {
      throw new Error('not provided');
    }),
    /** POST api/gate/sync with the kept records, in order, until none is left. */
    sendQueue: fromPromise<GateSyncResult, void>(async () => {
      throw new Error('not provided');
    }),
    /** The browser's online and offline events. */
    watchConnection: fromCallback<GateSyncEvent>(() => () => {}),
    /** Keeps the app shell on the device (the service worker), so the gate's screen opens with no connection. */
    keepShell: fromCallback<GateSyncEvent>(() => () => {}),
    /** Entries and exits of the community heard live (socket.io). */
    watchLive: fromCallback<GateSyncEvent>(() => () => {}),
  },
  delays: { refresh: GATE_REFRESH_MS },
  guards: {
    startsOffline: ({ context }) => !context.online,
    hasWaiting: ({ context }) => context.waiting > 0,
    foundConflicts: (_, params: { result: GateSyncResult }) => params.result.conflicts.length > 0,
    /** No answer at all (not an HTTP error): the server cannot be reached. */
    unreachable: (_, params: { error: unknown }) => !isApiFailure(params.error) || params.error.kind === 'network',
  },
  actions: {
    keepCount: assign({ waiting: (_, params: { waiting: number }) => params.waiting }),
    countQueued: assign({ waiting: ({ context }) => context.waiting + 1 }),
    keepRefresh: assign({ refreshedAt: (_, params: { at: string }) => params.at }),
    keepSyncResult: assign({
      waiting: (_, params: { result: GateSyncResult }) => params.result.waiting,
      conflicts: ({ context }, params: { result: GateSyncResult }) => [
        ...context.conflicts,
        ...params.result.conflicts,
      ],
    }),
    clearConflicts: assign({ conflicts: [] }),
    markOnline: assign({ online: true }),
    markOffline: assign({ online: false }),
    /** Tells the gate's parent where it stands (`reportingGateSync`); alone, it tells no one. */
    report: (_, _params: { connection: GateConnection }) => {},
  },
}).createMachine({
  id: 'gateSync',
  context: ({ input }) => ({ waiting: 0, conflicts: [], refreshedAt: null, online: input.online }),
  invoke: [{ src: 'watchConnection' }, { src: 'keepShell' }],
  on: {
    'connection.lost': { target: '.offline', actions: 'markOffline' },
  },
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        src: 'countQueue',
        onDone: {
          target: 'deciding',
          actions: { type: 'keepCount', params: ({ event }) => ({ waiting: event.output }) },
        },
        onError: { target: 'deciding' },
      },
    },
    deciding: {
      always: [
        { guard: 'startsOffline', target: 'offline' },
        { guard: 'hasWaiting', target: 'syncing' },
        { target: 'online' },
      ],
    },
    online: {
      entry: { type: 'report', params: { connection: 'online' } },
      invoke: { src: 'watchLive' },
      on: {
        'record.queued': { target: 'syncing', actions: 'countQueued' },
      },
      initial: 'refreshing',
      states: {
        refreshing: {
          invoke: {
            src: 'loadSnapshot',
            onDone: {
              target: 'ready',
              actions: { type: 'keepRefresh', params: ({ event }) => ({ at: event.output }) },
            },
            onError: [
              {
                guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) },
                target: '#gateSync.offline',
              },
              { target: 'ready' },
            ],
          },
        },
        ready: {
          after: { refresh: { target: 'refreshing' } },
          on: { 'live.changed': { target: 'refreshing' } },
        },
      },
    },
    offline: {
      entry: { type: 'report', params: { connection: 'offline' } },
      // Tried again every minute: the browser may say online while the server cannot be reached.
      after: { refresh: { target: 'deciding' } },
      on: {
        'connection.lost': { actions: 'markOffline' },
        'record.queued': {
          actions: ['countQueued', { type: 'report', params: { connection: 'offline' } }],
        },
        'connection.back': [
          { guard: 'hasWaiting', target: 'syncing', actions: 'markOnline' },
          { target: 'online', actions: 'markOnline' },
        ],
      },
    },
    syncing: {
      entry: { type: 'report', params: { connection: 'syncing' } },
      on: { 'record.queued': { actions: 'countQueued' } },
      invoke: {
        src: 'sendQueue',
        onDone: [
          {
            guard: { type: 'foundConflicts', params: ({ event }) => ({ result: event.output }) },
            target: 'conflicts',
            actions: { type: 'keepSyncResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'online',
            actions: { type: 'keepSyncResult', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: 'offline' },
      },
    },
    conflicts: {
      entry: { type: 'report', params: { connection: 'conflicts' } },
      on: {
        'conflicts.dismiss': { target: 'online', actions: 'clearConflicts' },
        'record.queued': { target: 'syncing', actions: 'countQueued' },
      },
    },
  },
});

/** The gate-sync machine as a child: its parent hears `gate.status` on every change. */
export const reportingGateSync = gateSyncMachine.provide({
  actions: {
    report: sendParent(({ context }, params: { connection: GateConnection }) => ({
      type: 'gate.status',
      status: { connection: params.connection, waiting: context.waiting, conflicts: context.conflicts },
    })),
  },
});

export type GateSyncActor = ActorRefFrom<typeof gateSyncMachine>;
