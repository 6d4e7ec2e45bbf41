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
  actions: {
    /** The zones arrive; the zone the form opened with is chosen. */
    keepZones: assign(({ context }, params: { zones: ZoneOption[] }) => ({
      zones: params.zones,
      zoneUuid: uuidOf(params.zones, context.initialZone),
      error: null,
    })),
    keepStreets: assign((_, params: { streets: StreetOption[] }) => ({ streets: params.streets })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureDescription(params.error) })),
    /** A chosen zone's streets replace the last zone's; a choice after a failure clears its message. */
    chooseZone: assign((_, params: { uuid: string }) => ({ zoneUuid: params.uuid, streets: [], error: null })),
    /** Loading again keeps the chosen zone, to be chosen again once the zones arrive. */
    retryFromChosenZone: assign(({ context }) => ({
      error: null,
      streets: [],
      initialZone: context.zones.find((z) => z.uuid === context.zoneUuid)?.idZone ?? context.initialZone,
    })),
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
            actions: { type: 'keepZones', params: ({ event }) => ({ zones: event.output }) },
          },
          {
            target: 'ready',
            actions: { type: 'keepZones', params: ({ event }) => ({ zones: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      on: {
        'zone.choose': [
          {
            guard: 'wantsStreets',
            target: 'loadingStreets',
            actions: { type: 'chooseZone', params: ({ event }) => ({ uuid: event.uuid }) },
          },
          { actions: { type: 'chooseZone', params: ({ event }) => ({ uuid: event.uuid }) } },
        ],
      },
    },
    loadingStreets: {
      invoke: {
        id: 'streets',
        src: 'loadStreets',
        input: ({ context }) => ({ zoneUuid: context.zoneUuid }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepStreets', params: ({ event }) => ({ streets: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // Another zone chosen before the streets arrived: only the last choice's streets count.
        'zone.choose': [
          {
            guard: 'wantsStreets',
            target: 'loadingStreets',
            reenter: true,
            actions: { type: 'chooseZone', params: ({ event }) => ({ uuid: event.uuid }) },
          },
          { target: 'ready', actions: { type: 'chooseZone', params: ({ event }) => ({ uuid: event.uuid }) } },
        ],
      },
    },
    /** Zones or streets could not be loaded: the message shows beside the selectors. */
    failed: {
      on: {
        'options.retry': {
          target: 'loadingZones',
          actions: 'retryFromChosenZone',
        },
        'zone.choose': [
          {
            guard: 'wantsStreets',
            target: 'loadingStreets',
            actions: { type: 'chooseZone', params: ({ event }) => ({ uuid: event.uuid }) },
          },
          { target: 'ready', actions: { type: 'chooseZone', params: ({ event }) => ({ uuid: event.uuid }) } },
        ],
      },
    },
  },
});
