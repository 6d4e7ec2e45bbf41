import { assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';

export interface ZoneOption {
  uuid: string;
  idZone: number;
  name: string;
}
export interface StreetOption {
  uuid: string;
  idStreet: number;
  name: string;
}

export interface ZoneStreetPickerContext {
  /** Also load the streets of the chosen zone (common areas); streets only need zones. */
  withStreets: boolean;
  zones: ZoneOption[];
  streets: StreetOption[];
  /** Zone whose streets are shown or loading ('' = none chosen). */
  zoneUuid: string;
  /** idZone the form opened with (edit), resolved to a uuid once the zones arrive. */
  initialZone: number | null;
  error: string | null;
}

export type ZoneStreetPickerEvent =
  | { type: 'zone.choose'; uuid: string }
  | { type: 'options.retry' }
  | { type: 'xstate.done.actor.zones'; output: ZoneOption[] };

export interface ZoneStreetPickerInput {
  withStreets: boolean;
  idZone: number | null;
}

const uuidOf = (zones: ZoneOption[], idZone: number | null) => zones.find((z) => z.idZone === idZone)?.uuid ?? '';

/**
 * The zone-then-street selectors of the street and common-area modals:
 * load the community's zones; choosing a zone loads its streets (`api/streets/zones/{zoneUuid}`).
 */
export const zoneStreetPickerMachine = setup({
  types: {
    context: {} as ZoneStreetPickerContext,
    events: {} as ZoneStreetPickerEvent,
    input: {} as ZoneStreetPickerInput,
  },
  actors: {
    loadZones: fromPromise<ZoneOption[], void>(async () => {
      throw new Error('not provided');
    }),
    loadStreets: fromPromise<StreetOption[], { zoneUuid: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    /** Edit of a common area: the zone it hangs on is known, so its streets load at once. */
    hasInitialZoneStreets: ({ context, event }) =>
      event.type === 'xstate.done.actor.zones' &&
      context.withStreets &&
      uuidOf(event.output, context.initialZone) !== '',
    wantsStreets: ({ context, event }) => context.withStreets && event.type === 'zone.choose' && event.uuid !== '',
  },
}).createMachine({
  id: 'zoneStreetPicker',
  context: ({ input }) => ({
    withStreets: input.withStreets,
    zones: [],
    streets: [],
    zoneUuid: '',
    initialZone: input.idZone,
    error: null,
  }),
  initial: 'loadingZones',
  states: {
    loadingZones: {
      invoke: {
        id: 'zones',
        src: 'loadZones',
        onDone: [
          {
            guard: 'hasInitialZoneStreets',
            target: 'loadingStreets',
            actions: assign(({ context, event }) => ({
              zones: event.output,
              zoneUuid: uuidOf(event.output, context.initialZone),
              error: null,
            })),
          },
          {
            target: 'ready',
            actions: assign(({ context, event }) => ({
              zones: event.output,
              zoneUuid: uuidOf(event.output, context.initialZone),
              error: null,
            })),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureDescription(event.error) }) },
      },
    },
    ready: {
      on: {
        'zone.choose': [
          {
            guard: 'wantsStreets',
            target: 'loadingStreets',
            actions: assign({ zoneUuid: ({ event }) => event.uuid, streets: [] }),
          },
          { actions: assign({ zoneUuid: ({ event }) => event.uuid, streets: [] }) },
        ],
      },
    },
    loadingStreets: {
      invoke: {
        id: 'streets',
        src: 'loadStreets',
        input: ({ context }) => ({ zoneUuid: context.zoneUuid }),
        onDone: { target: 'ready', actions: assign({ streets: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureDescription(event.error) }) },
      },
      on: {
        // Another zone chosen before the streets arrived: only the last choice's streets count.
        'zone.choose': [
          {
            guard: 'wantsStreets',
            target: 'loadingStreets',
            reenter: true,
            actions: assign({ zoneUuid: ({ event }) => event.uuid, streets: [] }),
          },
          { target: 'ready', actions: assign({ zoneUuid: ({ event }) => event.uuid, streets: [] }) },
        ],
      },
    },
    /** Zones or streets could not be loaded: the message shows beside the selectors. */
    failed: {
      on: {
        'options.retry': {
          target: 'loadingZones',
          actions: assign({
            error: null,
            streets: [],
            initialZone: ({ context }) =>
              context.zones.find((z) => z.uuid === context.zoneUuid)?.idZone ?? context.initialZone,
          }),
        },
        'zone.choose': [
          {
            guard: 'wantsStreets',
            target: 'loadingStreets',
            actions: assign({ zoneUuid: ({ event }) => event.uuid, streets: [], error: null }),
          },
          { target: 'ready', actions: assign({ zoneUuid: ({ event }) => event.uuid, streets: [], error: null }) },
        ],
      },
    },
  },
});
